/**
 * Request and response schemas of every endpoint (issue 11 item 10), attached to the ENDPOINTS
 * table. Requests are parsed in full by the backend's router before a handler runs; the client
 * reads its result types from the response schemas. Field rules and messages come from fields.ts.
 *
 * Response schemas check the envelope (`code`, `msg`, `data` / `rows` + `total`); the payload's
 * shape is the TypeScript type named here (`payload<T>()` only checks that it is present). The
 * client checks responses in development and tests, not in production (docs/decisions.md).
 */
import { z } from 'zod';
import { MAX_KEYWORD_LENGTH, MAX_KEYWORDS, MAX_REGIONS } from '../constants';
import type { AckResult, AjaxResult, ContentType, TableDataInfo, TreeSelectNode } from './common';
import type {
  FavoriteItem,
  FavoriteStatus,
  MsgItem,
  MsgSource,
  Notice,
  NoticeSummary,
  SupportPage,
  TestTokenResult,
  UnlockResult,
  XmkDetail,
  XmkHistoryEntry,
  XmkListItem,
  ZbDetail,
  ZbListItem,
} from './content';
import {
  amount,
  body,
  bodyId,
  booleanValue,
  date,
  dateOnly,
  dateTime,
  dictCode,
  emailText,
  excludeWords,
  flag,
  integer,
  keyword,
  matching,
  mobileText,
  MSG,
  nullable,
  oneOf,
  optional,
  optionalValue,
  orEmpty,
  pageFields,
  pathId,
  phoneText,
  region,
  regions,
  required,
  text,
  values,
} from './fields';
import type { TodayCount } from './home';
import type {
  AdminOrder,
  Goods,
  LoginResult,
  MemberInfoResult,
  MemberTier,
  MemberUser,
  Order,
  OrderStatus,
  RandomPassword,
  ScoreLogItem,
} from './member';
import type { CaptchaResult, DictData, RefreshTokenResult } from './system';
import type { NoticeImportResult } from './notices';
import type { AlertFeeds, AlertItem, AlertSettings, Subscription } from './alerts';
import type { CompanyListItem, CompanyProfile } from './company';
import { COMPANY_ROLES } from './company';
import type { BaifangClient, BaifangClientDetail, BaifangRecord, GJNum, ProjectCompany } from './visit';

// ---- responses ------------------------------------------------------------------------------

const code = z.number({ error: '应答缺少 code' });
const msg = z.string({ error: '应答缺少 msg' });

/** A payload the contract types; only its presence is checked. */
const payload = <T>() => z.custom<T>((value) => value !== undefined, { error: '应答缺少 data' });
const row = <T>() => z.custom<T>((value) => typeof value === 'object' && value !== null, { error: '列表行必须是对象' });

/** AjaxResult<T>: `{code, msg, data}`; other members pass through. */
export const ajax = <T>() => z.looseObject({ code, msg, data: payload<T>() }) as z.ZodType<AjaxResult<T>>;
/** TableDataInfo<T>: `{code, msg, total, rows}`. */
export const tableOf = <T>() =>
  z.looseObject({
    code,
    msg,
    total: z.number({ error: '应答缺少 total' }).int().nonnegative(),
    rows: z.array(row<T>()),
    totalCapped: z.boolean().optional(),
  }) as z.ZodType<TableDataInfo<T>>;
/** AckResult: `{code, msg}`. */
export const ack = z.looseObject({ code, msg }) as z.ZodType<AckResult>;
/** A RuoYi answer whose fields sit beside code and msg (login, getInfo, captcha). */
export const resultOf = <T extends AckResult>() => z.looseObject({ code, msg }) as unknown as z.ZodType<T>;

// ---- shared request parts -------------------------------------------------------------------

const MAX_ID = Number.MAX_SAFE_INTEGER;
const TYPES = ['xmk', 'zb'] as const satisfies readonly ContentType[];
const typeMessage = 'type 必须是 xmk 或 zb';
const page = values(pageFields);
const idParams = values({ id: pathId('id') });
/** `{x}` of the count calls: 0 (whole province) or a region code. */
const regionParams = values({ x: required('x 必须是 0（全省）或 6 位地区编码', matching(/^(0|\d{6})$/, 6)) });

/** RuoYi sends ascending/descending from table sorters; asc/desc elsewhere. */
const isAsc = optional('isAsc 必须是 asc 或 desc', oneOf(['asc', 'desc', 'ascending', 'descending']), 'desc');
const searchCommon = {
  ...pageFields,
  keyword: keyword(),
  /** Issue 13: 标题 or 全文 (default). */
  scope: optional('scope 必须是 title 或 all', oneOf(['title', 'all']), 'all'),
  exclude: excludeWords(),
  areaCode: regions(),
  industry: dictCode('industry'),
  beginTime: date('beginTime'),
  endTime: date('endTime'),
  isAsc,
};
const notAfter = (first: string | undefined, second: string | undefined) => !first || !second || first <= second;
const notAbove = (first: number | undefined, second: number | undefined) => first === undefined || second === undefined || first <= second;

export const xmkSearchQuery = values({
  ...searchCommon,
  stage: dictCode('stage'),
  nature: dictCode('nature'),
  minInvestment: amount('minInvestment'),
  maxInvestment: amount('maxInvestment'),
  orderBy: optional('orderBy 必须是 time、relevance、investment 或 views', oneOf(['time', 'relevance', 'investment', 'views']), 'time'),
})
  .refine((q) => notAfter(q.beginTime, q.endTime), { error: 'beginTime 不能晚于 endTime' })
  .refine((q) => notAbove(q.minInvestment, q.maxInvestment), { error: 'minInvestment 不能大于 maxInvestment' });

export const zbSearchQuery = values({
  ...searchCommon,
  noticeType: dictCode('noticeType'),
  minAmount: amount('minAmount'),
  maxAmount: amount('maxAmount'),
  /** Issue 13: 未截止 (报名截止 not yet passed). */
  signup: optional('signup 只能是 open（未截止）', oneOf(['open'])),
  /** Issue 13: 开标时间 range, inclusive. */
  openBegin: date('openBegin'),
  openEnd: date('openEnd'),
  orderBy: optional('orderBy 必须是 time、relevance、amount 或 views', oneOf(['time', 'relevance', 'amount', 'views']), 'time'),
})
  .refine((q) => notAfter(q.beginTime, q.endTime), { error: 'beginTime 不能晚于 endTime' })
  .refine((q) => notAbove(q.minAmount, q.maxAmount), { error: 'minAmount 不能大于 maxAmount' })
  .refine((q) => notAfter(q.openBegin, q.openEnd), { error: 'openBegin 不能晚于 openEnd' });

// ---- visit (拜访) ----------------------------------------------------------------------------

const STATUSES = ['0', '1', '2', '3'] as const;
const status = optional('status 必须是 0、1、2 或 3', oneOf(STATUSES));
const clientFields = {
  companyName: required('companyName 必须是 1 到 100 个字符', text(1, 100)),
  contact: optionalValue('contact 不能超过 30 个字符', text(0, 30)),
  /** The phone rule of fields.ts; '' clears it. */
  phone: optionalValue(MSG.phone('phone'), orEmpty(phoneText)),
  status,
  nextVisitDate: nullable(MSG.date('nextVisitDate'), dateOnly),
  remark: optionalValue('remark 不能超过 500 个字符', text(0, 500, { multiline: true })),
  sourceType: optional('sourceType 必须是 xmk、zb 或 manual', oneOf(['xmk', 'zb', 'manual'])),
  sourceId: nullable(MSG.id('sourceId'), integer(1, MAX_ID, 'body')),
};
export const baifangClientBody = body(clientFields);
export const baifangClientUpdateBody = body({ id: bodyId('id'), ...clientFields });
export const baifangRecordBody = body({
  clientId: bodyId('clientId'),
  visitTime: required(MSG.dateTime('visitTime'), dateTime),
  way: required('way 必须是 0、1、2 或 3', oneOf(['0', '1', '2', '3'])),
  content: required('content 必须是 1 到 1000 个字符', text(1, 1000, { multiline: true })),
  result: optionalValue('result 不能超过 500 个字符', text(0, 500, { multiline: true }), ''),
  nextStep: optionalValue('nextStep 不能超过 500 个字符', text(0, 500, { multiline: true }), ''),
  nextVisitDate: nullable(MSG.date('nextVisitDate'), dateOnly),
  status,
});
const clientFilterFields = {
  keyword: keyword(),
  status,
  due: optional('due 必须是 true 或 false', booleanValue()),
};
const clientListQuery = values({ ...pageFields, ...clientFilterFields });
const clientFilter = values(clientFilterFields);
const recordListQuery = values({
  ...pageFields,
  clientId: optional(MSG.id('clientId'), integer(1, MAX_ID)),
  beginDate: date('beginDate'),
  endDate: date('endDate'),
}).refine((q) => notAfter(q.beginDate, q.endDate), { error: 'beginDate 不能晚于 endDate' });

// ---- content, favourites, score, messages ---------------------------------------------------

const itemFields = { id: bodyId('id'), type: required(typeMessage, oneOf(TYPES)) };
const favoriteFilter = {
  type: optional(typeMessage, oneOf(TYPES)),
  isCancel: optional('isCancel 必须是 0 或 1', flag()),
};
const MSG_SOURCE_VALUES = ['gczx', 'xmzx', 'zjzx', 'support', 'member'] as const satisfies readonly MsgSource[];

export const addMsgBody = body({
  name: required('name 必须是 1 到 20 个字符', text(1, 20)),
  phone: required(MSG.phone('phone'), phoneText),
  email: optional(MSG.email('email'), emailText),
  content: required('content 必须是 1 到 500 个字符', text(1, 500, { multiline: true })),
  source: required('source 必须是 gczx、xmzx、zjzx、support 或 member', oneOf(MSG_SOURCE_VALUES)),
});

// ---- member ---------------------------------------------------------------------------------

/** Checked only when the captcha is on; an unknown uuid then reads as an expired captcha. */
const captchaFields = {
  code: optional('code 必须是不超过 64 个字符的文本', text(0, 64)),
  uuid: optional('uuid 必须是不超过 64 个字符的文本', text(0, 64)),
};
export const loginBody = body({
  username: required('username 不能为空', text(1, 100)),
  password: required('password 必须是加密后的密码', text(1, 4096)),
  ...captchaFields,
  loginType: optional('loginType 必须是 password 或 randomPassword', oneOf(['password', 'randomPassword']), 'password'),
});
/** The user name's length and characters are checked after the captcha (RuoYi's order), in the handler. */
export const registerBody = body({
  username: required('用户名不能为空', text(1, 100)),
  password: required('用户密码不能为空', text(1, 4096)),
  ...captchaFields,
  phonenumber: optional(MSG.mobile('phonenumber'), mobileText),
});
const checkNameBody = body({ username: required('username 不能为空', text(1, 100)) });

export { MAX_KEYWORDS, MAX_REGIONS };
export const MSG_KEYWORDS = `subscribeKeywords 必须是逗号分隔的关键词，最多 ${MAX_KEYWORDS} 个，每个 1 到 ${MAX_KEYWORD_LENGTH} 个字符`;
export const MSG_REGIONS = `subscribeRegions 必须是逗号分隔的地区编码，最多 ${MAX_REGIONS} 个`;
export const updateProfileBody = body({
  nickName: optionalValue('nickName 必须是 1 到 30 个字符', text(1, 30)),
  phonenumber: optionalValue(MSG.mobile('phonenumber'), orEmpty(mobileText)),
  email: optionalValue(MSG.email('email'), orEmpty(emailText)),
  company: optionalValue('company 不能超过 100 个字符', text(0, 100)),
  subscribeKeywords: optionalValue(MSG_KEYWORDS, text(0, 300)),
  subscribeRegions: optionalValue(MSG_REGIONS, text(0, 200)),
});
const resetPasswordQuery = values({
  oldPassword: required('oldPassword 不能为空', text(1, 1024)),
  newPassword: required('newPassword 不能为空', text(1, 1024)),
});

// ---- the table's entries --------------------------------------------------------------------

/** What the ENDPOINTS table holds for one call besides method, path and auth. */
export interface EndpointSchemas {
  /** Path values (`:name`); present exactly when the path has some. */
  params?: z.ZodType<object, unknown>;
  query?: z.ZodType<object, unknown>;
  body?: z.ZodType<object, unknown>;
  response: z.ZodType<AckResult>;
}

export const SCHEMAS = {
  // Visit module (拜访)
  baifangClientList: { query: clientListQuery, response: tableOf<BaifangClient>() },
  updateBaifangClient: { body: baifangClientUpdateBody, response: ajax<BaifangClient>() },
  baifangClientByCid: { params: values({ cid: pathId('cid') }), response: ajax<BaifangClientDetail>() },
  userCompany: { params: idParams, response: ajax<ProjectCompany[]>() },
  addBaifangClient: { body: baifangClientBody, response: ajax<BaifangClient>() },
  addBaifangRecords: { body: baifangRecordBody, response: ajax<BaifangRecord>() },
  delBaifangRecords: { params: idParams, response: ack },
  gjNum: { response: ajax<GJNum>() },
  baifangRecordsList: { query: recordListQuery, response: tableOf<BaifangRecord>() },

  // Content module
  xmkSearch: { query: xmkSearchQuery, response: tableOf<XmkListItem>() },
  biddingList: { query: values({ ...pageFields, keyword: keyword() }), response: tableOf<ZbListItem>() },
  biddingData: { params: idParams, response: ajax<ZbDetail>() },
  zbDetailPublic: { params: idParams, response: ajax<ZbDetail>() },
  zbSearch: { query: zbSearchQuery, response: tableOf<ZbListItem>() },
  xmkDetailPublic: { params: idParams, response: ajax<XmkDetail>() },
  xmkHistory: { params: idParams, response: ajax<XmkHistoryEntry[]>() },
  xmkDetailMember: { params: idParams, response: ajax<XmkDetail>() },
  favoriteList: { query: values({ ...pageFields, ...favoriteFilter }), response: tableOf<FavoriteItem>() },
  favoriteChangeStatus: {
    body: body({ ...itemFields, isCancel: required('isCancel 必须是 0 或 1', flag('body')) }),
    response: ajax<FavoriteStatus>(),
  },
  favoriteAddGJ: { body: body(itemFields), response: ajax<BaifangClient>() },
  favoriteIds: { params: values({ type: required(typeMessage, oneOf(TYPES)) }), response: ajax<number[]>() },
  favoriteStatus: {
    params: idParams,
    query: values({ type: optional(typeMessage, oneOf(TYPES), 'xmk') }),
    response: ajax<FavoriteStatus>(),
  },
  xmkScore: {
    body: body({ id: bodyId('id'), type: optional(typeMessage, oneOf(TYPES), 'xmk') }),
    response: ajax<UnlockResult>(),
  },
  addMsg: { body: addMsgBody, response: ack },
  msgList: { query: page, response: tableOf<MsgItem>() },
  /** `notice` answers the paged notice list; every other column its page. */
  support: {
    params: values({ col: required('col 必须是栏目名称', matching(/^\w{1,32}$/, 32)) }),
    query: page,
    response: z.union([ajax<SupportPage>(), tableOf<NoticeSummary>()]),
  },
  notice: { params: idParams, response: ajax<Notice>() },
  testToken: { response: ajax<TestTokenResult>() },

  // Home module
  homeList: {
    query: values({ ...pageFields, stage: dictCode('stage'), industry: dictCode('industry') }),
    response: tableOf<XmkListItem>(),
  },
  todayZBNum: { params: regionParams, response: ajax<TodayCount>() },
  todayNum: { params: regionParams, response: ajax<TodayCount>() },
  zbHomeList: { query: values({ ...pageFields, noticeType: dictCode('noticeType') }), response: tableOf<ZbListItem>() },

  // Member module
  login: { body: loginBody, response: resultOf<LoginResult>() },
  logout: { response: ack },
  register: { body: registerBody, response: ack },
  checkUserNameUnique: { body: checkNameBody, response: ajax<boolean>() },
  captchaImage: { response: resultOf<CaptchaResult>() },
  memberTiers: { response: tableOf<MemberTier>() },
  memberInfo: { response: resultOf<MemberInfoResult>() },
  randomPassword: { response: ajax<RandomPassword>() },
  createRandomPassword: {
    params: values({ x: required('x 必须是 1 到 64 个字符', matching(/^[\w.-]{1,64}$/, 64)) }),
    response: ajax<RandomPassword>(),
  },
  memberOrders: { query: page, response: tableOf<Order>() },
  resetPassword: { query: resetPasswordQuery, response: ack },
  treeselect: { response: ajax<TreeSelectNode[]>() },
  scoreLog: { query: page, response: tableOf<ScoreLogItem>() },
  updateProfile: { body: updateProfileBody, response: ajax<MemberUser>() },

  // Goods and orders
  goodsList: {
    query: values({ ...pageFields, type: optional('type 必须是 vip、duan 或 score', oneOf(['vip', 'duan', 'score'])) }),
    response: tableOf<Goods>(),
  },
  goodsDetail: { params: idParams, response: ajax<Goods>() },
  createOrder: { body: body({ goodsId: bodyId('goodsId') }), response: ajax<Order>() },
  confirmOrder: { params: idParams, response: ajax<Order>() },
  adminOrders: {
    query: values({
      ...pageFields,
      status: optional('status 必须是 pending、paid 或 cancelled', oneOf<OrderStatus>(['pending', 'paid', 'cancelled'])),
    }),
    response: tableOf<AdminOrder>(),
  },
  replyMsg: {
    params: idParams,
    body: body({ reply: required('reply 必须是 1 到 1000 个字符', text(1, 1000, { multiline: true })) }),
    response: ajax<MsgItem>(),
  },
  // Company profiles (issue 15; shared/src/contract/company.ts)
  companyList: {
    query: values({
      ...pageFields,
      name: keyword('name'),
      areaCode: region('areaCode'),
      role: optional(`role 必须是 ${COMPANY_ROLES.join('、')} 之一`, oneOf(COMPANY_ROLES)),
    }),
    response: tableOf<CompanyListItem>(),
  },
  companyDetail: { params: idParams, response: ajax<CompanyProfile>() },
  // The body is the file itself (text, JSON Lines), read and checked line by line by the import.
  importNotices: { response: ajax<NoticeImportResult>() },
  capabilities: { response: ajax<string[]>() },
  // Export (issue 15): the list's own filters; the answer is a file, or this envelope when refused.
  exportXmk: { query: xmkSearchQuery, response: ack },
  exportZb: { query: zbSearchQuery, response: ack },
  exportFavorites: { query: values(favoriteFilter), response: ack },
  exportVisits: { query: clientFilter, response: ack },
  // Alerts (issue 12 §3): the member handlers read their bodies with the schemas in modules/alerts/routes.ts.
  alertList: { response: tableOf<AlertItem>() },
  alertUnread: { response: ajax<number>() },
  alertRead: { response: ajax<number>() },
  alertSubscriptions: { response: ajax<Subscription[]>() },
  alertSubscriptionAdd: { response: ajax<Subscription>() },
  alertSubscriptionUpdate: { params: idParams, response: ajax<Subscription>() },
  alertSubscriptionDelete: { params: idParams, response: ack },
  alertSettings: { response: ajax<AlertSettings>() },
  alertSettingsUpdate: { response: ajax<AlertSettings>() },
  alertFeeds: { response: ajax<AlertFeeds>() },
  alertFeedsReset: { response: ajax<AlertFeeds>() },

  // System module
  configKey: {
    params: values({ key: required('key 必须是 1 到 100 个字母、数字、点或下划线', matching(/^[\w.-]{1,100}$/, 100)) }),
    /** RuoYi answers the value in `msg`. */
    response: ack,
  },
  dictData: {
    params: values({ type: required('type 必须是 1 到 100 个字母、数字或下划线', matching(/^\w{1,100}$/, 100)) }),
    response: ajax<DictData[]>(),
  },
  refreshToken: { response: resultOf<RefreshTokenResult>() },
} as const satisfies Record<string, EndpointSchemas>;
