/** Request and response schemas of the member calls, keyed like MEMBER_ENDPOINTS. */
import { MAX_KEYWORD_LENGTH, MAX_KEYWORDS, MAX_REGIONS } from '../constants';
import type { TreeSelectNode } from '../contract/common';
import { ack, ajax, resultOf, tableOf, type SchemasOf } from '../contract/envelopes';
import {
  body,
  bodyId,
  emailText,
  idParams,
  matching,
  MSG,
  mobileText,
  oneOf,
  optional,
  optionalValue,
  orEmpty,
  pageFields,
  pageQuery,
  required,
  text,
  values,
} from '../contract/fields';
import { ONE_TIME_TOKEN_LENGTH, ONE_TIME_TOKEN_RE } from '../one-time-token';
import type { CaptchaResult } from '../system/types';
import type { MEMBER_ENDPOINTS } from './endpoints';
import type {
  AdminOrder,
  Goods,
  LoginResult,
  MemberInfoResult,
  MemberTier,
  MemberUser,
  Order,
  OrderStatus,
  PowChallenge,
  RandomPassword,
  ScoreLogItem,
} from './types';

/** Checked only when the captcha is on; an unknown uuid then reads as an expired captcha. */
const captchaFields = {
  code: optional('code 必须是不超过 64 个字符的文本', text(0, 64)),
  uuid: optional('uuid 必须是不超过 64 个字符的文本', text(0, 64)),
  pow: optional('pow 必须是不超过 4096 个字符的文本', text(0, 4096)),
};
const loginBody = body({
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
/** A user name or an address: the backend tells them apart by the `@`. */
export const recoverBody = body({
  account: required('请输入用户名或邮箱', text(1, 254)),
  ...captchaFields,
});
const resetByTokenBody = body({
  token: required('链接不完整，请从邮件中完整复制链接后再打开', matching(ONE_TIME_TOKEN_RE, ONE_TIME_TOKEN_LENGTH)),
  password: required('password 必须是加密后的密码', text(1, 4096)),
});
const checkNameBody = body({ username: required('username 不能为空', text(1, 100)) });

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

export const MEMBER_SCHEMAS = {
  login: { body: loginBody, response: resultOf<LoginResult>() },
  logout: { response: ack },
  register: { body: registerBody, response: ack },
  checkUserNameUnique: { body: checkNameBody, response: ajax<boolean>() },
  captchaImage: { response: resultOf<CaptchaResult>() },
  powChallenge: { response: ajax<PowChallenge>() },
  memberTiers: { response: tableOf<MemberTier>() },
  memberInfo: { response: resultOf<MemberInfoResult>() },
  randomPassword: { response: ajax<RandomPassword>() },
  createRandomPassword: {
    params: values({ x: required('x 必须是 1 到 64 个字符', matching(/^[\w.-]{1,64}$/, 64)) }),
    response: ajax<RandomPassword>(),
  },
  memberOrders: { query: pageQuery, response: tableOf<Order>() },
  resetPassword: { query: resetPasswordQuery, response: ack },
  treeselect: { response: ajax<TreeSelectNode[]>() },
  scoreLog: { query: pageQuery, response: tableOf<ScoreLogItem>() },
  updateProfile: { body: updateProfileBody, response: ajax<MemberUser>() },
  passwordRecover: { body: recoverBody, response: ack },
  passwordReset: { body: resetByTokenBody, response: ack },

  goodsList: {
    query: values({ ...pageFields, type: optional('type 必须是 vip、duan 或 score', oneOf(['vip', 'duan', 'score'])) }),
    response: tableOf<Goods>(),
  },
  goodsDetail: { params: idParams, response: ajax<Goods>() },
  createOrder: { body: body({ goodsId: bodyId('goodsId') }), response: ajax<Order>() },
  cancelOrder: { params: idParams, response: ajax<Order>() },
  confirmOrder: { params: idParams, response: ajax<Order>() },
  adminOrders: {
    query: values({
      ...pageFields,
      status: optional('status 必须是 pending、paid 或 cancelled', oneOf<OrderStatus>(['pending', 'paid', 'cancelled'])),
    }),
    response: tableOf<AdminOrder>(),
  },
} as const satisfies SchemasOf<typeof MEMBER_ENDPOINTS>;
