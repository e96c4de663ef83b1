/**
 * Server side of spec §2's navigation rules, from the same shared functions the client uses:
 * the mobile redirect, then the member guard. Both run before any rendering.
 */
import type { RequestHandler } from 'express';
import { isMobileUserAgent, mobileRedirectTarget } from '@shared/device';
import { guardRedirect } from '@shared/routes';
import { readSessionToken } from './auth-cookies';

/** spec §2: non-desktop devices go to the mobile site when one is configured. */
export function mobileRedirect(mobileSiteUrl: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (!mobileSiteUrl || !isMobileUserAgent(req.get('user-agent'))) return next();
    res.set('Vary', 'User-Agent');
    res.redirect(302, mobileRedirectTarget(mobileSiteUrl, req.path));
  };
}

/** spec §2 route guard: visitors on member paths → login with redirect; members on login → /user. */
export function memberGuard(): RequestHandler {
  return (req, res, next) => {
    // Logged in = a member token cookie that passes the one session rule (spec §4, @shared/session).
    const target = guardRedirect(req.path, req.originalUrl, readSessionToken(req) !== null);
    if (!target) return next();
    res.set('Cache-Control', 'no-store');
    res.redirect(302, target);
  };
}
