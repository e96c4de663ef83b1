/**
 * A logout that never reached the portal (the network dropped `POST /logout`, the tab closed) leaves
 * the HttpOnly token cookie behind, and a reload would log the member back in. The SPA sets
 * LOGOUT_MARK_COOKIE as the logout begins; a request that still carries it ends the session here:
 * the backend is told (`POST /logout` with the token, so the token dies too), the cookies are
 * cleared, and the request goes on as a visitor's. `POST /logout` itself is left to its route.
 */
import type { RequestHandler } from 'express';
import { TOKEN_COOKIE } from '@shared/constants';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { BackendClient } from '../upstream/backend-client';
import { clearSessionCookies, hasLogoutMark, readSessionToken } from './cookies';

const LOGOUT_TIMEOUT_MS = 2_000;

export function finishInterruptedLogout(opts: { backend: BackendClient; log: (message: string, error: unknown) => void }): RequestHandler {
  return (req, res, next) => {
    if (!hasLogoutMark(req) || (req.method === 'POST' && req.path === ENDPOINTS.logout.path)) return next();
    const token = readSessionToken(req);
    if (token !== null) {
      // Not waited for: the request goes on without the session either way.
      opts.backend
        .call({ method: 'POST', path: ENDPOINTS.logout.path, headers: { authorization: `Bearer ${token}` }, timeoutMs: LOGOUT_TIMEOUT_MS })
        .catch((error: unknown) => opts.log('ending an interrupted logout failed', error));
    }
    clearSessionCookies(req, res);
    delete (req.cookies as Record<string, unknown>)[TOKEN_COOKIE];
    next();
  };
}
