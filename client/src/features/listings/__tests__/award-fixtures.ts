/**
 * Tender details shaped like what the backend answers for notices of backend/test/corpus/
 * (processes.jsonl): a consortium award (line 50), a rate award by a consortium (line 25), a
 * candidates notice with a consortium ranked first (line 51), rate candidates (line 43), and a
 * notice without a contact (line 7). `specOnly` strips what a backend with spec §7 alone lacks.
 */
import type { ZbDetail } from '@shared/content/types';

const base: ZbDetail = {
  id: 408,
  title: '济南市历城区港沟片区市政道路提升改造工程总承包（EPC）中标结果公告',
  highlightTitle: '济南市历城区港沟片区市政道路提升改造工程总承包（EPC）中标结果公告',
  areaCode: '370102',
  cityCode: '370100',
  industry: '1',
  publishTime: '2026-03-30 15:20:00',
  views: 12,
  noticeType: '5',
  amount: null,
  tenderer: '济南市历城区城市建设投资服务中心',
  signupDeadline: null,
  agency: '山东正源项目管理有限公司',
  openTime: null,
  content: '<p>一、中标人：山东岱衡建工集团有限公司、济南泺源建筑设计研究院有限公司联合体</p>',
  updateTime: '2026-03-30 15:20:00',
  contact: { company: '山东****有限公司', contact: '王*', phone: '0531-****6658', address: '济南市历下区****' },
  contactMasked: true,
  contactAccess: 'locked',
  unlockCost: 10,
  hasContact: true,
  xmk: null,
  prev: null,
  next: null,
  companies: { tenderer: 31, agency: 32, winner: 33 },
  processCode: 'LCJS-EPC-2026-0031',
  projectCode: '2511-370112-04-01-583920',
  winner: '山东岱衡建工集团有限公司、济南泺源建筑设计研究院有限公司联合体',
  winners: [
    { name: '山东岱衡建工集团有限公司', lead: true, companyId: 41 },
    { name: '济南泺源建筑设计研究院有限公司', lead: false, companyId: 42 },
  ],
  winAmount: 4712.386549,
  winAmountText: null,
  candidates: [],
  lifecycle: { processCode: 'LCJS-EPC-2026-0031', notices: [] },
  changedBy: null,
  changes: [],
  changesAgainst: null,
  bodyDiff: null,
  sourceUrl: 'http://ggzyjy.jinan.example/jyxx/003001/003001004/20260330/8a1f-award.html',
  attachments: [],
  dateOnly: [],
};

/** Line 50: 中标结果, a consortium of two, 4712.386549 万元, no budget. */
export const consortiumAward: ZbDetail = base;

/** Line 25: 中标结果 of a consortium whose award is a fee rate, no money amount. */
export const rateAward: ZbDetail = {
  ...base,
  id: 432,
  title: '即墨区鳌山湾片区污水处理厂扩建工程设计中标结果公示',
  publishTime: '2026-07-03 15:00:00',
  winner: '青岛海晟市政工程(集团)有限公司（牵头人）、青岛北岸勘察设计有限公司（成员）',
  winners: [
    { name: '青岛海晟市政工程（集团）有限公司', lead: true, companyId: 51 },
    { name: '青岛北岸勘察设计有限公司', lead: false },
  ],
  winAmount: null,
  winAmountText: '设计费率2.95%',
  companies: { tenderer: 31 },
};

/** Line 51: 中标候选人公示, budget 4865.27 万元, three candidates (a consortium ranked first). */
export const candidatesNotice: ZbDetail = {
  ...base,
  id: 407,
  title: '济南市历城区港沟片区市政道路提升改造工程总承包（EPC）中标候选人公示',
  noticeType: '4',
  amount: 4865.27,
  publishTime: '2026-03-23 10:05:00',
  winner: '山东岱衡建工集团有限公司（牵头人）、济南泺源建筑设计研究院有限公司（成员）',
  candidates: [
    {
      rank: 1,
      name: '山东岱衡建工集团有限公司（牵头人）、济南泺源建筑设计研究院有限公司（成员）',
      price: 4712.386549,
      priceText: '47,123,865.49元',
      members: base.winners,
    },
    {
      rank: 2,
      name: '济南华岳路桥工程有限公司',
      price: 4756.902318,
      priceText: '47,569,023.18元',
      members: [{ name: '济南华岳路桥工程有限公司', lead: false, companyId: 43 }],
    },
    {
      rank: 3,
      name: '山东鲁晟市政工程有限公司',
      price: 4798.45,
      priceText: '47,984,500.00元',
      members: [{ name: '山东鲁晟市政工程有限公司', lead: false }],
    },
  ],
  attachments: [
    { name: '中标候选人公示附件.pdf', url: 'http://ggzyjy.jinan.example/attach/download?id=77810' },
    { name: '伪装的附件', url: 'javascript:alert(1)' },
  ],
};

/** Line 43: 中标候选人公示 whose bids are discount rates (下浮率). */
export const rateCandidates: ZbDetail = {
  ...base,
  id: 446,
  title: '张店区东部化工区改造提升项目施工监理中标候选人公示',
  noticeType: '4',
  amount: 186.4,
  winner: '淄博华信工程监理咨询有限公司',
  winners: [{ name: '淄博华信工程监理咨询有限公司', lead: false, companyId: 61 }],
  winAmount: null,
  winAmountText: null,
  candidates: [
    {
      rank: 1,
      name: '淄博华信工程监理咨询有限公司',
      price: null,
      priceText: '下浮率12.5%',
      members: [{ name: '淄博华信工程监理咨询有限公司', lead: false, companyId: 61 }],
    },
    {
      rank: 2,
      name: '山东正诚项目管理有限公司',
      price: null,
      priceText: '下浮率10%',
      members: [{ name: '山东正诚项目管理有限公司', lead: false }],
    },
    {
      rank: 3,
      name: '淄博天衡工程咨询有限公司',
      price: null,
      priceText: '下浮率9.8%',
      members: [{ name: '淄博天衡工程咨询有限公司', lead: false }],
    },
  ],
};

/** Line 7: a 废标 without a contact; the backend answers nothing to unlock. Backfill line 8: a day-only time. */
export const noContact: ZbDetail = {
  ...base,
  id: 461,
  title: '泰山区2026-2027年度机关办公区物业管理服务采购废标公告',
  noticeType: '9',
  amount: 268.8,
  publishTime: '2026-03-17 00:00:00',
  dateOnly: ['publishTime'],
  winner: null,
  winners: [],
  winAmount: null,
  contact: { company: '', contact: '', phone: '', address: '' },
  contactMasked: false,
  unlockCost: 0,
  hasContact: false,
};

/** The fields a backend with spec §7 alone does not send. */
const EXT_FIELDS = new Set([
  'processCode',
  'projectCode',
  'winners',
  'winAmount',
  'winAmountText',
  'candidates',
  'lifecycle',
  'changedBy',
  'changes',
  'changesAgainst',
  'sourceUrl',
  'attachments',
  'dateOnly',
  'companies',
  'hasContact',
]);

/** The same answer from a backend with spec §7 alone: none of the notice fields. */
export function specOnly(detail: ZbDetail): ZbDetail {
  return Object.fromEntries(Object.entries(detail).filter(([key]) => !EXT_FIELDS.has(key))) as unknown as ZbDetail;
}
