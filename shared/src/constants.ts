/** Constants of spec §5, §8 and §9, shared by client, server and backend. */

/** spec §9: request timeout. */
export const REQUEST_TIMEOUT_MS = 15_000;
/** spec §9: captcha request timeout. */
export const CAPTCHA_TIMEOUT_MS = 20_000;
/** spec §5: duplicate-submit window. */
export const REPEAT_SUBMIT_INTERVAL_MS = 1_000;
/** spec §9: the loading bar appears only for navigations slower than this. */
export const LOADING_BAR_DELAY_MS = 200;
/** spec §9: popover delays. */
export const POPOVER_OPEN_DELAY_MS = 0;
export const POPOVER_CLOSE_DELAY_MS = 200;
/** spec §9: lazy images. */
export const LAZY_IMAGE = { preLoad: 1.33, attempt: 2, throttleWaitMs: 100, cacheSize: 200 } as const;
/** spec §9: hashed client assets are served under this path. */
export const ASSET_BASE = '/dist/';
/** spec §9: default time pattern. */
export const DEFAULT_TIME_PATTERN = 'YYYY-MM-DD HH:mm:ss';
/** spec §5: the email validator accepts fewer than this many characters. */
export const EMAIL_MAX_LENGTH = 255;

/** spec §6: every request carries this header. The proxy only injects the bearer when present. */
export const PLATFORM_HEADER = 'platform';
export const PLATFORM_VALUE = 'cmsMember';
/** Header by which a call opts out of the bearer (spec §6 `isToken: false`); the proxy obeys it. */
export const IS_TOKEN_HEADER = 'istoken';
/**
 * The BFF tells the backend which client (IP, or IPv6 /64) a call comes from, replacing whatever
 * the browser sent; the embedded backend's login lockout counts per account and client with it.
 */
export const CLIENT_HEADER = 'x-portal-client';
/**
 * One id per portal request, in the portal's access log and passed to the backend, which writes it
 * beside any error it logs. A proxy in front may supply it; anything but a short plain token is
 * replaced, so a client cannot write into the logs.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
export function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && /^[\w.:-]{1,100}$/.test(value);
}

/** spec §3: client-side storage keys. The token key names the HttpOnly cookie (never JS-readable). */
export const STORAGE_KEYS = {
  memberToken: 'member-token-nuxt',
  userInfo: 'user-info-nuxt',
  userRoles: 'user-roles-nuxt',
  tokenExpiration: 'user-token-expiration',
  randomPassword: 'user-random-password',
} as const;

/** Cookie set by the server: HttpOnly, SameSite=Lax, Path=/. */
export const TOKEN_COOKIE = STORAGE_KEYS.memberToken;
/** Cookie set by the server with the login's random password (readable: /3g shows it as a QR). */
export const RANDOM_PASSWORD_COOKIE = STORAGE_KEYS.randomPassword;

/**
 * Cookie the SPA sets as a logout begins (readable, no credential): a `POST /logout` that never
 * reaches the portal leaves the HttpOnly token behind, and the next request of any kind makes the
 * server end that session (server/src/auth/logout-mark.ts). Every answer that sets or clears the
 * session cookies clears it.
 */
export const LOGOUT_MARK_COOKIE = 'member-logged-out';

/** sessionStorage key of the duplicate-submit record (spec §3: url, data, time). */
export const SESSION_OBJ_KEY = 'sessionObj';

/** Chinese messages of spec §5 and §8, and the few the product adds. */
export const MESSAGES = {
  repeatSubmit: '数据正在处理，请勿重复提交',
  invalidInput: '输入的数据不合法!',
  unauthorized: '认证失败，无法访问系统资源',
  forbidden: '当前操作没有权限',
  notFound: '访问资源不存在',
  unknown: '系统未知错误，请反馈给管理员',
  /** Shown when the backend cannot be reached (proxy 502). */
  upstreamDown: '服务暂时不可用，请稍后再试',
  /** Shown when the backend does not answer in time (proxy 504, client timeout). */
  timeout: '系统接口请求超时',
  network: '后端接口连接异常',
  pageNotFound: 'This page could not be found',
  rateLimited: '请求过于频繁，请稍后再试',
  /** The backend's password threads have more waiting than they clear in a second or two (HTTP 429). */
  loginBusy: '登录人数较多，请稍后再试',
} as const;

/** Member roles and permissions the backend grants. */
export const ROLES = { member: 'member', vip: 'vip' } as const;
export const PERMISSIONS = { viewContacts: 'cms:contact:view' } as const;

/** Search keyword limit (characters after trimming). */
export const KEYWORD_MAX_LENGTH = 50;
/** RuoYi caps page sizes. */
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** The 招标订阅 in a member's profile (updateProfile): keywords, each of 1–20 characters, and region codes. */
export const MAX_KEYWORDS = 10;
export const MAX_KEYWORD_LENGTH = 20;
export const MAX_REGIONS = 20;
