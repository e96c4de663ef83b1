/**
 * Dictionary entries of every DICT_TYPES type (shared/src/contract/system.ts). The values are what
 * the content tables store; labels follow DOMAIN.md.
 */
import { DICT_TYPES } from '@shared/system/types';
import { CITIES } from './regions';

export interface DictEntry {
  value: string;
  label: string;
  /** antd/Element tag colour hint */
  listClass?: 'default' | 'primary' | 'success' | 'info' | 'warning' | 'danger';
  isDefault?: boolean;
}

export const INDUSTRIES = [
  { value: '1', label: '房建' },
  { value: '2', label: '市政' },
  { value: '3', label: '交通' },
  { value: '4', label: '水利' },
  { value: '5', label: '能源' },
  { value: '6', label: '工业' },
  { value: '7', label: '农林' },
  { value: '8', label: '其他' },
] as const satisfies readonly DictEntry[];
export type Industry = (typeof INDUSTRIES)[number]['value'];

export const XMK_STAGES = [
  { value: '1', label: '立项', listClass: 'info' },
  { value: '2', label: '审批', listClass: 'warning' },
  { value: '3', label: '设计', listClass: 'primary' },
  { value: '4', label: '招标', listClass: 'danger' },
  { value: '5', label: '施工', listClass: 'success' },
  { value: '6', label: '竣工', listClass: 'default' },
] as const satisfies readonly DictEntry[];
export type XmkStage = (typeof XMK_STAGES)[number]['value'];

export const XMK_NATURES = [
  { value: '1', label: '新建' },
  { value: '2', label: '扩建' },
  { value: '3', label: '改建' },
] as const satisfies readonly DictEntry[];
export type XmkNature = (typeof XMK_NATURES)[number]['value'];

export const OWNER_TYPES = [
  { value: '1', label: '政府机关' },
  { value: '2', label: '事业单位' },
  { value: '3', label: '国有企业' },
  { value: '4', label: '民营企业' },
  { value: '5', label: '外资企业' },
  { value: '6', label: '其他' },
] as const satisfies readonly DictEntry[];
export type OwnerType = (typeof OWNER_TYPES)[number]['value'];

/**
 * Tender notice types in the order of a process (the dictionary's sort order). Codes 1–5 are the
 * original five and keep their values; 6–11 are the types real publishers add
 * (shared/src/content/zb-notice.ts names them).
 */
export const NOTICE_TYPES = [
  { value: '6', label: '采购意向', listClass: 'default' },
  { value: '1', label: '招标预告', listClass: 'info' },
  { value: '2', label: '招标公告', listClass: 'primary' },
  { value: '7', label: '澄清/答疑', listClass: 'info' },
  { value: '3', label: '变更公告', listClass: 'warning' },
  { value: '8', label: '资格预审', listClass: 'primary' },
  { value: '4', label: '中标候选人公示', listClass: 'danger' },
  { value: '5', label: '中标结果', listClass: 'success' },
  { value: '9', label: '废标/流标', listClass: 'default' },
  { value: '10', label: '终止公告', listClass: 'default' },
  { value: '11', label: '合同公告', listClass: 'success' },
] as const satisfies readonly DictEntry[];
export type NoticeType = (typeof NOTICE_TYPES)[number]['value'];
/** The types the demo data generator writes: a process from 预告 to 结果. */
export type GeneratedNoticeType = Extract<NoticeType, '1' | '2' | '3' | '4' | '5'>;

/**
 * Other names publishers give the types, accepted by the import (a label of the dictionary or its
 * code is accepted anyway).
 */
export const NOTICE_TYPE_ALIASES: Readonly<Record<string, NoticeType>> = {
  更正公告: '3',
  更正: '3',
  变更: '3',
  '变更公告(更正)': '3',
  '变更公告（更正）': '3',
  澄清公告: '7',
  答疑公告: '7',
  澄清: '7',
  答疑: '7',
  澄清答疑: '7',
  资格预审公告: '8',
  中标候选人公告: '4',
  中标公告: '5',
  成交公告: '5',
  中标结果公告: '5',
  废标公告: '9',
  流标公告: '9',
  废标: '9',
  流标: '9',
  终止: '10',
  合同: '11',
  采购合同公告: '11',
  采购意向公开: '6',
  意向公开: '6',
};

export const MEMBER_LEVELS = [
  { value: '0', label: '普通会员', listClass: 'default', isDefault: true },
  { value: '1', label: '短期会员', listClass: 'primary' },
  { value: '2', label: 'VIP会员', listClass: 'warning' },
] as const satisfies readonly DictEntry[];

export const VISIT_STATUSES = [
  { value: '0', label: '待跟进', listClass: 'info', isDefault: true },
  { value: '1', label: '跟进中', listClass: 'primary' },
  { value: '2', label: '已签约', listClass: 'success' },
  { value: '3', label: '已放弃', listClass: 'default' },
] as const satisfies readonly DictEntry[];

export const VISIT_WAYS = [
  { value: '0', label: '电话' },
  { value: '1', label: '上门' },
  { value: '2', label: '微信' },
  { value: '3', label: '其他' },
] as const satisfies readonly DictEntry[];

/** Score-log types: what moved a member's points. */
export const SCORE_TYPES = {
  register: { value: '1', label: '注册赠送' },
  purchase: { value: '2', label: '积分充值' },
  unlock: { value: '3', label: '查看联系方式' },
} as const;

export const MSG_SOURCES = [
  { value: 'gczx', label: '工程咨询' },
  { value: 'xmzx', label: '项目咨询' },
  { value: 'zjzx', label: '造价咨询' },
  { value: 'support', label: '客服中心' },
  { value: 'member', label: '会员中心' },
] as const satisfies readonly DictEntry[];

function regionEntries(): DictEntry[] {
  return CITIES.flatMap((city) => [{ value: city.code, label: city.name }, ...city.counties.map(([value, label]) => ({ value, label }))]);
}

/** Every dictionary, keyed by type, in display order. */
export function allDictionaries(): Record<string, readonly DictEntry[]> {
  return {
    [DICT_TYPES.region]: regionEntries(),
    [DICT_TYPES.industry]: INDUSTRIES,
    [DICT_TYPES.xmkStage]: XMK_STAGES,
    [DICT_TYPES.xmkNature]: XMK_NATURES,
    [DICT_TYPES.ownerType]: OWNER_TYPES,
    [DICT_TYPES.zbNoticeType]: NOTICE_TYPES,
    [DICT_TYPES.memberLevel]: MEMBER_LEVELS,
    [DICT_TYPES.visitStatus]: VISIT_STATUSES,
    [DICT_TYPES.visitWay]: VISIT_WAYS,
    [DICT_TYPES.scoreType]: Object.values(SCORE_TYPES),
    [DICT_TYPES.msgSource]: MSG_SOURCES,
  };
}
