/**
 * Server side of spec §2's navigation rules, from the same shared functions the client uses:
 * the mobile redirect, then the member guard. Both run before any rendering.
 */
import type { RequestHandler } from 'express';
import { TOKEN_COOKIE } from '@shared/constants';
import { isMobileUserAgent, mobileRedirectTarget } from '@shared/device';
import { guardRedirect } from '@shared/routes';

/** spec §2: non-desktop devices go to the mobile site when one is configured. */
export function mobileRedirect(mobileSiteUrl: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (!mobileSiteUrl || !isMobileUserAgent(req.get('user-agent'))) return next();
    res.set('Vary', 'User-Agent');
    res.redirect(302, mobileRedirectTarget(mobileSiteUrl, req.path));
  };
}

/** Logged in = the request carries the member token cookie (spec §4). */
export function hasToken(cookies: Record<string, unknown> | undefined): boolean {
  const token = cookies?.[TOKEN_COOKIE];
  return typeof token === 'string' && token.length > 0;
}

/** spec §2 route guard: visitors on member paths → login with redirect; members on login → /user. */
export function memberGuard(): RequestHandler {
  return (req, res, next) => {
    const target = guardRedirect(req.path, req.originalUrl, hasToken(req.cookies as Record<string, unknown>));
    if (!target) return next();
    res.set('Cache-Control', 'no-store');
    res.redirect(302, target);
  };
}
