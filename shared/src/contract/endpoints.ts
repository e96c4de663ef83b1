/**
 * Every path of the CMS API, as the backend serves it (the server's proxy strips `/<product>`).
 * Spec §7 plus the few extensions documented in docs/api.md (marked `ext`). `auth`: 'member'
 * answers `{code: 401}` without a valid bearer; 'optional' reads one when present; 'public'
 * ignores it; 'admin' needs the admin token header.
 */
import { SCHEMAS, type EndpointSchemas } from './schemas';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Auth = 'public' | 'optional' | 'member' | 'admin';

/**
 * What a backend may offer beyond spec §7, as `GET /api/ext/capabilities` names it. The portal hides
 * whatever the backend does not name (a Java CMS without that call names nothing).
 */
export type Feature =
  | 'capabilities'
  | 'visitRecords'
  | 'profile'
  | 'goods'
  | 'messageReply'
  | 'lifecycle'
  // Issue 12 §3: member alerts and their feeds; 'mail' is named only when the backend can send mail.
  | 'alerts'
  | 'feeds'
  | 'mail'
  // Issue 13 §5: the member's favourite ids in one call, for the stars on list rows.
  | 'favoriteIds'
  // Issue 15: company profiles and company search.
  | 'company'
  // Issue 15: lists as .xlsx files (searches, favourites, the visit CRM), rows per day by tier.
  | 'export';

interface SpecEndpoint extends EndpointSchemas {
  method: Method;
  /** Express-style path, `:name` for params. */
  path: string;
  auth: Auth;
  ext?: undefined;
  feature?: undefined;
}

/** Not in spec §7 (docs/api.md, marked ext): served only with the extensions on, named by `feature`. */
interface ExtEndpoint extends Omit<SpecEndpoint, 'ext' | 'feature'> {
  ext: true;
  feature: Feature;
}

export type Endpoint = SpecEndpoint | ExtEndpoint;

export const ENDPOINTS = {
  // Visit module (拜访)
  baifangClientList: { method: 'GET', path: '/cms/baifang/getBaifangClientList', auth: 'member', ...SCHEMAS.baifangClientList },
  updateBaifangClient: { method: 'PUT', path: '/cms/baifang/updateBaifangClient', auth: 'member', ...SCHEMAS.updateBaifangClient },
  baifangClientByCid: { method: 'GET', path: '/cms/baifang/getBaifangClientByCid/:cid', auth: 'member', ...SCHEMAS.baifangClientByCid },
  userCompany: { method: 'GET', path: '/cms/baifang/getUserCompany/:id', auth: 'member', ...SCHEMAS.userCompany },
  addBaifangClient: { method: 'PUT', path: '/cms/baifang/addBaifangClient', auth: 'member', ...SCHEMAS.addBaifangClient },
  addBaifangRecords: { method: 'PUT', path: '/cms/baifang/addBaifangRecords', auth: 'member', ...SCHEMAS.addBaifangRecords },
  delBaifangRecords: { method: 'DELETE', path: '/cms/baifang/delBaifangRecords/:id', auth: 'member', ...SCHEMAS.delBaifangRecords },
  gjNum: { method: 'GET', path: '/cms/baifang/getGJNum', auth: 'member', ...SCHEMAS.gjNum },
  baifangRecordsList: {
    method: 'GET',
    path: '/cms/baifang/getBaifangRecordsList',
    auth: 'member',
    ext: true,
    feature: 'visitRecords',
    ...SCHEMAS.baifangRecordsList,
  },

  // Content module
  xmkSearch: { method: 'GET', path: '/api/xmk/search', auth: 'public', ...SCHEMAS.xmkSearch },
  biddingList: { method: 'GET', path: '/cms/bidding/list', auth: 'member', ...SCHEMAS.biddingList },
  biddingData: { method: 'GET', path: '/cms/bidding/data/:id', auth: 'member', ...SCHEMAS.biddingData },
  zbDetailPublic: { method: 'GET', path: '/api/cmsData/bidding/:id', auth: 'public', ...SCHEMAS.zbDetailPublic },
  zbSearch: { method: 'GET', path: '/api/zb/search', auth: 'public', ...SCHEMAS.zbSearch },
  xmkDetailPublic: { method: 'GET', path: '/api/cmsData/xmk/:id', auth: 'public', ...SCHEMAS.xmkDetailPublic },
  xmkHistory: { method: 'GET', path: '/api/cmsData/history/xmk/:id', auth: 'public', ...SCHEMAS.xmkHistory },
  xmkDetailMember: { method: 'GET', path: '/cms/xmk/data/:id', auth: 'member', ...SCHEMAS.xmkDetailMember },
  favoriteList: { method: 'GET', path: '/cms/favorite/list/', auth: 'member', ...SCHEMAS.favoriteList },
  favoriteChangeStatus: { method: 'PUT', path: '/cms/favorite/changeStatus', auth: 'member', ...SCHEMAS.favoriteChangeStatus },
  favoriteAddGJ: { method: 'PUT', path: '/cms/favorite/addGJ', auth: 'member', ...SCHEMAS.favoriteAddGJ },
  favoriteStatus: { method: 'GET', path: '/cms/favorite/:id', auth: 'member', ...SCHEMAS.favoriteStatus },
  // The ids of the member's active favourites of one type (data: number[]), for the list rows' stars
  favoriteIds: {
    method: 'GET',
    path: '/cms/favorite/ids/:type',
    auth: 'member',
    ext: true,
    feature: 'favoriteIds',
    ...SCHEMAS.favoriteIds,
  },
  xmkScore: { method: 'PUT', path: '/cms/xmk/score/', auth: 'member', ...SCHEMAS.xmkScore },
  addMsg: { method: 'PUT', path: '/api/cms/addMsg', auth: 'optional', ...SCHEMAS.addMsg },
  msgList: { method: 'GET', path: '/cms/msgForm/getMsgList', auth: 'member', ...SCHEMAS.msgList },
  support: { method: 'GET', path: '/api/cms/getSupport/:col', auth: 'public', ...SCHEMAS.support },
  notice: { method: 'GET', path: '/api/system/notice/:id', auth: 'public', ...SCHEMAS.notice },
  testToken: { method: 'GET', path: '/api/cmsData/testToken', auth: 'optional', ...SCHEMAS.testToken },

  // Home module
  homeList: { method: 'GET', path: '/api/cms/getHomeList/', auth: 'public', ...SCHEMAS.homeList },
  todayZBNum: { method: 'GET', path: '/api/cms/getTodayZBNum/:x', auth: 'public', ...SCHEMAS.todayZBNum },
  todayNum: { method: 'GET', path: '/api/cms/getTodayNum/:x', auth: 'public', ...SCHEMAS.todayNum },
  zbHomeList: { method: 'GET', path: '/api/cms/selectZBHomeList/', auth: 'public', ...SCHEMAS.zbHomeList },

  // Member module
  login: { method: 'POST', path: '/api/member/login', auth: 'public', ...SCHEMAS.login },
  logout: { method: 'POST', path: '/logout', auth: 'optional', ...SCHEMAS.logout },
  register: { method: 'POST', path: '/api/member/reg', auth: 'public', ...SCHEMAS.register },
  checkUserNameUnique: { method: 'POST', path: '/api/member/checkUserNameUnique', auth: 'public', ...SCHEMAS.checkUserNameUnique },
  captchaImage: { method: 'GET', path: '/captchaImage', auth: 'public', ...SCHEMAS.captchaImage },
  memberTiers: { method: 'GET', path: '/cms/member/list', auth: 'member', ...SCHEMAS.memberTiers },
  memberInfo: { method: 'GET', path: '/cms/member/getMemberInfo', auth: 'member', ...SCHEMAS.memberInfo },
  randomPassword: { method: 'GET', path: '/cms/member/getRandomPassword/', auth: 'member', ...SCHEMAS.randomPassword },
  createRandomPassword: { method: 'GET', path: '/cms/member/createRandomPassword/:x', auth: 'member', ...SCHEMAS.createRandomPassword },
  memberOrders: { method: 'GET', path: '/cms/member/memberList', auth: 'member', ...SCHEMAS.memberOrders },
  resetPassword: { method: 'PUT', path: '/cms/member/resetPassword', auth: 'member', ...SCHEMAS.resetPassword },
  treeselect: { method: 'GET', path: '/cms/member/treeselect', auth: 'member', ...SCHEMAS.treeselect },
  scoreLog: { method: 'GET', path: '/cms/member/memberLogScoreList/', auth: 'member', ...SCHEMAS.scoreLog },
  updateProfile: {
    method: 'PUT',
    path: '/cms/member/updateProfile',
    auth: 'member',
    ext: true,
    feature: 'profile',
    ...SCHEMAS.updateProfile,
  },

  // Goods and orders (extensions: DOMAIN.md's tiers need them; spec §7 does not show them)
  goodsList: { method: 'GET', path: '/api/cms/goods/list', auth: 'public', ext: true, feature: 'goods', ...SCHEMAS.goodsList },
  goodsDetail: { method: 'GET', path: '/api/cms/goods/:id', auth: 'public', ext: true, feature: 'goods', ...SCHEMAS.goodsDetail },
  createOrder: { method: 'POST', path: '/cms/order/create', auth: 'member', ext: true, feature: 'goods', ...SCHEMAS.createOrder },
  confirmOrder: { method: 'POST', path: '/admin/order/:id/confirm', auth: 'admin', ext: true, feature: 'goods', ...SCHEMAS.confirmOrder },
  adminOrders: { method: 'GET', path: '/admin/orders', auth: 'admin', ext: true, feature: 'goods', ...SCHEMAS.adminOrders },
  replyMsg: { method: 'POST', path: '/admin/msg/:id/reply', auth: 'admin', ext: true, feature: 'messageReply', ...SCHEMAS.replyMsg },
  // Notices over time (issue 12; shared/src/contract/notices.ts): body JSON Lines of NoticeImportRecord
  importNotices: {
    method: 'POST',
    path: '/admin/content/import',
    auth: 'admin',
    ext: true,
    feature: 'lifecycle',
    ...SCHEMAS.importNotices,
  },
  // Company profiles (issue 15; shared/src/contract/company.ts); list before :id
  companyList: {
    method: 'GET',
    path: '/api/cmsData/company/list',
    auth: 'public',
    ext: true,
    feature: 'company',
    ...SCHEMAS.companyList,
  },
  companyDetail: {
    method: 'GET',
    path: '/api/cmsData/company/:id',
    auth: 'optional',
    ext: true,
    feature: 'company',
    ...SCHEMAS.companyDetail,
  },
  // Alerts (issue 12 part 3; shared/src/contract/alerts.ts)
  alertList: { method: 'GET', path: '/cms/alerts/list', auth: 'member', ext: true, feature: 'alerts', ...SCHEMAS.alertList },
  alertUnread: { method: 'GET', path: '/cms/alerts/unread', auth: 'member', ext: true, feature: 'alerts', ...SCHEMAS.alertUnread },
  alertRead: { method: 'PUT', path: '/cms/alerts/read', auth: 'member', ext: true, feature: 'alerts', ...SCHEMAS.alertRead },
  alertSubscriptions: {
    method: 'GET',
    path: '/cms/alerts/subscriptions',
    auth: 'member',
    ext: true,
    feature: 'alerts',
    ...SCHEMAS.alertSubscriptions,
  },
  alertSubscriptionAdd: {
    method: 'POST',
    path: '/cms/alerts/subscriptions',
    auth: 'member',
    ext: true,
    feature: 'alerts',
    ...SCHEMAS.alertSubscriptionAdd,
  },
  alertSubscriptionUpdate: {
    method: 'PUT',
    path: '/cms/alerts/subscriptions/:id',
    auth: 'member',
    ext: true,
    feature: 'alerts',
    ...SCHEMAS.alertSubscriptionUpdate,
  },
  alertSubscriptionDelete: {
    method: 'DELETE',
    path: '/cms/alerts/subscriptions/:id',
    auth: 'member',
    ext: true,
    feature: 'alerts',
    ...SCHEMAS.alertSubscriptionDelete,
  },
  alertSettings: { method: 'GET', path: '/cms/alerts/settings', auth: 'member', ext: true, feature: 'alerts', ...SCHEMAS.alertSettings },
  alertSettingsUpdate: {
    method: 'PUT',
    path: '/cms/alerts/settings',
    auth: 'member',
    ext: true,
    feature: 'alerts',
    ...SCHEMAS.alertSettingsUpdate,
  },
  alertFeeds: { method: 'GET', path: '/cms/alerts/feeds', auth: 'member', ext: true, feature: 'feeds', ...SCHEMAS.alertFeeds },
  alertFeedsReset: {
    method: 'PUT',
    path: '/cms/alerts/feeds/reset',
    auth: 'member',
    ext: true,
    feature: 'feeds',
    ...SCHEMAS.alertFeedsReset,
  },

  // Export (issue 15; docs/api.md): answers an .xlsx file, or the envelope when refused.
  exportXmk: { method: 'GET', path: '/cms/export/xmk', auth: 'member', ext: true, feature: 'export', ...SCHEMAS.exportXmk },
  exportZb: { method: 'GET', path: '/cms/export/zb', auth: 'member', ext: true, feature: 'export', ...SCHEMAS.exportZb },
  exportFavorites: {
    method: 'GET',
    path: '/cms/export/favorites',
    auth: 'member',
    ext: true,
    feature: 'export',
    ...SCHEMAS.exportFavorites,
  },
  exportVisits: { method: 'GET', path: '/cms/export/visits', auth: 'member', ext: true, feature: 'export', ...SCHEMAS.exportVisits },

  // System module
  configKey: { method: 'GET', path: '/api/system/config/configKey/:key', auth: 'public', ...SCHEMAS.configKey },
  dictData: { method: 'GET', path: '/api/system/dict/data/type/:type', auth: 'public', ...SCHEMAS.dictData },
  refreshToken: { method: 'GET', path: '/cms/system/RefreshToken', auth: 'member', ...SCHEMAS.refreshToken },
  // What this backend offers beyond spec §7 (data: Feature names); the Java CMS answers 404
  capabilities: {
    method: 'GET',
    path: '/api/ext/capabilities',
    auth: 'public',
    ext: true,
    feature: 'capabilities',
    ...SCHEMAS.capabilities,
  },
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
