/**
 * Device detection from a User-Agent string and the mobile-site redirect target (spec §2).
 * Pure string functions: the server runs them on the request header before rendering, the client
 * may run them on `navigator.userAgent`, and both must agree.
 */

import { MAIL_CONFIRM_PATH, MAIL_UNSUBSCRIBE_PATH } from './alerts/mail';
import { PASSWORD_FORGOT_PATH, PASSWORD_RESET_PATH } from './member/recovery';
import { COMPANY_SEARCH_PATH, companyPath, mobileCompanyPath } from './company/paths';
import type { ContentType } from './contract/common';
import { OPEN_DATA_PATH } from './ocds/paths';
import { detailPath, listPath, mobileDetailPath } from './content/paths';
import { isMobilePath, MOBILE_PATHS, mobileSitePage, OWN_MOBILE_SITE, PATHS, parsePositiveId, safeRedirectTarget } from './routes';

export type DeviceType = 'android' | 'ios' | 'mobile' | 'pc';
export type InAppBrowser = 'wechat' | 'weibo' | 'toutiao' | 'tiktok' | 'fb';

/** A User-Agent header as Express and the DOM hand it over; missing means "pc". */
export type UserAgent = string | null | undefined;

// Which devices are phones, and which clients crawlers: shared/src/user-agent.ts (isbot's list
// is 1.5 KB of gzip that a browser's first load does without).

/**
 * spec §2 in-app browsers. Toutiao is tested before TikTok because ByteDance apps share the
 * "BytedanceWebview" token; Toutiao alone says "NewsArticle". Douyin says "aweme", TikTok
 * (international) "musical_ly".
 */
export function getInAppBrowser(ua: UserAgent): InAppBrowser | null {
  if (!ua) return null;
  if (/MicroMessenger/i.test(ua)) return 'wechat';
  if (/Weibo/i.test(ua)) return 'weibo';
  if (/NewsArticle/i.test(ua)) return 'toutiao';
  if (/aweme|musical_ly|BytedanceWebview/i.test(ua)) return 'tiktok';
  if (/FBAN|FBAV|FB_IAB/.test(ua)) return 'fb';
  return null;
}

/** Sections that have detail and tab pages on the mobile site. */
const MOBILE_SECTIONS: ReadonlySet<string> = new Set<ContentType>(['xmk', 'zb']);
const isMobileSection = (section: string | undefined): section is ContentType => section !== undefined && MOBILE_SECTIONS.has(section);

/**
 * spec §2 mobile redirect target for a non-desktop visitor:
 * - /xmk/{id}, /zb/{id}        → `${base}/pages/${seg}/detail?id=${id}`
 * - /xmk, /zb (no id)          → `${base}/pages/${seg}/index` (the mobile tab page)
 * - anything else              → `${base}/`
 *
 * `/xmk/abc` goes to the tab page: its first segment is xmk and it has no id, which is exactly the
 * spec's second case ("the same segments without an id"); the visitor wanted that section, and the
 * home page would lose that. Segments after the id are ignored. A query string or hash on
 * `pathname` is ignored too. Callers skip the redirect when no mobile site is configured.
 *
 * - /company/{id}              → `${base}/pages/company/detail?id=${id}` on the portal's own site
 *   (phonesKeepDesktopPage says when a company URL is not redirected at all)
 *
 * `search` (`?keyword=桥&industry=2`) is carried to the list only on the portal's own mobile site,
 * which reads the same filters as the desktop lists (the same content); another mobile
 * site gets the spec's bare paths, as its parameters are unknown.
 *
 * On the portal's own site the member pages have twins too (ownMobileMemberPage): login and
 * register keep their `redirect`, `/user/*` and `/goods` land on the member pages.
 */
export function mobileRedirectTarget(mobileSiteUrl: string, pathname: string, search = ''): string {
  const base = mobileSiteUrl.replace(/\/+$/, '');
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  if (base === OWN_MOBILE_SITE) {
    const memberPage = ownMobileMemberPage(path, search);
    if (memberPage !== null) return memberPage;
  }
  const [section, id] = path.split('/').filter(Boolean);
  const itemId = parsePositiveId(id);
  // The portal's own mobile site has a company page; another site's is unknown.
  if (section === 'company' && base === OWN_MOBILE_SITE && itemId !== null) return mobileCompanyPath(itemId);
  if (!isMobileSection(section)) return `${base}/`;
  // Same id rule as the desktop routes /xmk/{id} and /zb/{id}.
  if (itemId !== null) return mobileDetailPath(section, itemId, base);
  const query = base === OWN_MOBILE_SITE && id === undefined && search.length > 1 ? search : '';
  return `${mobileSitePage(base, section, 'index')}${query}`;
}

/**
 * The pages mail links to, and the recovery request that leads to one: opened wherever the mail is
 * read, and the mobile site has none (they fit a phone as they are).
 */
const MAIL_LINK_PAGES: ReadonlySet<string> = new Set([MAIL_CONFIRM_PATH, MAIL_UNSUBSCRIBE_PATH, PASSWORD_FORGOT_PATH, PASSWORD_RESET_PATH]);

/**
 * Desktop pages a phone is served as they are rather than redirected: the mail links' pages, the company search
 * (the mobile site has none, and a phone reaches it only from the desktop site), and the company
 * profiles when the mobile site is another's, which has no company page. On the portal's own site
 * /company/{id} goes to the mobile company page (mobileRedirectTarget).
 */
export function phonesKeepDesktopPage(mobileSiteUrl: string, pathname: string): boolean {
  if (pathname === COMPANY_SEARCH_PATH || MAIL_LINK_PAGES.has(pathname)) return true;
  // Another mobile site has no open-data page; the portal's own has one (mobileRedirectTarget).
  if (pathname === OPEN_DATA_PATH) return mobileSiteUrl.replace(/\/+$/, '') !== OWN_MOBILE_SITE;
  if (!pathname.startsWith(`${COMPANY_SEARCH_PATH}/`)) return false;
  return mobileSiteUrl.replace(/\/+$/, '') !== OWN_MOBILE_SITE || parsePositiveId(pathname.split('/')[2]) === null;
}

/**
 * Mobile member pages and the desktop page each one stands for: the mobile page's canonical and
 * 电脑版 link (desktopUrlFor) and, read backwards, where the redirect sends a phone that asks for
 * the desktop page (ownMobileMemberPage).
 */
const MOBILE_TO_DESKTOP: Record<string, string> = {
  [MOBILE_PATHS.home]: PATHS.home,
  [MOBILE_PATHS.login]: PATHS.login,
  [MOBILE_PATHS.register]: PATHS.register,
  [MOBILE_PATHS.member]: PATHS.member,
  [MOBILE_PATHS.favorite]: '/user/favorite',
  [MOBILE_PATHS.bidding]: '/user/bidding',
  [MOBILE_PATHS.points]: '/user/logscore',
  [MOBILE_PATHS.vip]: '/user/vipuser',
  [MOBILE_PATHS.alerts]: '/user/alerts',
  // One client is the desktop client list's detail; the list comes after it, so that the list is
  // where /user/baifangClient sends a phone.
  [MOBILE_PATHS.client]: '/user/baifangClient',
  [MOBILE_PATHS.clients]: '/user/baifangClient',
  [MOBILE_PATHS.records]: '/user/baifangRecords',
  [MOBILE_PATHS.subscriptions]: '/user/alerts?tab=subscriptions',
  [MOBILE_PATHS.openData]: OPEN_DATA_PATH,
};

/**
 * Desktop member pages and their mobile twins: the table above read backwards, and desktop pages
 * that share a mobile page with another (会员服务 sells what /goods, /user/chargeMember and
 * /user/duanMember sell). Any other page under /user is the mobile member home.
 */
const DESKTOP_TO_MOBILE: Record<string, string> = {
  ...Object.fromEntries(Object.entries(MOBILE_TO_DESKTOP).map(([mobile, desktop]) => [desktop, mobile])),
  '/goods': MOBILE_PATHS.vip,
  '/user/chargeMember': MOBILE_PATHS.vip,
  '/user/duanMember': MOBILE_PATHS.vip,
};

/** The `redirect` parameter of a query string, decoded; null when absent or not decodable. */
function redirectParam(search: string): string | null {
  const raw = /(?:^|[?&])redirect=([^&#]*)/.exec(search)?.[1];
  if (raw === undefined) return null;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * The portal's own mobile page for a desktop login, register or member page, or null when the
 * path is none of them. The auth pages keep `redirect` when it is a same-site path
 * (safeRedirectTarget), turned into its mobile twin so the member lands on a phone page.
 */
function ownMobileMemberPage(path: string, search: string): string | null {
  const page = DESKTOP_TO_MOBILE[path] ?? (path.startsWith(`${PATHS.member}/`) ? MOBILE_PATHS.member : null);
  if (page === null || page === MOBILE_PATHS.home) return null;
  if (page !== MOBILE_PATHS.login && page !== MOBILE_PATHS.register) return page;
  const target = safeRedirectTarget(redirectParam(search), '');
  if (!target) return page;
  const [targetPath = '', ...rest] = target.split('?');
  const targetSearch = rest.length ? `?${rest.join('?')}` : '';
  const mobileTarget = isMobilePath(targetPath) ? target : mobileRedirectTarget(OWN_MOBILE_SITE, targetPath, targetSearch);
  return `${page}?redirect=${encodeURIComponent(mobileTarget)}`;
}

/**
 * The desktop page a mobile page shows: its canonical link and the "电脑版" link. The
 * inverse of mobileRedirectTarget on the portal's own site: lists keep their filters, a detail
 * with a bad id is its list, anything unknown is the home page.
 */
export function desktopUrlFor(mobilePathname: string, search = ''): string {
  const query = search.replace(/^\?/, '');
  const list = /^\/m\/pages\/(xmk|zb)\/(index|detail)$/.exec(mobilePathname);
  if (list) {
    const [, section, page] = list as unknown as [string, ContentType, 'index' | 'detail'];
    if (page === 'index') return `${listPath(section)}${query ? `?${query}` : ''}`;
    // The first `id`, as URLSearchParams would read it (shared code runs without the DOM's types).
    const id = parsePositiveId(/(?:^|&)id=([^&#]*)/.exec(query)?.[1]);
    return id === null ? listPath(section) : detailPath(section, id);
  }
  if (mobilePathname === MOBILE_PATHS.companyDetail) {
    const id = parsePositiveId(/(?:^|&)id=([^&#]*)/.exec(query)?.[1]);
    return id === null ? COMPANY_SEARCH_PATH : companyPath(id);
  }
  return MOBILE_TO_DESKTOP[mobilePathname] ?? PATHS.home;
}

/**
 * The "电脑版" choice: the mobile site's link adds `?view=pc` to the desktop URL, the
 * server remembers it in this cookie and stops redirecting that browser; `?view=m` forgets it.
 */
export const VIEW_PARAM = 'view';
export const DESKTOP_VIEW_COOKIE = 'view-pc';

/** `url` (a root-relative desktop URL) with the 电脑版 choice on it. */
export function desktopViewHref(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${VIEW_PARAM}=pc`;
}

/**
 * The mobile page that shows the same content as a desktop page (its `<link rel="alternate">`),
 * or null when the mobile site has no such page: only the home, the lists and the details (and,
 * on the portal's own mobile site, the company profiles and the open-data page).
 */
export function mobileAlternate(mobileSiteUrl: string, desktopUrl: string): string | null {
  const [path = '', query] = desktopUrl.split('?', 2);
  if (/^\/company\/[1-9]\d*$/.test(path)) {
    return mobileSiteUrl.replace(/\/+$/, '') === OWN_MOBILE_SITE ? mobileRedirectTarget(mobileSiteUrl, path) : null;
  }
  if (path === OPEN_DATA_PATH) return mobileSiteUrl.replace(/\/+$/, '') === OWN_MOBILE_SITE ? MOBILE_PATHS.openData : null;
  if (path !== '/' && !/^\/(xmk|zb)(\/[1-9]\d*)?$/.test(path)) return null;
  return mobileRedirectTarget(mobileSiteUrl, path, query ? `?${query}` : '');
}
