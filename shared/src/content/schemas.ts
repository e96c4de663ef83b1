/** Request and response schemas of the content calls, keyed like CONTENT_ENDPOINTS. */
import { z } from 'zod';
import { ack, ajax, tableOf, type SchemasOf } from '../contract/envelopes';
import type { ContentType } from '../contract/common';
import {
  amount,
  body,
  booleanValue,
  bodyId,
  date,
  dictCode,
  emailText,
  excludeWords,
  flag,
  idParams,
  keyword,
  matching,
  MSG,
  notAbove,
  notAfter,
  oneOf,
  optional,
  pageFields,
  pathId,
  pageQuery,
  phoneText,
  regions,
  required,
  text,
  values,
} from '../contract/fields';
import type { BaifangClient } from '../visit/types';
import type { CONTENT_ENDPOINTS } from './endpoints';
import type { NoticeImportResult, NoticeTimelineAnswer, NoticeWithdrawal } from './notices';
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
} from './types';

const TYPES = ['xmk', 'zb'] as const satisfies readonly ContentType[];
const typeMessage = 'type 必须是 xmk 或 zb';
/** `/{kind}/{id}` of the notice calls. */
const kindAndId = values({ kind: required('kind 必须是 xmk 或 zb', oneOf(TYPES)), id: pathId('id') });

/** RuoYi sends ascending/descending from table sorters; asc/desc elsewhere. */
const isAsc = optional('isAsc 必须是 asc 或 desc', oneOf(['asc', 'desc', 'ascending', 'descending']), 'desc');
const searchCommon = {
  ...pageFields,
  keyword: keyword(),
  /** 标题 or 全文 (default). */
  scope: optional('scope 必须是 title 或 all', oneOf(['title', 'all']), 'all'),
  exclude: excludeWords(),
  areaCode: regions(),
  industry: dictCode('industry'),
  beginTime: date('beginTime'),
  endTime: date('endTime'),
  isAsc,
};

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
  /** 未截止 (报名截止 not yet passed). */
  signup: optional('signup 只能是 open（未截止）', oneOf(['open'])),
  /** 开标时间 range, inclusive. */
  openBegin: date('openBegin'),
  openEnd: date('openEnd'),
  orderBy: optional('orderBy 必须是 time、relevance、amount 或 views', oneOf(['time', 'relevance', 'amount', 'views']), 'time'),
})
  .refine((q) => notAfter(q.beginTime, q.endTime), { error: 'beginTime 不能晚于 endTime' })
  .refine((q) => notAbove(q.minAmount, q.maxAmount), { error: 'minAmount 不能大于 maxAmount' })
  .refine((q) => notAfter(q.openBegin, q.openEnd), { error: 'openBegin 不能晚于 openEnd' });

const itemFields = { id: bodyId('id'), type: required(typeMessage, oneOf(TYPES)) };
/** The favourite list's filters without paging (the favourites export reads the same). */
export const favoriteFilter = values({
  type: optional(typeMessage, oneOf(TYPES)),
  isCancel: optional('isCancel 必须是 0 或 1', flag()),
});
const MSG_SOURCE_VALUES = ['gczx', 'xmzx', 'zjzx', 'support', 'member'] as const satisfies readonly MsgSource[];

export const addMsgBody = body({
  name: required('name 必须是 1 到 20 个字符', text(1, 20)),
  phone: required(MSG.phone('phone'), phoneText),
  email: optional(MSG.email('email'), emailText),
  content: required('content 必须是 1 到 500 个字符', text(1, 500, { multiline: true })),
  source: required('source 必须是 gczx、xmzx、zjzx、support 或 member', oneOf(MSG_SOURCE_VALUES)),
});

export const CONTENT_SCHEMAS = {
  xmkSearch: { query: xmkSearchQuery, response: tableOf<XmkListItem>() },
  biddingList: { query: values({ ...pageFields, keyword: keyword() }), response: tableOf<ZbListItem>() },
  biddingData: { params: idParams, response: ajax<ZbDetail>() },
  zbDetailPublic: { params: idParams, response: ajax<ZbDetail>() },
  zbSearch: { query: zbSearchQuery, response: tableOf<ZbListItem>() },
  xmkDetailPublic: { params: idParams, response: ajax<XmkDetail>() },
  xmkHistory: { params: idParams, response: ajax<XmkHistoryEntry[]>() },
  xmkDetailMember: { params: idParams, response: ajax<XmkDetail>() },
  favoriteList: { query: values({ ...pageFields, ...favoriteFilter.shape }), response: tableOf<FavoriteItem>() },
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
  msgList: { query: pageQuery, response: tableOf<MsgItem>() },
  /** `notice` answers the paged notice list; every other column its page. */
  support: {
    params: values({ col: required('col 必须是栏目名称', matching(/^\w{1,32}$/, 32)) }),
    query: pageQuery,
    response: z.union([ajax<SupportPage>(), tableOf<NoticeSummary>()]),
  },
  notice: { params: idParams, response: ajax<Notice>() },
  testToken: { response: ajax<TestTokenResult>() },
  replyMsg: {
    params: idParams,
    body: body({ reply: required('reply 必须是 1 到 1000 个字符', text(1, 1000, { multiline: true })) }),
    response: ajax<MsgItem>(),
  },
  // The body is the file itself (JSON Lines, or CSV with Content-Type text/csv), read and checked
  // line by line by the import.
  importNotices: {
    query: values({ skipInvalid: optional('skipInvalid 必须是 true 或 false', booleanValue(), false) }),
    response: ajax<NoticeImportResult>(),
  },
  noticeTimeline: { params: kindAndId, response: ajax<NoticeTimelineAnswer>() },
  withdrawNotice: {
    params: kindAndId,
    response: ajax<NoticeWithdrawal>(),
  },
} as const satisfies SchemasOf<typeof CONTENT_ENDPOINTS>;
