/**
 * A token cookie the backend no longer honours (revoked, or the backend's data was reset) would
 * trap the browser: the guard sends a token holder from /user_login to /user, and /user's render
 * finds no member and sends them back to /user_login. So on the login and register pages, and
 * only there, the server asks the backend whether the token is alive and drops a dead one.
 *
 * A cookie that fails the session rule (@shared/session: `a b`, non-ASCII, over 4 KB) is dropped
 * on every page without asking: every step already treats it as no session, and clearing it keeps
 * the browser from sending it again.
 */
import type { RequestHandler } from 'express';
import { PLATFORM_HEADER, PLATFORM_VALUE, REQUEST_ID_HEADER, TOKEN_COOKIE } from '@shared/constants';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { PATHS } from '@shared/routes';
import { clearSessionCookies, hasMalformedSessionCookie, readSessionToken } from './cookies';
import type { BackendClient } from '../upstream/backend-client';

const CHECK_TIMEOUT_MS = 2_000;
const MAX_ANSWER_BYTES = 64 * 1024;

export type TokenStatus = 'alive' | 'dead' | 'unknown';

/** Asks getMemberInfo with the token: `code 401` or no `user` is dead; failing to ask is unknown. */
export async function checkToken(backend: BackendClient, token: string, requestId?: string): Promise<TokenStatus> {
  const answer = await backend.getEnvelope(ENDPOINTS.memberInfo.path, {
    headers: { authorization: `Bearer ${token}`, [PLATFORM_HEADER]: PLATFORM_VALUE },
    timeoutMs: CHECK_TIMEOUT_MS,
    maxBytes: MAX_ANSWER_BYTES,
    requestId,
  });
  if (answer === null) return 'unknown';
  if (answer.status === 401 || answer.body.code === 401) return 'dead';
  if (answer.body.code === 200) return answer.body.user ? 'alive' : 'dead';
  return 'unknown';
}

/** Mounted before the member guard: a dead token is forgotten, and the visitor sees the page. */
export function dropStaleToken(opts: { backend: BackendClient }): RequestHandler {
  return async (req, res, next) => {
    if (hasMalformedSessionCookie(req)) {
      clearSessionCookies(req, res);
      delete (req.cookies as Record<string, unknown>)[TOKEN_COOKIE];
      return next();
    }
    const token = readSessionToken(req);
    if (token === null || (req.path !== PATHS.login && req.path !== PATHS.register)) return next();
    if ((await checkToken(opts.backend, token, req.get(REQUEST_ID_HEADER))) === 'dead') {
      clearSessionCookies(req, res);
      delete (req.cookies as Record<string, unknown>)[TOKEN_COOKIE];
    }
    next();
  };
}
