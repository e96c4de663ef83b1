/**
 * The member session's cookies (spec §4: the token in one cookie, the random password in a
 * second). Both are HttpOnly: the browser's JavaScript never reads a credential; the server
 * turns the token into `Authorization: Bearer` for the calls of our own pages (upstream/api-proxy.ts) and for
 * server rendering.
 */
import type { CookieOptions, Request, Response } from 'express';
import { LOGOUT_MARK_COOKIE, RANDOM_PASSWORD_COOKIE, TOKEN_COOKIE } from '@shared/constants';
import { hasSession } from '@shared/session';

/** Lax keeps the cookie on top-level navigations from other sites, not on their sub-requests. */
function cookieOptions(req: Request): CookieOptions {
  // req.secure reads X-Forwarded-Proto only when TRUST_PROXY is set (app.ts).
  return { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' };
}

/** The member token the browser presented, when it passes the one session rule (@shared/session). */
export function readSessionToken(req: Request): string | null {
  const token = (req.cookies as Record<string, unknown> | undefined)?.[TOKEN_COOKIE];
  return hasSession(token) ? token : null;
}

/** A token cookie was sent that fails the session rule: it was not set by us. */
export function hasMalformedSessionCookie(req: Request): boolean {
  const token = (req.cookies as Record<string, unknown> | undefined)?.[TOKEN_COOKIE];
  return token !== undefined && !hasSession(token);
}

function readRandomPassword(req: Request): string | null {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[RANDOM_PASSWORD_COOKIE];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

export interface SessionCookies {
  token: string;
  randomPassword: string | null;
  /** Seconds until the token expires unused; null: the backend did not say (a browser-session cookie). */
  expiresIn: number | null;
}

/** Login or refresh: the cookies live exactly as long as the backend keeps the token. */
export function setSessionCookies(req: Request, res: Response, cookies: SessionCookies): void {
  const options: CookieOptions = {
    ...cookieOptions(req),
    ...(cookies.expiresIn !== null ? { maxAge: cookies.expiresIn * 1000 } : {}),
  };
  res.cookie(TOKEN_COOKIE, cookies.token, options);
  if (cookies.randomPassword !== null) res.cookie(RANDOM_PASSWORD_COOKIE, cookies.randomPassword, options);
  clearLogoutMark(req, res);
}

/** Whether the SPA began a logout this server has not seen through (LOGOUT_MARK_COOKIE). */
export function hasLogoutMark(req: Request): boolean {
  return (req.cookies as Record<string, unknown> | undefined)?.[LOGOUT_MARK_COOKIE] !== undefined;
}

function clearLogoutMark(req: Request, res: Response): void {
  if (hasLogoutMark(req)) res.clearCookie(LOGOUT_MARK_COOKIE, { sameSite: 'lax', secure: req.secure, path: '/' });
}

/** RefreshToken succeeded: extend both cookies to the token's new expiry. */
export function extendSessionCookies(req: Request, res: Response, expiresIn: number): void {
  const token = readSessionToken(req);
  if (token === null) return;
  setSessionCookies(req, res, { token, randomPassword: readRandomPassword(req), expiresIn });
}

/** Logout or a 401: the browser forgets both cookies. */
export function clearSessionCookies(req: Request, res: Response): void {
  const options = cookieOptions(req);
  res.clearCookie(TOKEN_COOKIE, options);
  res.clearCookie(RANDOM_PASSWORD_COOKIE, options);
  clearLogoutMark(req, res);
}
