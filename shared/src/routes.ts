/**
 * The route table of spec §2 and the rules every route obeys, shared by the server (status codes,
 * guard redirects, sitemap) and the client (router, navigation guard).
 */
import { MAIL_CONFIRM_PATH, MAIL_UNSUBSCRIBE_PATH } from './alerts/mail';
import { PASSWORD_FORGOT_PATH, PASSWORD_RESET_PATH } from './member/recovery';
import { XMK_SEARCH_KEYS, ZB_SEARCH_KEYS } from './content/search-keys';
import { OPEN_DATA_PATH } from './ocds/paths';
import type { Feature } from './system/features';

/** spec §2: the six layouts, and the mobile site's own. */
export type LayoutName = 'default' | 'header' | 'error' | 'user' | 'null' | 'test' | 'mobile';

export interface RouteSpec {
  /** React Router path; `:id` is the only param and must be a positive integer. */
  path: string;
  layout: LayoutName;
  /** Chinese page heading and <title> prefix; detail pages replace it with the item's title. */
  title: string;
  /** Not for search engines (robots meta + left out of the sitemap). */
  noindex?: boolean;
  /**
   * The query parameters the page reads: any other cannot change what an anonymous visitor gets, so
   * the server renders and caches the page without them. Member pages are rendered
   * per request and never cached, so theirs are not listed.
   */
  query?: readonly string[];
  /** Named middleware this route runs after the global ones (see GLOBAL_MIDDLEWARE). */
  middleware?: readonly string[];
  /**
   * The backend feature (GET /api/ext/capabilities) the page needs: without it the route does not
   * exist (the normal 404 page) and links to it are hidden.
   */
  capability?: Feature;
}
/** Where to go after logging in or registering (the login and register forms). */
const AUTH_QUERY = ['redirect'] as const;

/**
 * spec §2 and §8: the navigation pipeline's guard steps are named middleware, as in the original
 * site's router. These run on every navigation, before a route's own; a name the client does not
 * know fails the navigation with 500 "Unknown middleware <name>" rather than skipping a guard.
 * `auth` is the route guard of spec §2 (guardRedirect below).
 */
export const GLOBAL_MIDDLEWARE: readonly string[] = ['auth'];

/** spec §8: the message of a navigation that names middleware nobody registered. */
export const unknownMiddlewareMessage = (name: string) => `Unknown middleware ${name}`;

const test = (path: string, title: string): RouteSpec => ({ path, layout: 'test', title, noindex: true });
const member = (path: string, title: string, capability?: RouteSpec['capability']): RouteSpec => ({
  path,
  layout: 'user',
  title,
  noindex: true,
  ...(capability && { capability }),
});
const mobile = (path: string, title: string, extra: Partial<RouteSpec> = {}): RouteSpec => ({ path, layout: 'mobile', title, ...extra });

/** The portal's own mobile site: MOBILE_SITE_URL's default, served by this server. */
export const OWN_MOBILE_SITE = '/m';

/**
 * spec §2's redirect: a mobile site's page of a section, `<site>/pages/<section>/<page>` (`index`
 * the section's tab page, `detail` one item, by `?id=`).
 */
export const mobileSitePage = (site: string, section: string, page: 'index' | 'detail') =>
  `${site.replace(/\/+$/, '')}/pages/${section}/${page}`;

/**
 * The mobile site under /m: exactly the paths spec §2's redirect produces (mobileSitePage), plus login,
 * register and the member basics. Its pages name the desktop page as canonical, so they are
 * indexable but stay out of the sitemap; member and login pages are noindex like their desktop twins.
 */
export const MOBILE_PATHS = {
  home: '/m/',
  xmkList: '/m/pages/xmk/index',
  xmkDetail: '/m/pages/xmk/detail',
  zbList: '/m/pages/zb/index',
  zbDetail: '/m/pages/zb/detail',
  login: '/m/pages/login/index',
  register: '/m/pages/register/index',
  member: '/m/pages/user/index',
  favorite: '/m/pages/user/favorite',
  bidding: '/m/pages/user/bidding',
  points: '/m/pages/user/points',
  vip: '/m/pages/user/vip',
  /** The alert inbox (capability `alerts`). */
  alerts: '/m/pages/user/alerts',
  /** 我的订阅: the profile's and the alert subscriptions (capability `alerts`). */
  subscriptions: '/m/pages/user/subscriptions',
  /** A company's profile (capability `company`): the phone's /company/{id}. */
  companyDetail: '/m/pages/company/detail',
  /** 拜访客户: the member's clients, and one client (`?id=`) with its visits and a new one. */
  clients: '/m/pages/user/clients',
  client: '/m/pages/user/client',
  /** 拜访记录: every visit of the member. */
  records: '/m/pages/user/records',
  /** 开放数据: the desktop /open-data in one column (capability `ocds`). */
  openData: '/m/pages/open-data/index',
} as const;

/** Sections of a mobile page a link may land on (`#id`): 会员服务's packages. */
export const MOBILE_SECTIONS = { tiers: 'tiers', score: 'score' } as const;

/** Buying points on the phone: 会员服务's 积分套餐. */
export const MOBILE_RECHARGE_URL = `${MOBILE_PATHS.vip}#${MOBILE_SECTIONS.score}`;

/** Every route of spec §2, exactly. Matching is strict and case-sensitive. */
export const ROUTES: readonly RouteSpec[] = [
  // Main
  { path: '/', layout: 'default', title: '首页' },
  { path: '/2', layout: 'default', title: '首页' },
  { path: '/index2', layout: 'default', title: '首页' },
  { path: '/3g', layout: 'null', title: '手机版' },
  { path: '/404', layout: 'error', title: '页面不存在', noindex: true },
  { path: '/goods', layout: 'default', title: '会员服务' },
  { path: '/goods/:id', layout: 'default', title: '商品详情' },
  {
    path: '/company',
    layout: 'default',
    title: '企业查询',
    capability: 'company',
    query: ['name', 'areaCode', 'role', 'pageNum', 'pageSize'],
  },
  { path: '/company/:id', layout: 'default', title: '企业详情', capability: 'company' },
  { path: '/xmk', layout: 'default', title: '项目库', query: XMK_SEARCH_KEYS },
  { path: '/xmk/:id', layout: 'default', title: '项目详情' },
  { path: '/zb', layout: 'default', title: '招标信息', query: ZB_SEARCH_KEYS },
  { path: '/zb/:id', layout: 'default', title: '招标详情' },
  { path: '/user_login', layout: 'header', title: '会员登录', noindex: true, query: AUTH_QUERY },
  { path: '/user_register', layout: 'header', title: '会员注册', noindex: true, query: AUTH_QUERY },
  // Business
  { path: '/business/gczx', layout: 'default', title: '工程咨询' },
  { path: '/business/xmzx', layout: 'default', title: '项目咨询' },
  { path: '/business/zjzx', layout: 'default', title: '造价咨询' },
  // Support
  { path: '/support/about', layout: 'default', title: '关于我们' },
  { path: '/support/fwxy', layout: 'default', title: '服务协议' },
  { path: '/support/notice', layout: 'default', title: '网站公告', query: ['id', 'pageNum'] },
  { path: '/support/rwbf', layout: 'default', title: '入网须知' },
  { path: '/support/service', layout: 'default', title: '客户服务' },
  { path: '/support/yssm', layout: 'default', title: '隐私声明' },
  // Open data (ext): the OCDS feed's publication policy
  { path: OPEN_DATA_PATH, layout: 'default', title: '开放数据', capability: 'ocds' },
  // Member area
  member('/user', '会员中心'),
  member('/user/baifang-bak', '拜访客户（卡片）'),
  member('/user/baifangClient', '拜访客户'),
  member('/user/baifangRecords', '拜访记录'),
  member('/user/baifangRecords-bak', '拜访记录（时间线）'),
  member('/user/bidding', '订阅招标'),
  member('/user/chargeMember', '积分充值'),
  member('/user/duanMember', '短期会员'),
  member('/user/favorite', '我的收藏'),
  // Inbox, subscriptions, feeds and e-mail (ext)
  member('/user/alerts', '消息提醒', 'alerts'),
  member('/user/logscore', '积分日志'),
  member('/user/member', '会员资料'),
  member('/user/msgForm', '我的留言'),
  member('/user/resetPassword', '修改密码'),
  member('/user/vipuser', 'VIP 会员'),
  // The links of alert mail (shared/src/alerts/mail.ts), opened on any device
  { path: MAIL_CONFIRM_PATH, layout: 'null', title: '确认接收提醒的邮箱', noindex: true, capability: 'alerts' },
  { path: MAIL_UNSUBSCRIBE_PATH, layout: 'null', title: '退订提醒邮件', noindex: true, capability: 'alerts' },
  // Password recovery (shared/src/member/recovery.ts): one page for every device, like the mail links
  { path: PASSWORD_FORGOT_PATH, layout: 'null', title: '找回密码', noindex: true, capability: 'passwordRecovery' },
  { path: PASSWORD_RESET_PATH, layout: 'null', title: '设置新密码', noindex: true, capability: 'passwordRecovery' },
  // Test pages
  test('/test', '开发测试'),
  test('/test/demo', '组件演示'),
  test('/test/test-flex', 'Flex 布局测试'),
  test('/test/test-id', '路由参数测试'),
  test('/test/test-json', 'JSON 数据测试'),
  test('/test/test-space-between', '两端对齐测试'),
  test('/test/test-vw', 'VW 单位测试'),
  test('/test/test-xd', '相对定位测试'),
  test('/test/test-xd2', '相对定位测试 2'),
  test('/test/test-xd3', '相对定位测试 3'),
  test('/test/test-xd4', '相对定位测试 4'),
  test('/test/test-xd5', '相对定位测试 5'),
  test('/test/user1', '会员接口测试'),
  // The mobile site
  mobile(MOBILE_PATHS.home, '首页'),
  mobile(MOBILE_PATHS.xmkList, '项目库', { query: XMK_SEARCH_KEYS }),
  mobile(MOBILE_PATHS.xmkDetail, '项目详情', { query: ['id'] }),
  mobile(MOBILE_PATHS.zbList, '招标信息', { query: ZB_SEARCH_KEYS }),
  mobile(MOBILE_PATHS.zbDetail, '招标详情', { query: ['id'] }),
  mobile(MOBILE_PATHS.login, '会员登录', { noindex: true, query: AUTH_QUERY }),
  mobile(MOBILE_PATHS.register, '会员注册', { noindex: true, query: AUTH_QUERY }),
  mobile(MOBILE_PATHS.member, '会员中心', { noindex: true }),
  mobile(MOBILE_PATHS.favorite, '我的收藏', { noindex: true }),
  mobile(MOBILE_PATHS.bidding, '订阅招标', { noindex: true }),
  mobile(MOBILE_PATHS.points, '我的积分', { noindex: true }),
  mobile(MOBILE_PATHS.vip, '会员服务', { noindex: true }),
  mobile(MOBILE_PATHS.alerts, '消息提醒', { noindex: true, capability: 'alerts' }),
  mobile(MOBILE_PATHS.subscriptions, '我的订阅', { noindex: true, capability: 'alerts' }),
  mobile(MOBILE_PATHS.companyDetail, '企业详情', { query: ['id'], capability: 'company' }),
  mobile(MOBILE_PATHS.clients, '拜访客户', { noindex: true }),
  mobile(MOBILE_PATHS.client, '客户详情', { noindex: true }),
  mobile(MOBILE_PATHS.records, '拜访记录', { noindex: true }),
  mobile(MOBILE_PATHS.openData, '开放数据', { capability: 'ocds' }),
];

const LOGIN_PATH = '/user_login';
const REGISTER_PATH = '/user_register';
export const PATHS = { home: '/', login: LOGIN_PATH, register: REGISTER_PATH, member: '/user', notFound: '/404' } as const;

/**
 * spec §2: paths may only be reached in one spelling. `/xmk/` and `/xmk//1` are not `/xmk`.
 * Route matching itself is case-sensitive (set on every route).
 */
export function isStrictPath(pathname: string): boolean {
  // The two homes: the portal's and the mobile site's (spec §2's redirect says `{host}/`).
  if (pathname === '/' || pathname === MOBILE_PATHS.home) return true;
  return pathname.startsWith('/') && !pathname.endsWith('/') && !pathname.includes('//');
}

/**
 * The one spelling of a page reached in another: a listed path without an id in other letter case
 * or with trailing slashes (`/ZB`, `/zb/` → `/zb`); null when `pathname` is that spelling or no
 * such page. Answered with a permanent redirect, so old links and typed addresses land on the page.
 */
export function canonicalPagePath(pathname: string): string | null {
  const folded = pathname.replace(/\/+$/, '').toLowerCase();
  if (folded === '' || folded === pathname) return null;
  const route = ROUTES.find((r) => !r.path.includes(':') && r.path.toLowerCase() === folded);
  return route && route.path !== pathname ? route.path : null;
}

/** Route ids are positive integers that fit in a JS number exactly. */
export function parsePositiveId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * spec §2 route guard. Any path containing "/user" needs a token, except the login and register
 * pages themselves (note that `/test/user1` contains it too).
 */
export function requiresLogin(pathname: string): boolean {
  if (pathname === LOGIN_PATH || pathname === REGISTER_PATH) return false;
  return pathname.includes('/user');
}

/**
 * Where the guard sends a request, or null to let it through.
 * `fullPath` is pathname + search, as the browser asked for it.
 */
export function guardRedirect(pathname: string, fullPath: string, loggedIn: boolean): string | null {
  if (isMobilePath(pathname)) {
    // The same rule on the mobile site, with its own login and member home.
    if (loggedIn && (pathname === MOBILE_PATHS.login || pathname === MOBILE_PATHS.register)) return MOBILE_PATHS.member;
    if (!loggedIn && requiresLogin(pathname)) return loginUrl(fullPath);
    return null;
  }
  if (loggedIn && (pathname === LOGIN_PATH || pathname === REGISTER_PATH)) return PATHS.member;
  if (!loggedIn && requiresLogin(pathname)) return loginUrl(fullPath);
  return null;
}

/** A page of the mobile site: /m itself or anything under /m/. */
export function isMobilePath(pathname: string): boolean {
  return pathname === '/m' || pathname.startsWith('/m/');
}

/** The desktop or the mobile auth page for `fullPath`'s site, with `fullPath` to come back to. */
function authPageUrl(desktop: string, mobile: string, fullPath: string): string {
  const page = isMobilePath(fullPath.split(/[?#]/, 1)[0] ?? '') ? mobile : desktop;
  return `${page}?redirect=${encodeURIComponent(fullPath)}`;
}

/** `/user_login?redirect=<full original path, URL-encoded>`; the mobile site's login for its own pages. */
export function loginUrl(fullPath: string): string {
  return authPageUrl(LOGIN_PATH, MOBILE_PATHS.login, fullPath);
}

/** `/user_register?redirect=…`, as loginUrl: the new member comes back to `fullPath`, on its own site. */
export function registerUrl(fullPath: string): string {
  return authPageUrl(REGISTER_PATH, MOBILE_PATHS.register, fullPath);
}

/**
 * A redirect target is followed only when it is a same-site path: one leading "/", not "//" or
 * "/\" (browsers read both as protocol-relative), no control characters, no scheme.
 */
export function safeRedirectTarget(raw: string | null | undefined, fallback: string = PATHS.member): string {
  if (!raw || raw.length > 2048) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // Browsers strip tabs and newlines from URLs, so "/\t/evil.example" would become "//evil.example".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return fallback;
  return raw;
}

/** The spec route for a pathname, with its id when it has one; null when nothing matches. */
export function matchRoute(pathname: string): { route: RouteSpec; id: string | null } | null {
  for (const route of ROUTES) {
    if (route.path === pathname) return { route, id: null };
    if (route.path.endsWith('/:id')) {
      const prefix = route.path.slice(0, -3);
      if (pathname.startsWith(prefix) && !pathname.slice(prefix.length).includes('/') && pathname.length > prefix.length) {
        return { route, id: pathname.slice(prefix.length) };
      }
    }
  }
  return null;
}

/** The query parameters the page at `pathname` reads (none for unknown paths). */
export function pageQueryKeys(pathname: string): readonly string[] {
  return matchRoute(pathname)?.route.query ?? [];
}
