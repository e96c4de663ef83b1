/** System module (spec §7): configs, dictionaries, captcha, token refresh. */

/**
 * A dictionary entry (spec §3): turns a stored code into a label. RuoYi's SysDictData fields.
 * `GET /api/system/dict/data/type/{type}` → AjaxResult<DictData[]>, sorted by dictSort.
 */
export interface DictData {
  dictCode: number;
  dictSort: number;
  dictLabel: string;
  dictValue: string;
  dictType: string;
  cssClass: string | null;
  /** antd/Element tag colour hint: default | primary | success | info | warning | danger */
  listClass: string | null;
  isDefault: 'Y' | 'N';
  status: '0' | '1';
  remark: string | null;
}

/**
 * What the portal reads of a dictionary entry. Pages embed their dictionaries in the HTML (the
 * dehydrated query cache), and RuoYi's bookkeeping fields tripled them: the region dictionary alone
 * was 30 KB of every page.
 */
export interface DictEntry {
  dictLabel: string;
  dictValue: string;
  /** The tag colour hint, only when the entry has one. */
  listClass?: string | null;
}

/** Dictionary types the backend serves. */
export const DICT_TYPES = {
  /**
   * Regions of the province: GB/T 2260 six-digit codes. A city's code ends in "00"; a county's
   * city is its first four digits + "00". The province itself is not an entry.
   */
  region: 'cms_region',
  /** 行业: 房建/市政/交通/水利/能源/工业/农林/其他 */
  industry: 'cms_industry',
  /** 项目阶段: 立项/审批/设计/招标/施工/竣工 */
  xmkStage: 'cms_xmk_stage',
  /** 项目性质: 新建/扩建/改建 */
  xmkNature: 'cms_xmk_nature',
  /** 建设单位类型 */
  ownerType: 'cms_owner_type',
  /** 公告类型: 招标预告/招标公告/变更公告/中标候选人公示/中标结果 */
  zbNoticeType: 'cms_zb_notice_type',
  /** 会员等级: 普通会员/短期会员/VIP会员 */
  memberLevel: 'cms_member_level',
  /** 跟进状态: 待跟进/跟进中/已签约/已放弃 */
  visitStatus: 'cms_visit_status',
  /** 拜访方式: 电话/上门/微信/其他 */
  visitWay: 'cms_visit_way',
  /** 积分变动类型 */
  scoreType: 'cms_score_type',
  /** 留言来源 */
  msgSource: 'cms_msg_source',
} as const;
export type DictType = (typeof DICT_TYPES)[keyof typeof DICT_TYPES];

/**
 * Config keys served by `GET /api/system/config/configKey/{key}`, which answers
 * `{code: 200, msg: <value>}` as RuoYi does (the value is in `msg`).
 */
export const CONFIG_KEYS = {
  /** RSA public key (PEM) for password fields; PKCS#1 v1.5 as jsencrypt encrypts. */
  publicKey: 'sys.login.publicKey',
  /** Site title, e.g. "山东项目网 - 找项目首选". */
  siteTitle: 'sys.site.title',
  /** Site description (meta description). */
  siteDescription: 'sys.site.description',
  /** Province short name, e.g. "山东". */
  province: 'sys.site.province',
  /** "true" | "false" */
  captchaEnabled: 'sys.account.captchaEnabled',
  /** "true" | "false": whether /api/member/reg accepts new members. */
  registerUser: 'sys.account.registerUser',
  /** Customer service phone shown on tier pages, support pages and as the hotline in every page's footer. */
  servicePhone: 'sys.site.servicePhone',
  /** ICP 备案号 (e.g. "鲁ICP备…号-1"), shown in every page's footer when set. */
  icp: 'sys.site.icp',
  /** Customer service WeChat / QQ / email, free text. */
  serviceContact: 'sys.site.serviceContact',
  /** Points charged for unlocking one item's contacts, as a decimal string. */
  unlockCost: 'cms.score.unlockCost',
  /** Points granted at registration, as a decimal string. */
  registerGift: 'cms.score.registerGift',
} as const;
export type ConfigKey = (typeof CONFIG_KEYS)[keyof typeof CONFIG_KEYS];

/** `GET /captchaImage` (timeout 20 s). `img` is a base64 image without the data: prefix (the embedded backend: PNG). */
export interface CaptchaResult {
  code: number;
  msg: string;
  captchaEnabled: boolean;
  uuid?: string;
  img?: string;
}

/** `GET /cms/system/RefreshToken` → extends the sliding expiry of the presented token. */
export interface RefreshTokenResult {
  code: number;
  msg: string;
  /** Seconds until the token expires if unused. */
  expiresIn: number;
}
