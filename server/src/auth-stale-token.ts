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
import type { Agent } from 'node:http';
import { request } from 'node:http';
import type { RequestHandler } from 'express';
import { PLATFORM_HEADER, PLATFORM_VALUE, TOKEN_COOKIE } from '@shared/constants';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { PATHS } from '@shared/routes';
import { clearSessionCookies, hasMalformedSessionCookie, readSessionToken } from './auth-cookies';

const CHECK_TIMEOUT_MS = 2_000;
const MAX_ANSWER_BYTES = 64 * 1024;

export type TokenStatus = 'alive' | 'dead' | 'unknown';

/** Asks getMemberInfo with the token: `code 401` or no `user` is dead; failing to ask is unknown. */
export function checkToken(backendURL: string, agent: Agent, token: string): Promise<TokenStatus> {
  return new Promise((resolve) => {
    const url = new URL(ENDPOINTS.memberInfo.path, backendURL);
    const req = request(
      url,
      { agent, timeout: CHECK_TIMEOUT_MS, headers: { authorization: `Bearer ${token}`, [PLATFORM_HEADER]: PLATFORM_VALUE, accept: 'application/json' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          if (body.length > MAX_ANSWER_BYTES) res.destroy();
        });
        res.on('end', () => {
          try {
            const answer = JSON.parse(body) as { code?: unknown; user?: unknown };
            if (res.statusCode === 401 || answer.code === 401) resolve('dead');
            else if (answer.code === 200) resolve(answer.user ? 'alive' : 'dead');
            else resolve('unknown');
          } catch {
            resolve('unknown');
          }
        });
        res.on('error', () => resolve('unknown'));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve('unknown'));
    req.end();
  });
}

/** Mounted before the member guard: a dead token is forgotten, and the visitor sees the page. */
export function dropStaleToken(opts: { backendURL: string; agent: Agent }): RequestHandler {
  return async (req, res, next) => {
    if (hasMalformedSessionCookie(req)) {
      clearSessionCookies(req, res);
      delete (req.cookies as Record<string, unknown>)[TOKEN_COOKIE];
      return next();
    }
    const token = readSessionToken(req);
    if (token === null || (req.path !== PATHS.login && req.path !== PATHS.register)) return next();
    if ((await checkToken(opts.backendURL, opts.agent, token)) === 'dead') {
      clearSessionCookies(req, res);
      delete (req.cookies as Record<string, unknown>)[TOKEN_COOKIE];
    }
    next();
  };
}
