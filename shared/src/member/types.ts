/** Member module (spec §7): login, registration, profile, points, tiers and orders. */
import type { DateTimeString, PageParams } from '../contract/common';

/** `POST /api/member/login`. `password` is RSA-encrypted (jsencrypt, base64). */
export interface LoginBody {
  username: string;
  password: string;
  /** captcha answer; ignored when captcha is off */
  code?: string;
  uuid?: string;
  /** 'password' (the only type this portal uses; 'randomPassword' is the mobile site's QR login) */
  loginType?: 'password' | 'randomPassword';
  /** ext: the solved proof of work (base64 of ALTCHA's payload JSON), when the backend offers 'pow' */
  pow?: string;
}

/**
 * Login answer. The server's proxy moves `token` into an HttpOnly cookie and deletes it from the
 * body before the browser sees it.
 */
export interface LoginResult {
  code: number;
  msg: string;
  token?: string;
  randomPassword?: string;
  /** Seconds until the token expires if unused (sliding). */
  expiresIn?: number;
}

/** `POST /api/member/reg`. `password` is RSA-encrypted. */
export interface RegisterBody {
  /** 2–20 characters */
  username: string;
  /** 5–20 characters before encryption, none of < > " ' \ | */
  password: string;
  code?: string;
  uuid?: string;
  /** ext: the solved proof of work, as in LoginBody */
  pow?: string;
  /** optional mainland mobile number */
  phonenumber?: string;
}

/** `POST /api/member/checkUserNameUnique` body; answers AjaxResult<boolean> (true = free). */
export interface CheckUserNameBody {
  username: string;
}

/** Tier of a member. dict `cms_member_level`: '0' 普通会员, '1' 短期会员, '2' VIP会员. */
export type MemberLevel = '0' | '1' | '2';

/** The member as `getMemberInfo` returns it (RuoYi SysUser habits). */
export interface MemberUser {
  userId: number;
  userName: string;
  nickName: string;
  avatar: string;
  phonenumber: string;
  email: string;
  company: string;
  /** Effective tier now (a lapsed tier reads '0'). */
  level: MemberLevel;
  /** Tier expiry; null for 普通会员. */
  levelExpireTime: DateTimeString | null;
  /** Points balance, never negative. */
  score: number;
  /** Subscription keywords, comma-separated, for /user/bidding. */
  subscribeKeywords: string;
  /** Subscription region codes, comma-separated. */
  subscribeRegions: string;
  createTime: DateTimeString;
  loginDate: DateTimeString | null;
}

/** `GET /cms/member/getMemberInfo` */
export interface MemberInfoResult {
  code: number;
  msg: string;
  user?: MemberUser;
  /** e.g. ['member'] or ['member', 'vip'] */
  roles: string[];
  /** e.g. ['cms:contact:view'] for VIP */
  permissions: string[];
}

/**
 * `PUT /cms/member/updateProfile` (extension, see docs/api.md): profile and subscription of the
 * member page. All fields optional; absent fields are unchanged.
 */
export interface UpdateProfileBody {
  nickName?: string;
  phonenumber?: string;
  email?: string;
  company?: string;
  subscribeKeywords?: string;
  subscribeRegions?: string;
}

/** `PUT /cms/member/resetPassword?oldPassword=&newPassword=` — both RSA-encrypted. */
export interface ResetPasswordQuery {
  oldPassword: string;
  newPassword: string;
}

/** `GET /cms/member/memberLogScoreList/` rows (积分日志). */
export interface ScoreLogItem {
  id: number;
  /** dict `cms_score_type` */
  type: string;
  /** signed change */
  change: number;
  /** balance after the change */
  balance: number;
  remark: string;
  createTime: DateTimeString;
}
export type ScoreLogParams = PageParams;

/** `GET /cms/member/list` rows: the tiers on offer and what each includes. */
export interface MemberTier {
  level: MemberLevel;
  name: string;
  benefits: string[];
  /** sees every contact block without spending points */
  viewAllContacts: boolean;
}

/** Goods (extension endpoints, see docs/api.md): tier passes and points packages. */
export type GoodsType = 'vip' | 'duan' | 'score';
export interface Goods {
  id: number;
  name: string;
  type: GoodsType;
  /** tier granted ('1' duan, '2' vip) or null for points packages */
  level: MemberLevel | null;
  /** days of tier granted, 0 for points packages */
  days: number;
  /** points granted, 0 for tier passes */
  score: number;
  /** 元 */
  price: number;
  originalPrice: number | null;
  description: string;
  benefits: string[];
  sort: number;
}

/** Order of a goods item; staff confirm payment (DOMAIN.md). */
export type OrderStatus = 'pending' | 'paid' | 'cancelled';
export interface Order {
  id: number;
  orderNo: string;
  goodsId: number;
  goodsName: string;
  goodsType: GoodsType;
  price: number;
  status: OrderStatus;
  createTime: DateTimeString;
  confirmTime: DateTimeString | null;
}

/** `GET /admin/orders?status=` (extension, admin token) rows: orders with who placed them. */
export interface AdminOrder extends Order {
  memberId: number;
  userName: string;
}

/** `GET /cms/member/memberList` rows: the member's orders (开通记录), newest first. */
export type MemberOrderParams = PageParams;

/** `POST /cms/order/create` (extension) body. */
export interface CreateOrderBody {
  goodsId: number;
}

/** `GET /cms/member/getRandomPassword/` → AjaxResult<RandomPassword> */
export interface RandomPassword {
  randomPassword: string;
  createTime: DateTimeString;
}

/** ext: ALTCHA's challenge as `altcha-lib` makes it (`parameters` signed by `signature`). */
export interface PowChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    keySignature?: string;
    expiresAt?: number;
    data?: Record<string, string | number | boolean | null>;
  };
  signature?: string;
}
