/**
 * Device detection from a User-Agent string (spec §2): phones and crawlers. Pure string functions:
 * the server runs them on the request header before rendering, the client may run them on
 * `navigator.userAgent`, and both must agree. Apart from device.ts so that isbot's pattern list
 * stays out of the browser's first load: the browser asks only after hydration.
 */
import { createIsbotFromList, list as botPatterns } from 'isbot';
import { getInAppBrowser, type DeviceType, type UserAgent } from './device';

/**
 * spec §2: the mobile list — Android, iPhone, iPad, iPod, Windows Phone, BlackBerry, webOS,
 * WeChat (MicroMessenger) and Weibo. `BB10` is BlackBerry 10, whose UA never says "BlackBerry".
 * Desktop WeChat (WindowsWechat / MacWechat) also sends MicroMessenger and so counts as mobile:
 * that is the spec's rule, and its built-in browser opens links in a phone-sized window anyway.
 */
const MOBILE_UA_RE = /Android|iPhone|iPad|iPod|Windows Phone|BlackBerry|BB10|webOS|MicroMessenger|Weibo/i;

/**
 * isbot's maintained patterns, less two that would take people for bots: "news", which Toutiao's
 * app (今日头条, "NewsArticle/…") sends, and the catch-all for a UA of bare words ("ipad app"),
 * which would overrule the spec's mobile list; scripts still match by name (curl, python, http).
 */
const BOT_PATTERNS_FOR_PEOPLE = new Set([
  '(?:^|[^g])news(?!sapphire)',
  '^[\\w \\.\\-\\(?:\\):%]+(?:/v?\\d+(?:\\.\\d+)?(?:\\.\\d{1,10})*?)?(?:,|$)',
]);
const isBotUserAgent = createIsbotFromList(botPatterns.filter((pattern) => !BOT_PATTERNS_FOR_PEOPLE.has(pattern)));

/**
 * Search-engine crawlers always get the desktop portal, even their smartphone variants (which
 * claim Android/iPhone): the redirect is for people's devices, and the portal's SSR pages are the
 * ones that must be indexed rather than bounced to the separate mobile site. isbot knows the
 * crawlers (Baiduspider, Bytespider, Googlebot, PetalBot, …) and also counts scripts and headless
 * browsers (curl, HeadlessChrome) as bots: they get the complete document too. It matches "bot"
 * only as a word, so phone brands such as CUBOT are not bots.
 */
/** True for a crawler, script or other non-human client. */
export function isCrawler(ua: UserAgent): boolean {
  return !!ua && isBotUserAgent(ua);
}

/**
 * spec §2: anything in the mobile list, and any in-app browser (an app's web view is a phone's
 * whatever platform its UA names: Facebook and Toutiao on an iPad in desktop mode say "Macintosh"),
 * crawlers excepted. Empty or missing UA → false (pc).
 */
export function isMobileUserAgent(ua: UserAgent): boolean {
  return !!ua && !isCrawler(ua) && (MOBILE_UA_RE.test(ua) || getInAppBrowser(ua) !== null);
}

/**
 * spec §2 device types. `getDeviceType(ua) !== 'pc'` ⇔ `isMobileUserAgent(ua)`.
 *
 * iPadOS 13+ Safari sends the desktop macOS Safari UA ("Macintosh; Intel Mac OS X"), so such an
 * iPad is 'pc': the header cannot tell them apart (only client-side touch probing could, which the
 * server cannot do before rendering). Older iPads and iPad apps that still say "iPad" are 'ios'.
 */
export function getDeviceType(ua: UserAgent): DeviceType {
  if (!ua || !isMobileUserAgent(ua)) return 'pc';
  // Windows Phone UAs also claim "Android" and "iPhone" for compatibility: test it first.
  if (/Windows Phone/i.test(ua)) return 'mobile';
  if (/Android/i.test(ua)) return 'android';
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios';
  // BlackBerry, webOS, and in-app browsers on a platform not named above.
  return 'mobile';
}
