/**
 * The import record (shared/src/contract/notices.ts) checked and normalised: one function turns a
 * parsed JSON line into the stored shape, and one reads a stored row back into that shape, so a
 * re-import compares like with like and a version keeps exactly what was stored.
 */
import { z } from 'zod';
import type { NoticeImportRecord } from '@shared/content/notices';
import { DICT_TYPES } from '@shared/system/types';
import { parseLocalDateTime } from '../../clock';
import type { Statements } from '../../db/connection';
import { sanitizeBodyHtml } from '@shared/content/body-html';
import { cityCodeOf } from '@shared/system/regions';
import { dictEntries } from '../system/queries';

export const TITLE_MAX_LENGTH = 200;

/** The stored shape of a notice: codes instead of labels, absent values as null or ''. Key order is fixed. */
export interface NoticeRecord {
  kind: 'zb' | 'xmk';
  sourceId: string;
  processCode: string | null;
  projectCode: string | null;
  title: string;
  noticeType: string;
  areaCode: string;
  industry: string;
  amount: number | null;
  publishTime: string;
  signupDeadline: string | null;
  openTime: string | null;
  tenderer: string;
  agency: string;
  winner: string | null;
  winAmount: number | null;
  contact: { company: string; name: string; phone: string; address: string };
  content: string;
  sourceUrl: string | null;
}

/** A notice an import inserted or changed, as the subscription hook sees it (alerts/matching.ts). */
export interface ImportedNotice {
  kind: 'zb' | 'xmk';
  id: number;
  change: 'inserted' | 'updated';
  record: NoticeRecord;
  /** The stored state before this import, for 'updated'. */
  previous: NoticeRecord | null;
}

/** Chinese labels of the record's fields, for messages and `changes`. */
export const FIELD_LABELS: Record<string, string> = {
  kind: '类型',
  sourceId: '来源编号',
  processCode: '标段编号',
  projectCode: '项目编号',
  title: '标题',
  noticeType: '公告类型',
  areaCode: '地区',
  industry: '行业',
  amount: '金额',
  publishTime: '发布时间',
  signupDeadline: '报名截止时间',
  openTime: '开标时间',
  tenderer: '招标人',
  agency: '代理机构',
  winner: '中标人',
  winAmount: '中标金额',
  contact: '联系人信息',
  'contact.company': '联系单位',
  'contact.name': '联系人',
  'contact.phone': '联系电话',
  'contact.address': '联系地址',
  content: '正文',
  sourceUrl: '原文链接',
};

/** xmk records read some fields differently. */
export const XMK_FIELD_LABELS: Record<string, string> = {
  noticeType: '项目阶段',
  amount: '投资总额',
  tenderer: '建设单位',
};

const text = (field: string, max: number, min = 0) =>
  z
    .string({ error: `${FIELD_LABELS[field]}（${field}）必须是文本` })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(min, { error: `${FIELD_LABELS[field]}（${field}）不能为空` })
        .max(max, { error: `${FIELD_LABELS[field]}（${field}）不能超过 ${max} 个字符` }),
    );

const optionalText = (field: string, max: number) => text(field, max).nullish();

const dateTime = (field: string) =>
  z.string({ error: `${FIELD_LABELS[field]}（${field}）必须是 yyyy-MM-dd HH:mm:ss 格式的日期时间` }).transform((s, ctx) => {
    const value = s.trim();
    // yyyy-MM-dd alone means the start of that day.
    const full = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value} 00:00:00` : value;
    if (!parseLocalDateTime(full) || full.length !== 19) {
      ctx.addIssue({
        code: 'custom',
        message: `${FIELD_LABELS[field]}（${field}）不是有效的日期时间：${JSON.stringify(s).slice(0, 40)}`,
      });
      return z.NEVER;
    }
    return full;
  });

const money = (field: string) =>
  z
    .number({ error: `${FIELD_LABELS[field]}（${field}）必须是数字（万元）` })
    .min(0, { error: `${FIELD_LABELS[field]}（${field}）不能为负数` })
    .max(100_000_000, { error: `${FIELD_LABELS[field]}（${field}）超出范围` })
    .nullish();

const importLine = z.strictObject(
  {
    kind: z.enum(['zb', 'xmk'], { error: '类型（kind）必须是 zb 或 xmk' }),
    sourceId: text('sourceId', 64, 1),
    processCode: optionalText('processCode', 64),
    projectCode: optionalText('projectCode', 64),
    title: text('title', TITLE_MAX_LENGTH, 1),
    noticeType: text('noticeType', 20, 1),
    areaCode: text('areaCode', 6, 1),
    industry: text('industry', 20, 1),
    amount: money('amount'),
    publishTime: dateTime('publishTime'),
    signupDeadline: dateTime('signupDeadline').nullish(),
    openTime: dateTime('openTime').nullish(),
    tenderer: optionalText('tenderer', 100),
    agency: optionalText('agency', 100),
    winner: optionalText('winner', 100),
    winAmount: money('winAmount'),
    contact: z
      .strictObject(
        {
          company: optionalText('contact.company', 100),
          name: optionalText('contact.name', 50),
          phone: optionalText('contact.phone', 30),
          address: optionalText('contact.address', 200),
        },
        { error: '联系人信息（contact）必须是对象' },
      )
      .nullish(),
    content: z.string({ error: '正文（content）必须是 HTML 文本' }).max(200_000, { error: '正文（content）过长' }).nullish(),
    sourceUrl: z
      .string({ error: '原文链接（sourceUrl）必须是文本' })
      .max(500, { error: '原文链接（sourceUrl）不能超过 500 个字符' })
      .regex(/^https?:\/\/\S+$/, { error: '原文链接（sourceUrl）必须是 http(s) 地址' })
      .nullish(),
  },
  { error: '每行必须是一个 JSON 对象' },
);

/** The schema accepts what the contract type describes (plus null for absent values). */
type Accepts = NoticeImportRecord extends z.input<typeof importLine> ? true : never;
const accepts: Accepts = true;
void accepts;

/** Tender-only fields an xmk record must leave absent (or empty). */
const TENDER_ONLY = ['processCode', 'signupDeadline', 'openTime', 'agency', 'winner', 'winAmount'] as const;

/** Dictionaries the records are checked against, read once per import. */
export class NoticeDictionaries {
  private readonly regions: Set<string>;
  private readonly lookups: Record<'industry' | 'zbType' | 'xmkStage', Map<string, string>>;

  constructor(sql: Statements) {
    const entries = (type: string) => dictEntries.all(sql, { type });
    const byValueOrLabel = (type: string) =>
      new Map(entries(type).flatMap((e) => [[e.value, e.value] as const, [e.label, e.value] as const]));
    this.regions = new Set(entries(DICT_TYPES.region).map((e) => e.value));
    this.lookups = {
      industry: byValueOrLabel(DICT_TYPES.industry),
      zbType: byValueOrLabel(DICT_TYPES.zbNoticeType),
      xmkStage: byValueOrLabel(DICT_TYPES.xmkStage),
    };
  }

  region(code: string): boolean {
    return this.regions.has(code);
  }

  code(kind: keyof NoticeDictionaries['lookups'], valueOrLabel: string): string | undefined {
    return this.lookups[kind].get(valueOrLabel);
  }
}

/** A refused record: the reason, in Chinese, without the line number. */
export class RecordError extends Error {
  override name = 'RecordError';
}

function zodReason(error: z.ZodError): string {
  const issue = error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const where = issue.path.length > 0 ? `${issue.path.join('.')} 中` : '';
    return `${where}未知字段 ${issue.keys.join('、')}`;
  }
  if (issue.code === 'invalid_type' && issue.input === undefined && issue.path.length > 0) {
    const field = issue.path.join('.');
    return `缺少${FIELD_LABELS[field] ?? ''}（${field}）`;
  }
  return issue.message;
}

/** Check one parsed JSON value and normalise it; throws RecordError with the reason. */
export function normaliseRecord(value: unknown, dicts: NoticeDictionaries): NoticeRecord {
  const parsed = importLine.safeParse(value);
  if (!parsed.success) throw new RecordError(zodReason(parsed.error));
  const r = parsed.data;
  if (!dicts.region(r.areaCode)) throw new RecordError(`未知地区代码 ${r.areaCode}（areaCode）`);
  const industry = dicts.code('industry', r.industry);
  if (!industry) throw new RecordError(`未知行业 ${r.industry}（industry）`);
  const noticeType = dicts.code(r.kind === 'zb' ? 'zbType' : 'xmkStage', r.noticeType);
  if (!noticeType) {
    throw new RecordError(r.kind === 'zb' ? `未知公告类型 ${r.noticeType}（noticeType）` : `未知项目阶段 ${r.noticeType}（noticeType）`);
  }
  if (r.kind === 'xmk') {
    const stray = TENDER_ONLY.find((field) => r[field] !== undefined && r[field] !== null && r[field] !== '');
    if (stray) throw new RecordError(`项目库记录（kind xmk）不能有${FIELD_LABELS[stray]}（${stray}）`);
    // xmk.investment is required: without it a re-import would read back 0 and never be "unchanged".
    if (r.amount === undefined || r.amount === null) throw new RecordError('项目库记录（kind xmk）必须有投资总额（amount，万元）');
  }
  const orNull = <T>(v: T | null | undefined): T | null => (v === undefined || v === '' ? null : v);
  return {
    kind: r.kind,
    sourceId: r.sourceId,
    processCode: orNull(r.processCode),
    projectCode: orNull(r.projectCode),
    title: r.title,
    noticeType,
    areaCode: r.areaCode,
    industry,
    amount: orNull(r.amount),
    publishTime: r.publishTime,
    signupDeadline: orNull(r.signupDeadline),
    openTime: orNull(r.openTime),
    tenderer: r.tenderer ?? '',
    agency: r.agency ?? '',
    winner: orNull(r.winner),
    winAmount: orNull(r.winAmount),
    contact: {
      company: r.contact?.company ?? '',
      name: r.contact?.name ?? '',
      phone: r.contact?.phone ?? '',
      address: r.contact?.address ?? '',
    },
    content: sanitizeBodyHtml(r.content),
    sourceUrl: orNull(r.sourceUrl),
  };
}

export const cityOf = (record: Pick<NoticeRecord, 'areaCode'>) => cityCodeOf(record.areaCode);

export interface RecordRow extends Omit<NoticeRecord, 'kind' | 'contact' | 'sourceId'> {
  id: number;
  sourceId: string | null;
  contactCompany: string;
  contactName: string;
  contactPhone: string;
  contactAddress: string;
}

export function recordOfRow(kind: 'zb' | 'xmk', row: RecordRow): NoticeRecord {
  return {
    kind,
    sourceId: row.sourceId ?? '',
    processCode: row.processCode,
    projectCode: row.projectCode,
    title: row.title,
    noticeType: row.noticeType,
    areaCode: row.areaCode,
    industry: row.industry,
    amount: row.amount,
    publishTime: row.publishTime,
    signupDeadline: row.signupDeadline,
    openTime: row.openTime,
    tenderer: row.tenderer,
    agency: row.agency,
    winner: row.winner,
    winAmount: row.winAmount,
    contact: { company: row.contactCompany, name: row.contactName, phone: row.contactPhone, address: row.contactAddress },
    content: row.content,
    sourceUrl: row.sourceUrl,
  };
}
