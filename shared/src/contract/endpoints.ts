/**
 * Every path of the CMS API, as the backend serves it (the server's proxy strips `/<product>`).
 * Spec §7 plus the few extensions documented in docs/api.md (marked `ext`). `auth`: 'member'
 * answers `{code: 401}` without a valid bearer; 'optional' reads one when present; 'public'
 * ignores it; 'admin' needs the admin token header.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Auth = 'public' | 'optional' | 'member' | 'admin';

export interface Endpoint {
  method: Method;
  /** Express-style path, `:name` for params. */
  path: string;
  auth: Auth;
  /** Not in spec §7; see docs/api.md. */
  ext?: true;
}

export const ENDPOINTS = {
  // Visit module (拜访)
  baifangClientList: { method: 'GET', path: '/cms/baifang/getBaifangClientList', auth: 'member' },
  updateBaifangClient: { method: 'PUT', path: '/cms/baifang/updateBaifangClient', auth: 'member' },
  baifangClientByCid: { method: 'GET', path: '/cms/baifang/getBaifangClientByCid/:cid', auth: 'member' },
  userCompany: { method: 'GET', path: '/cms/baifang/getUserCompany/:id', auth: 'member' },
  addBaifangClient: { method: 'PUT', path: '/cms/baifang/addBaifangClient', auth: 'member' },
  addBaifangRecords: { method: 'PUT', path: '/cms/baifang/addBaifangRecords', auth: 'member' },
  delBaifangRecords: { method: 'DELETE', path: '/cms/baifang/delBaifangRecords/:id', auth: 'member' },
  gjNum: { method: 'GET', path: '/cms/baifang/getGJNum', auth: 'member' },
  baifangRecordsList: { method: 'GET', path: '/cms/baifang/getBaifangRecordsList', auth: 'member', ext: true },

  // Content module
  xmkSearch: { method: 'GET', path: '/api/xmk/search', auth: 'public' },
  biddingList: { method: 'GET', path: '/cms/bidding/list', auth: 'member' },
  biddingData: { method: 'GET', path: '/cms/bidding/data/:id', auth: 'member' },
  zbDetailPublic: { method: 'GET', path: '/api/cmsData/bidding/:id', auth: 'public' },
  zbSearch: { method: 'GET', path: '/api/zb/search', auth: 'public' },
  xmkDetailPublic: { method: 'GET', path: '/api/cmsData/xmk/:id', auth: 'public' },
  xmkHistory: { method: 'GET', path: '/api/cmsData/history/xmk/:id', auth: 'public' },
  xmkDetailMember: { method: 'GET', path: '/cms/xmk/data/:id', auth: 'member' },
  favoriteList: { method: 'GET', path: '/cms/favorite/list/', auth: 'member' },
  favoriteChangeStatus: { method: 'PUT', path: '/cms/favorite/changeStatus', auth: 'member' },
  favoriteAddGJ: { method: 'PUT', path: '/cms/favorite/addGJ', auth: 'member' },
  favoriteStatus: { method: 'GET', path: '/cms/favorite/:id', auth: 'member' },
  xmkScore: { method: 'PUT', path: '/cms/xmk/score/', auth: 'member' },
  addMsg: { method: 'PUT', path: '/api/cms/addMsg', auth: 'optional' },
  msgList: { method: 'GET', path: '/cms/msgForm/getMsgList', auth: 'member' },
  support: { method: 'GET', path: '/api/cms/getSupport/:col', auth: 'public' },
  notice: { method: 'GET', path: '/api/system/notice/:id', auth: 'public' },
  testToken: { method: 'GET', path: '/api/cmsData/testToken', auth: 'optional' },

  // Home module
  homeList: { method: 'GET', path: '/api/cms/getHomeList/', auth: 'public' },
  todayZBNum: { method: 'GET', path: '/api/cms/getTodayZBNum/:x', auth: 'public' },
  todayNum: { method: 'GET', path: '/api/cms/getTodayNum/:x', auth: 'public' },
  zbHomeList: { method: 'GET', path: '/api/cms/selectZBHomeList/', auth: 'public' },

  // Member module
  login: { method: 'POST', path: '/api/member/login', auth: 'public' },
  logout: { method: 'POST', path: '/logout', auth: 'optional' },
  register: { method: 'POST', path: '/api/member/reg', auth: 'public' },
  checkUserNameUnique: { method: 'POST', path: '/api/member/checkUserNameUnique', auth: 'public' },
  captchaImage: { method: 'GET', path: '/captchaImage', auth: 'public' },
  memberTiers: { method: 'GET', path: '/cms/member/list', auth: 'member' },
  memberInfo: { method: 'GET', path: '/cms/member/getMemberInfo', auth: 'member' },
  randomPassword: { method: 'GET', path: '/cms/member/getRandomPassword/', auth: 'member' },
  createRandomPassword: { method: 'GET', path: '/cms/member/createRandomPassword/:x', auth: 'member' },
  memberOrders: { method: 'GET', path: '/cms/member/memberList', auth: 'member' },
  resetPassword: { method: 'PUT', path: '/cms/member/resetPassword', auth: 'member' },
  treeselect: { method: 'GET', path: '/cms/member/treeselect', auth: 'member' },
  scoreLog: { method: 'GET', path: '/cms/member/memberLogScoreList/', auth: 'member' },
  updateProfile: { method: 'PUT', path: '/cms/member/updateProfile', auth: 'member', ext: true },

  // Goods and orders (extensions: DOMAIN.md's tiers need them; spec §7 does not show them)
  goodsList: { method: 'GET', path: '/api/cms/goods/list', auth: 'public', ext: true },
  goodsDetail: { method: 'GET', path: '/api/cms/goods/:id', auth: 'public', ext: true },
  createOrder: { method: 'POST', path: '/cms/order/create', auth: 'member', ext: true },
  confirmOrder: { method: 'POST', path: '/admin/order/:id/confirm', auth: 'admin', ext: true },
  adminOrders: { method: 'GET', path: '/admin/orders', auth: 'admin', ext: true },
  replyMsg: { method: 'POST', path: '/admin/msg/:id/reply', auth: 'admin', ext: true },
  // Notices over time (issue 12; shared/src/contract/notices.ts): body JSON Lines of NoticeImportRecord
  importNotices: { method: 'POST', path: '/admin/content/import', auth: 'admin', ext: true },
  // Alerts (issue 12 part 3; shared/src/contract/alerts.ts)
  capabilities: { method: 'GET', path: '/api/ext/capabilities', auth: 'public', ext: true },
  alertList: { method: 'GET', path: '/cms/alerts/list', auth: 'member', ext: true },
  alertUnread: { method: 'GET', path: '/cms/alerts/unread', auth: 'member', ext: true },
  alertRead: { method: 'PUT', path: '/cms/alerts/read', auth: 'member', ext: true },
  alertSubscriptions: { method: 'GET', path: '/cms/alerts/subscriptions', auth: 'member', ext: true },
  alertSubscriptionAdd: { method: 'POST', path: '/cms/alerts/subscriptions', auth: 'member', ext: true },
  alertSubscriptionUpdate: { method: 'PUT', path: '/cms/alerts/subscriptions/:id', auth: 'member', ext: true },
  alertSubscriptionDelete: { method: 'DELETE', path: '/cms/alerts/subscriptions/:id', auth: 'member', ext: true },
  alertSettings: { method: 'GET', path: '/cms/alerts/settings', auth: 'member', ext: true },
  alertSettingsUpdate: { method: 'PUT', path: '/cms/alerts/settings', auth: 'member', ext: true },
  alertFeeds: { method: 'GET', path: '/cms/alerts/feeds', auth: 'member', ext: true },
  alertFeedsReset: { method: 'PUT', path: '/cms/alerts/feeds/reset', auth: 'member', ext: true },

  // System module
  configKey: { method: 'GET', path: '/api/system/config/configKey/:key', auth: 'public' },
  dictData: { method: 'GET', path: '/api/system/dict/data/type/:type', auth: 'public' },
  refreshToken: { method: 'GET', path: '/cms/system/RefreshToken', auth: 'member' },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** Fill `:name` params of a path: `apiPath('/cms/xmk/data/:id', {id: 3})` → `/cms/xmk/data/3`. */
export function apiPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path param ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
