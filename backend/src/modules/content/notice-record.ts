/**
 * The import record (shared/src/content/notices.ts) checked and normalised: one function turns a
 * parsed JSON line into the stored shape, and one reads a stored row back into that shape, so a
 * re-import compares like with like and a version keeps exactly what was stored.
 */
import { z } from 'zod';
import type { DateOnlyField, NoticeAttachment, NoticeImportRecord } from '@shared/content/notices';
import { DICT_TYPES } from '@shared/system/types';
import { parseLocalDateTime } from '../../clock';
import type { Statements } from '../../db/connection';
import { sanitizeBodyHtml } from '@shared/content/body-html';
import { HTTP_URL_RE } from '@shared/content/source-links';
import { cityCodeOf } from '@shared/system/regions';
import { NOTICE_TYPE_ALIASES } from '../../reference/dictionaries';
import { PROVINCE } from '../../reference/regions';
import { cleanFirmName } from '../company/consortium';
import { singleLine } from '@shared/format';
import { dictEntries } from '../system/queries';

export const TITLE_MAX_LENGTH = 200;

/** A publish time this far ahead of the clock is still accepted (the publisher's clock may run fast). */
export const PUBLISH_CLOCK_SKEW_MS = 10 * 60 * 1000;

/** One row of a candidates table as stored: by rank, absent values null. */
export interface CandidateRecord {
  rank: number;
  name: string;
  price: number | null;
  priceText: string | null;
}

/** The stored shape of a notice: codes instead of labels, absent values as null, '' or []. Key order is fixed. */
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
  winAmountText: string | null;
  candidates: CandidateRecord[];
  contact: { company: string; name: string; phone: string; address: string };
  content: string;
  sourceUrl: string | null;
  attachments: NoticeAttachment[];
  /** The times given as a day only, in this order: publishTime, signupDeadline, openTime. */
  dateOnly: DateOnlyField[];
}

/** A checked line: the record, and whether the publisher withdrew it. */
export interface CheckedRecord {
  record: NoticeRecord;
  withdrawn: boolean;
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
  winAmountText: '中标金额（原文）',
  candidates: '中标候选人',
  contact: '联系人信息',
  'contact.company': '联系单位',
  'contact.name': '联系人',
  'contact.phone': '联系电话',
  'contact.address': '联系地址',
  content: '正文',
  sourceUrl: '原文链接',
  attachments: '附件',
  dateOnly: '只有日期的时间',
  withdrawn: '撤销标记',
};

/** Labels of the fields of a candidates row and of an attachment. */
const ITEM_LABELS: Record<string, string> = {
  rank: '排名',
  name: '名称',
  price: '投标报价',
  priceText: '投标报价（原文）',
  url: '地址',
};

/** xmk records read some fields differently. */
export const XMK_FIELD_LABELS: Record<string, string> = {
  noticeType: '项目阶段',
  amount: '投资总额',
  tenderer: '建设单位',
};

const named = (field: string, labels: Record<string, string> = FIELD_LABELS) => `${labels[field] ?? field}（${field}）`;
const length = (s: string) => Array.from(s).length;

/**
 * One line of text of `min`…`max` characters (code points), the count named when it is too long.
 * Control characters (a bare CR, a BEL) become a space: they would break a feed or a calendar line.
 */
const text = (field: string, max: number, min = 0, labels?: Record<string, string>) =>
  z.string({ error: `${named(field, labels)}必须是文本` }).transform((s, ctx) => {
    const value = singleLine(s);
    if (length(value) < min) ctx.addIssue({ code: 'custom', message: `${named(field, labels)}不能为空` });
    else if (length(value) > max) {
      ctx.addIssue({ code: 'custom', message: `${named(field, labels)}不能超过 ${max} 个字符（${length(value)} 个）` });
    }
    return value;
  });

const optionalText = (field: string, max: number) => text(field, max).nullish();

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A time `yyyy-MM-dd HH:mm:ss`, or `yyyy-MM-dd` (the start of that day, remembered as a day only). */
const dateTime = (field: DateOnlyField) =>
  z.string({ error: `${named(field)}必须是 yyyy-MM-dd HH:mm:ss 格式的日期时间` }).transform((s, ctx) => {
    const value = s.trim();
    const dateOnly = DATE_ONLY.test(value);
    const full = dateOnly ? `${value} 00:00:00` : value;
    if (!parseLocalDateTime(full) || full.length !== 19) {
      ctx.addIssue({ code: 'custom', message: `${named(field)}不是有效的日期时间：${JSON.stringify(s).slice(0, 40)}` });
      return z.NEVER;
    }
    return { time: full, dateOnly };
  });

const money = (field: string, labels?: Record<string, string>) =>
  z
    .number({ error: `${named(field, labels)}必须是数字（万元）` })
    .min(0, { error: `${named(field, labels)}不能为负数` })
    .max(100_000_000, { error: `${named(field, labels)}超出范围` })
    .nullish();

const httpUrl = (field: string, labels?: Record<string, string>) =>
  z.string({ error: `${named(field, labels)}必须是文本` }).transform((s, ctx) => {
    const value = s.trim();
    if (!HTTP_URL_RE.test(value)) {
      ctx.addIssue({ code: 'custom', message: `${named(field, labels)}必须是 http(s) 地址：${value.slice(0, 100)}` });
    } else if (value.length > 500) {
      ctx.addIssue({ code: 'custom', message: `${named(field, labels)}不能超过 500 个字符` });
    }
    return value;
  });

const candidate = z.strictObject(
  {
    rank: z
      .number({ error: `${named('rank', ITEM_LABELS)}必须是正整数` })
      .int({ error: `${named('rank', ITEM_LABELS)}必须是正整数` })
      .positive({ error: `${named('rank', ITEM_LABELS)}必须是正整数` })
      .max(1000, { error: `${named('rank', ITEM_LABELS)}超出范围` }),
    name: text('name', 300, 1, ITEM_LABELS),
    price: money('price', ITEM_LABELS),
    priceText: text('priceText', 100, 0, ITEM_LABELS).nullish(),
  },
  { error: '必须是对象 {rank, name, price, priceText}' },
);

const attachment = z.strictObject(
  { name: text('name', 200, 1, ITEM_LABELS), url: httpUrl('url', ITEM_LABELS) },
  { error: '必须是对象 {name, url}' },
);

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
    winner: optionalText('winner', 300),
    winAmount: money('winAmount'),
    winAmountText: optionalText('winAmountText', 100),
    candidates: z
      .array(candidate, { error: `${named('candidates')}必须是数组` })
      .max(100, { error: `${named('candidates')}最多 100 项` })
      .nullish(),
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
    sourceUrl: httpUrl('sourceUrl').nullish(),
    attachments: z
      .array(attachment, { error: `${named('attachments')}必须是数组` })
      .max(50, { error: `${named('attachments')}最多 50 项` })
      .nullish(),
    withdrawn: z.literal(true, { error: `${named('withdrawn')}只能是 true` }).optional(),
  },
  { error: '每行必须是一个 JSON 对象' },
);

/** The schema accepts what the contract type describes (plus null for absent values). */
type Accepts = NoticeImportRecord extends z.input<typeof importLine> ? true : never;
const accepts: Accepts = true;
void accepts;

/** Tender-only fields an xmk record must leave absent (or empty). */
const TENDER_ONLY = ['processCode', 'signupDeadline', 'openTime', 'agency', 'winner', 'winAmount', 'winAmountText', 'candidates'] as const;

/** Dictionaries the records are checked against, read once per import. */
export class NoticeDictionaries {
  private readonly regions: Set<string>;
  private readonly lookups: Record<'industry' | 'zbType' | 'xmkStage', Map<string, string>>;

  constructor(sql: Statements) {
    const entries = (type: string) => dictEntries.all(sql, { type });
    const byValueOrLabel = (type: string) =>
      new Map(entries(type).flatMap((e) => [[e.value, e.value] as const, [e.label, e.value] as const]));
    this.regions = new Set(entries(DICT_TYPES.region).map((e) => e.value));
    const zbType = byValueOrLabel(DICT_TYPES.zbNoticeType);
    // Other names publishers use for the types this dictionary has.
    for (const [alias, value] of Object.entries(NOTICE_TYPE_ALIASES)) if (zbType.has(value) && !zbType.has(alias)) zbType.set(alias, value);
    this.lookups = {
      industry: byValueOrLabel(DICT_TYPES.industry),
      zbType,
      xmkStage: byValueOrLabel(DICT_TYPES.xmkStage),
    };
  }

  /** A county or city of the dictionary, or the province itself (省本级). */
  region(code: string): boolean {
    return code === PROVINCE.code || this.regions.has(code);
  }

  code(kind: keyof NoticeDictionaries['lookups'], valueOrLabel: string): string | undefined {
    return this.lookups[kind].get(valueOrLabel);
  }
}

/** A refused record: the reason, in Chinese, without the line number; `field` the one at fault (null: the line). */
export class RecordError extends Error {
  override name = 'RecordError';
  constructor(
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

/** The value at `path` in what was parsed (zod 4 leaves `issue.input` out unless asked). */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/** The first issue as a reason and the field it is about. */
function zodReason(error: z.ZodError, value: unknown): RecordError {
  const issue = error.issues[0]!;
  const path = issue.path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number');
  const top = typeof path[0] === 'string' ? path[0] : null;
  // An item of candidates or attachments: "中标候选人（candidates）第 1 项的…".
  const item = top !== null && typeof path[1] === 'number' ? `${named(top)}第 ${path[1] + 1} 项` : null;
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.join('、');
    if (item) return new RecordError(`${item}中未知字段 ${keys}`, top);
    if (path.length > 0) return new RecordError(`${path.join('.')} 中未知字段 ${keys}`, `${path.join('.')}.${issue.keys[0]}`);
    return new RecordError(`未知字段 ${keys}`, issue.keys[0] ?? null);
  }
  if (path.length > 0 && valueAt(value, path) === undefined) {
    const last = path.at(-1)!;
    if (item) return new RecordError(`${item}缺少${named(String(last), ITEM_LABELS)}`, top);
    const field = path.join('.');
    return new RecordError(`缺少${named(field)}`, top === 'contact' ? field : top);
  }
  if (item && path.length > 2) return new RecordError(`${item}的${issue.message}`, top);
  if (item) return new RecordError(`${item}${issue.message}`, top);
  return new RecordError(issue.message, path.length > 1 && top === 'contact' ? path.join('.') : top);
}

const SIX_DIGITS = /^\d{6}$/;

/** Why a region code is refused, or null: the province itself, its cities and counties are in scope. */
function regionProblem(code: string, dicts: NoticeDictionaries): string | null {
  if (dicts.region(code)) return null;
  if (SIX_DIGITS.test(code) && !code.startsWith(PROVINCE.code.slice(0, 2))) {
    return `地区代码 ${code} 不在本省（${PROVINCE.name}）范围内（areaCode）`;
  }
  return `未知地区代码 ${code}（areaCode）`;
}

/** Check one parsed JSON value and normalise it; throws RecordError with the reason. `now`: the clock, for publish times. */
export function checkRecord(value: unknown, dicts: NoticeDictionaries, now: Date): CheckedRecord {
  const parsed = importLine.safeParse(value);
  if (!parsed.success) throw zodReason(parsed.error, value);
  const r = parsed.data;
  const regionRefusal = regionProblem(r.areaCode, dicts);
  if (regionRefusal) throw new RecordError(regionRefusal, 'areaCode');
  const industry = dicts.code('industry', r.industry);
  if (!industry) throw new RecordError(`未知行业 ${r.industry}（industry）`, 'industry');
  const noticeType = dicts.code(r.kind === 'zb' ? 'zbType' : 'xmkStage', r.noticeType);
  if (!noticeType) {
    throw new RecordError(
      r.kind === 'zb' ? `未知公告类型 ${r.noticeType}（noticeType）` : `未知项目阶段 ${r.noticeType}（noticeType）`,
      'noticeType',
    );
  }
  if (parseLocalDateTime(r.publishTime.time)!.getTime() > now.getTime() + PUBLISH_CLOCK_SKEW_MS) {
    throw new RecordError(`${named('publishTime')}晚于当前时间：${r.publishTime.time}`, 'publishTime');
  }
  if (r.kind === 'xmk') {
    const stray = TENDER_ONLY.find((field) => {
      const v = r[field];
      return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
    });
    if (stray) throw new RecordError(`项目库记录（kind xmk）不能有${FIELD_LABELS[stray]}（${stray}）`, stray);
    // xmk.investment is required: without it a re-import would read back 0 and never be "unchanged".
    if (r.amount === undefined || r.amount === null)
      throw new RecordError('项目库记录（kind xmk）必须有投资总额（amount，万元）', 'amount');
  }
  const orNull = <T>(v: T | null | undefined): T | null => (v === undefined || v === '' ? null : v);
  const dateOnly: DateOnlyField[] = [];
  if (r.publishTime.dateOnly) dateOnly.push('publishTime');
  if (r.signupDeadline?.dateOnly) dateOnly.push('signupDeadline');
  if (r.openTime?.dateOnly) dateOnly.push('openTime');
  const candidates = (r.candidates ?? [])
    .map((c) => ({ rank: c.rank, name: cleanFirmName(c.name), price: orNull(c.price), priceText: orNull(c.priceText) }))
    .sort((a, b) => a.rank - b.rank);
  const record: NoticeRecord = {
    kind: r.kind,
    sourceId: r.sourceId,
    processCode: orNull(r.processCode),
    projectCode: orNull(r.projectCode),
    title: r.title,
    noticeType,
    areaCode: r.areaCode,
    industry,
    amount: orNull(r.amount),
    publishTime: r.publishTime.time,
    signupDeadline: r.signupDeadline?.time ?? null,
    openTime: r.openTime?.time ?? null,
    tenderer: r.tenderer ?? '',
    agency: r.agency ?? '',
    winner: orNull(r.winner),
    winAmount: orNull(r.winAmount),
    winAmountText: orNull(r.winAmountText),
    candidates,
    contact: {
      company: r.contact?.company ?? '',
      name: r.contact?.name ?? '',
      phone: r.contact?.phone ?? '',
      address: r.contact?.address ?? '',
    },
    content: sanitizeBodyHtml(r.content),
    sourceUrl: orNull(r.sourceUrl),
    attachments: (r.attachments ?? []).map((a) => ({ name: a.name, url: a.url })),
    dateOnly,
  };
  return { record, withdrawn: r.withdrawn === true };
}

export const cityOf = (record: Pick<NoticeRecord, 'areaCode'>) => cityCodeOf(record.areaCode);

/** A stored row read as a record: the JSON columns as text, `dateOnly` as a comma list. */
export interface RecordRow extends Omit<NoticeRecord, 'kind' | 'contact' | 'sourceId' | 'candidates' | 'attachments' | 'dateOnly'> {
  id: number;
  sourceId: string | null;
  contactCompany: string;
  contactName: string;
  contactPhone: string;
  contactAddress: string;
  candidates: string;
  attachments: string;
  dateOnly: string;
}

const jsonList = <T>(text: string | null | undefined): T[] => (text ? (JSON.parse(text) as T[]) : []);

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
    winAmountText: row.winAmountText,
    candidates: jsonList<CandidateRecord>(row.candidates),
    contact: { company: row.contactCompany, name: row.contactName, phone: row.contactPhone, address: row.contactAddress },
    content: row.content,
    sourceUrl: row.sourceUrl,
    attachments: jsonList<NoticeAttachment>(row.attachments),
    dateOnly: row.dateOnly === '' ? [] : (row.dateOnly.split(',') as DateOnlyField[]),
  };
}

/** A stored record as the import line that gives it (date-only times written as dates again). */
export function importRecordOf(record: NoticeRecord): NoticeImportRecord {
  const { dateOnly, ...fields } = record;
  const day = (field: DateOnlyField, time: string | null) => (time !== null && dateOnly.includes(field) ? time.slice(0, 10) : time);
  return {
    ...fields,
    processCode: fields.processCode ?? undefined,
    projectCode: fields.projectCode ?? undefined,
    publishTime: day('publishTime', fields.publishTime)!,
    signupDeadline: day('signupDeadline', fields.signupDeadline),
    openTime: day('openTime', fields.openTime),
  };
}

/**
 * A kept version (notice_version.record) as a record: versions written before a field existed
 * lack it, and read it as absent.
 */
export function recordOfVersion(json: string): NoticeRecord {
  const stored = JSON.parse(json) as Partial<NoticeRecord> & Pick<NoticeRecord, 'kind' | 'sourceId'>;
  return {
    ...stored,
    winAmountText: stored.winAmountText ?? null,
    candidates: stored.candidates ?? [],
    attachments: stored.attachments ?? [],
    dateOnly: stored.dateOnly ?? [],
  } as NoticeRecord;
}
