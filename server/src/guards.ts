/**
 * Server side of spec §2's navigation rules, from the same shared functions the client uses:
 * the mobile redirect, then the member guard. Both run before any rendering.
 */
import type { RequestHandler } from 'express';
import { mobileRedirectTarget, phonesKeepDesktopPage } from '@shared/device';
import { isMobileUserAgent } from '@shared/user-agent';
import { guardRedirect, isMobilePath } from '@shared/routes';
import { readSessionToken } from './auth-cookies';
import { prefersDesktop } from './mobile-site';

/**
 * spec §2: non-desktop devices go to the mobile site when one is configured, except on the mobile
 * site itself and for a visitor who chose 电脑版 there (issue 14, mobile-site.ts).
 */
export function mobileRedirect(mobileSiteUrl: string | undefined): RequestHandler {
  return (req, res, next) => {
    // Company search, and profiles when the mobile site has no company page, are served as they are.
    if (!mobileSiteUrl || isMobilePath(req.path) || phonesKeepDesktopPage(mobileSiteUrl, req.path)) return next();
    // The answer depends on both; caches must not hand a phone's redirect to a desktop or back.
    res.vary('User-Agent');
    res.vary('Cookie');
    if (!isMobileUserAgent(req.get('user-agent')) || prefersDesktop(req)) return next();
    const queryAt = req.originalUrl.indexOf('?');
    res.redirect(302, mobileRedirectTarget(mobileSiteUrl, req.path, queryAt >= 0 ? req.originalUrl.slice(queryAt) : ''));
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
