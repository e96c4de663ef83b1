/**
 * The mobile site (spec §2): phones are sent to it, and the portal's own under /m has its
 * spellings and the "电脑版" choice. Its pages are routes of the one SSR app (shared/src/routes.ts,
 * layout 'mobile').
 */
import type { Request, RequestHandler } from 'express';
import { DESKTOP_VIEW_COOKIE, VIEW_PARAM, mobileRedirectTarget, phonesKeepDesktopPage } from '@shared/device';
import { isMobilePath } from '@shared/routes';
import { isMobileUserAgent } from '@shared/user-agent';

/** A year: the choice is the visitor's until they make the other one. */
const VIEW_COOKIE_MAX_AGE_MS = 365 * 24 * 3600 * 1000;

/** The visitor chose the desktop site on a phone (the mobile site's 电脑版 link). */
function prefersDesktop(req: Request): boolean {
  return (req.cookies as Record<string, unknown> | undefined)?.[DESKTOP_VIEW_COOKIE] === '1';
}

/**
 * `originalUrl` without the `view` parameter, so the choice is made once and not bookmarked. The
 * path's leading slashes collapse to one: `//evil.example?view=pc` must not answer with a
 * protocol-relative Location that leaves the site.
 */
function withoutViewParam(req: Request): string {
  const queryAt = req.originalUrl.indexOf('?');
  const params = new URLSearchParams(queryAt >= 0 ? req.originalUrl.slice(queryAt) : '');
  params.delete(VIEW_PARAM);
  const search = params.toString();
  return `/${req.path.replace(/^[/\\]+/, '')}${search ? `?${search}` : ''}`;
}

/**
 * - `/m` → 301 `/m/`: spec §2's redirect names the home `{host}/`, the one spelling of it.
 * - `?view=pc` remembers the desktop choice, `?view=m` forgets it; both then go to the same URL
 *   without the parameter, where mobileRedirect applies the choice.
 */
export function mobileSiteChoice(): RequestHandler {
  return (req, res, next) => {
    if (req.path === '/m') {
      const queryAt = req.originalUrl.indexOf('?');
      res.redirect(301, `/m/${queryAt >= 0 ? req.originalUrl.slice(queryAt) : ''}`);
      return;
    }
    const view = req.query[VIEW_PARAM];
    if (view !== 'pc' && view !== 'm') return next();
    const options = { httpOnly: true, sameSite: 'lax' as const, secure: req.secure, path: '/' };
    if (view === 'pc') res.cookie(DESKTOP_VIEW_COOKIE, '1', { ...options, maxAge: VIEW_COOKIE_MAX_AGE_MS });
    else res.clearCookie(DESKTOP_VIEW_COOKIE, options);
    res.set('Cache-Control', 'no-store');
    res.redirect(302, withoutViewParam(req));
  };
}

/**
 * spec §2: non-desktop devices go to the mobile site when one is configured, except on the mobile
 * site itself and for a visitor who chose 电脑版 there.
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
