/** Site configuration, support pages, notices, member tiers and goods of the demo portal. */
import { SUBSCRIPTION_LIMITS } from '@shared/alerts/match';
import { CONFIG_KEYS } from '@shared/system/types';
import type { SupportColumn } from '@shared/content/types';
import type { GoodsType, MemberLevel } from '@shared/member/types';

/**
 * Stored configs. `sys.login.publicKey` and `sys.account.captchaEnabled` are not stored: they are
 * derived at run time from the key pair in DATA_DIR and CAPTCHA_ENABLED, so they can never be stale.
 */
export const SITE_CONFIGS: readonly { key: string; name: string; value: string }[] = [
  { key: CONFIG_KEYS.siteTitle, name: '网站标题', value: '山东项目网 - 找项目首选' },
  {
    key: CONFIG_KEYS.siteDescription,
    name: '网站描述',
    value: '山东项目网提供山东省16市拟在建项目、招标公告、中标结果等工程建设信息，帮助企业第一时间找到项目、找到业主。',
  },
  { key: CONFIG_KEYS.province, name: '省份', value: '山东' },
  { key: CONFIG_KEYS.registerUser, name: '账号自助-是否开启用户注册功能', value: 'true' },
  { key: CONFIG_KEYS.servicePhone, name: '客服电话', value: '0531-88886666' },
  { key: CONFIG_KEYS.icp, name: '网站备案号', value: '鲁ICP备20240001号-1' },
  {
    key: CONFIG_KEYS.serviceContact,
    name: '客服联系方式',
    value: '客服微信：sdxmw_kf；服务时间：周一至周五 9:00-17:30',
  },
  { key: CONFIG_KEYS.unlockCost, name: '查看一条联系方式所需积分', value: '10' },
  { key: CONFIG_KEYS.registerGift, name: '注册赠送积分', value: '100' },
];

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');
const h = (title: string) => `<p><strong>${title}</strong></p>`;

export const SUPPORT_PAGES: readonly { col: Exclude<SupportColumn, 'notice'>; title: string; content: string }[] = [
  {
    col: 'about',
    title: '关于我们',
    content:
      p(
        '山东项目网是专注于山东省工程建设领域的项目信息服务平台，覆盖济南、青岛、淄博、枣庄、东营、烟台、潍坊、济宁、泰安、威海、日照、临沂、德州、聊城、滨州、菏泽16市及所辖136个县（市、区）。',
        '平台每日采集、整理各级发展改革、住房城乡建设、交通运输、水利等部门公开的拟在建项目信息，以及各公共资源交易中心发布的招标预告、招标公告、变更公告、中标候选人公示和中标结果，经人工核实后发布。',
        '我们致力于帮助施工企业、设计咨询单位、设备材料供应商第一时间掌握项目动态，找到项目、找到业主，提高市场开拓效率。',
      ) +
      h('我们的服务') +
      p(
        '拟在建项目库：项目立项、审批、设计、招标、施工、竣工全过程跟踪；',
        '招标信息：全省招标采购公告实时更新，支持按地区、行业、公告类型订阅；',
        '客户跟进：收藏项目、记录拜访，帮助销售团队管理业务线索。',
      ),
  },
  {
    col: 'fwxy',
    title: '会员服务协议',
    content:
      p('欢迎您使用山东项目网（以下简称“本网”）提供的服务。请您在注册前仔细阅读本协议，注册即视为您已阅读并同意本协议全部条款。') +
      h('第一条 服务内容') +
      p('本网向会员提供工程建设项目信息、招标采购信息的查询、收藏、订阅及客户跟进管理等服务。具体服务内容以网站实际提供为准。') +
      h('第二条 会员账号') +
      p('会员应妥善保管账号和密码，因会员保管不善造成的损失由会员自行承担。会员不得将账号转让、出借给他人使用。') +
      h('第三条 信息使用') +
      p(
        '本网信息仅供会员内部业务参考，未经本网书面许可，会员不得以任何形式复制、转载、出售或向第三方提供本网信息。会员通过本网获取的联系方式仅限于正当业务联系，不得用于骚扰、诈骗等违法活动。',
      ) +
      h('第四条 付费服务') +
      p('短期会员、VIP会员及积分为付费服务，会员开通后在有效期内享有相应权益。已开通的付费服务不支持退款，法律法规另有规定的除外。') +
      h('第五条 免责声明') +
      p(
        '本网信息来源于公开渠道，本网尽力保证信息的准确性和及时性，但不对信息的完整性作任何保证。会员依据本网信息作出的商业决策由会员自行负责。',
      ) +
      h('第六条 其他') +
      p(
        '本协议的解释、效力及纠纷的解决，适用中华人民共和国法律。因本协议产生的争议，双方应协商解决；协商不成的，提交本网所在地人民法院诉讼解决。',
      ),
  },
  {
    col: 'rwbf',
    title: '入网须知',
    content:
      p('为保障会员权益和信息安全，请您在使用本网服务前了解以下事项：') +
      h('一、注册与登录') +
      p('注册账号时请使用真实有效的手机号码，账户名为2到20个字符，密码为5到20个字符。连续5次输入错误密码，账户将被锁定10分钟。') +
      h('二、积分规则') +
      p('新注册会员赠送积分，查看一条项目或招标信息的联系方式扣除相应积分，同一条信息只扣除一次。积分可在“积分充值”页面购买。') +
      h('三、会员等级') +
      p('普通会员可浏览全部项目和招标信息；短期会员、VIP会员在有效期内可直接查看全部联系方式，无需消耗积分。') +
      h('四、开通方式') +
      p('在线提交订单后，请联系客服完成付款，客服确认到账后为您开通相应服务，工作时间内一般30分钟内完成。'),
  },
  {
    col: 'service',
    title: '客户服务',
    content:
      p('客服电话：0531-88886666（周一至周五 9:00-17:30）', '客服微信：sdxmw_kf', '服务邮箱：service@sdxmw.example.cn') +
      h('常见问题') +
      p(
        '问：为什么看不到联系人的完整电话？答：游客和普通会员看到的联系方式经过脱敏处理，登录后可使用积分查看，开通会员后可直接查看。',
        '问：如何订阅招标信息？答：在会员中心“会员信息”页面设置关注的关键词和地区，即可在“招标订阅”中查看匹配的最新招标信息。',
        '问：开通会员后多久生效？答：客服确认付款后立即生效，可在会员中心查看到期时间。',
      ),
  },
  {
    col: 'yssm',
    title: '隐私声明',
    content:
      p('山东项目网重视会员的个人信息保护，依据《中华人民共和国个人信息保护法》等法律法规处理您的个人信息。') +
      h('一、我们收集的信息') +
      p('注册时您提供的账户名、手机号码；使用服务过程中产生的收藏、跟进记录、留言及积分记录。') +
      h('二、信息的使用') +
      p('上述信息仅用于向您提供服务、保障账户安全及改进服务质量，未经您同意，我们不会向第三方提供您的个人信息。') +
      h('三、信息的保护') +
      p('密码经不可逆加密存储，登录密码在传输过程中加密；我们采取合理的技术和管理措施保护您的信息安全。') +
      h('四、您的权利') +
      p('您可以在会员中心查看、修改个人资料，或联系客服注销账户。'),
  },
];

export const NOTICES: readonly { title: string; type: '1' | '2'; daysAgo: number; content: string; status?: '1' }[] = [
  {
    title: '关于开通招标信息订阅功能的公告',
    type: '2',
    daysAgo: 3,
    content: p('即日起，会员可在会员中心设置关注的关键词和地区，系统将自动匹配最新招标信息。', '欢迎广大会员使用并提出宝贵意见。'),
  },
  {
    title: '关于防范冒充本网工作人员诈骗的提醒',
    type: '1',
    daysAgo: 12,
    content: p(
      '近期有不法分子冒充本网工作人员，以“会员升级”“信息核实”等名义要求转账。',
      '本网不会以任何理由要求会员向个人账户转账，如有疑问请拨打客服电话核实。',
    ),
  },
  {
    title: '新版项目库上线公告',
    type: '2',
    daysAgo: 30,
    content: p('新版项目库支持按地区、行业、项目阶段、投资额等条件组合筛选，并提供项目进展历史记录。'),
  },
  {
    title: '关于积分规则调整的公告',
    type: '2',
    daysAgo: 45,
    content: p('自下月1日起，查看一条联系方式扣除10积分，同一条信息只扣除一次，已查看的信息可随时再次查看。'),
  },
  {
    title: '系统维护通知',
    type: '1',
    daysAgo: 60,
    content: p('为提升服务质量，本网将于本周六凌晨2:00至4:00进行系统维护，期间部分功能可能无法使用，敬请谅解。'),
  },
  {
    title: '关于规范使用联系方式的通知',
    type: '1',
    daysAgo: 90,
    content: p('会员通过本网获取的联系方式仅限于正当业务联系，对于恶意骚扰、倒卖信息的账户，本网将予以封禁。'),
  },
  {
    title: '山东项目网会员服务升级公告',
    type: '2',
    daysAgo: 120,
    content: p('VIP会员新增专属客服服务，短期会员新增季度套餐，欢迎选购。'),
  },
  {
    title: '国庆节放假通知',
    type: '1',
    daysAgo: 150,
    content: p('国庆节期间客服暂停服务，网站信息正常更新，节后第一个工作日恢复客服服务。'),
  },
  {
    title: '关于春节期间客服工作时间调整的通知',
    type: '1',
    daysAgo: 240,
    content: p('春节期间客服工作时间调整为10:00-16:00，网站信息正常更新。'),
  },
  { title: '旧版会员积分清零说明（已撤回）', type: '1', daysAgo: 300, content: p('本通知已撤回。'), status: '1' },
];

/**
 * Tier texts about subscriptions say what each tier adds: every member has the subscription alerts,
 * VIP more of them (SUBSCRIPTION_LIMITS); a tier that adds nothing says nothing.
 */
export const FREE_SUBSCRIPTIONS = `招标订阅与消息提醒（${SUBSCRIPTION_LIMITS['0']} 条订阅）`;
export const VIP_SUBSCRIPTIONS = `订阅增至 ${SUBSCRIPTION_LIMITS['2']} 条（普通会员 ${SUBSCRIPTION_LIMITS['0']} 条）`;

export const MEMBER_TIERS: readonly {
  level: MemberLevel;
  name: string;
  benefits: string[];
  viewAllContacts: boolean;
}[] = [
  {
    level: '0',
    name: '普通会员',
    benefits: ['浏览全部项目与招标信息', FREE_SUBSCRIPTIONS, '收藏项目、客户跟进管理', '使用积分查看联系方式'],
    viewAllContacts: false,
  },
  {
    level: '1',
    name: '短期会员',
    benefits: ['有效期内查看全部联系方式', '收藏项目、客户跟进管理'],
    viewAllContacts: true,
  },
  {
    level: '2',
    name: 'VIP会员',
    benefits: ['一年内查看全部联系方式', VIP_SUBSCRIPTIONS, '专属客服服务', '收藏项目、客户跟进管理'],
    viewAllContacts: true,
  },
];

export interface GoodsSeed {
  name: string;
  type: GoodsType;
  level: MemberLevel | null;
  days: number;
  score: number;
  priceFen: number;
  originalFen: number | null;
  description: string;
  benefits: string[];
}

export const GOODS: readonly GoodsSeed[] = [
  {
    name: '月度会员',
    type: 'duan',
    level: '1',
    days: 30,
    score: 0,
    priceFen: 9_900,
    originalFen: null,
    description: '30天内查看全部项目和招标联系方式',
    benefits: ['30天有效', '查看全部联系方式'],
  },
  {
    name: '季度会员',
    type: 'duan',
    level: '1',
    days: 90,
    score: 0,
    priceFen: 26_800,
    originalFen: 29_700,
    description: '90天内查看全部项目和招标联系方式',
    benefits: ['90天有效', '查看全部联系方式'],
  },
  {
    name: 'VIP年度会员',
    type: 'vip',
    level: '2',
    days: 365,
    score: 0,
    priceFen: 198_000,
    originalFen: 268_000,
    description: '一年内查看全部联系方式，享专属客服服务',
    benefits: ['365天有效', '查看全部联系方式', VIP_SUBSCRIPTIONS, '专属客服'],
  },
  {
    name: '100积分',
    type: 'score',
    level: null,
    days: 0,
    score: 100,
    priceFen: 1_000,
    originalFen: null,
    description: '可查看10条联系方式',
    benefits: ['永久有效'],
  },
  {
    name: '500积分',
    type: 'score',
    level: null,
    days: 0,
    score: 500,
    priceFen: 4_500,
    originalFen: 5_000,
    description: '可查看50条联系方式',
    benefits: ['永久有效', '九折优惠'],
  },
  {
    name: '2000积分',
    type: 'score',
    level: null,
    days: 0,
    score: 2000,
    priceFen: 16_000,
    originalFen: 20_000,
    description: '可查看200条联系方式',
    benefits: ['永久有效', '八折优惠'],
  },
];
