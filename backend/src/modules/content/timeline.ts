/**
 * A notice over time, for the detail answers: the process it belongs to
 * (lifecycle), what changed (against the notice a 变更公告 changes as the 变更公告 before it left
 * it, else against the previous version), what changed in the text when no field did, and which
 * later 变更公告 changed it. Contacts in `changes` and in the text diff are masked with the same
 * rules as the contact block.
 */
import type { ContactBlock } from '@shared/content/types';
import { ZB_NOTICE_TYPES } from '@shared/content/zb-notice';
import type { BodyDiffPart, ChangesAgainst, LifecycleNotice, NoticeChange, XmkLifecycle, ZbLifecycle } from '@shared/content/notices';
import type { Statements } from '../../db/connection';
import type { ContentTable } from '../../search/fts-index';
import { htmlText } from '../../search/tokens';
import { cachedBodyDiff } from './body-diff';
import { statedCorrections } from './correction-table';
import { maskContact, maskTextContacts } from './contact-mask';
import { FIELD_LABELS, recordOfRow, recordOfVersion, XMK_FIELD_LABELS, type NoticeRecord } from './notice-record';
import * as q from './queries';

/** 变更公告 in dict cms_zb_notice_type. */
export const AMENDMENT_TYPE = ZB_NOTICE_TYPES.amendment;

type Value = string | number | null;

const CONTACT_KEYS = {
  'contact.company': 'company',
  'contact.name': 'contact',
  'contact.phone': 'phone',
  'contact.address': 'address',
} as const;
type ContactField = keyof typeof CONTACT_KEYS;

function fieldValue(record: NoticeRecord, field: string): Value {
  if (field in CONTACT_KEYS) return record.contact[(field as ContactField).slice('contact.'.length) as keyof NoticeRecord['contact']];
  if (field === 'content') return htmlText(record.content).replace(/\s+/g, ' ').trim();
  // Tables as one line of text: "1. 名称（报价）；2. …", "名称；名称".
  if (field === 'candidates') {
    const rows = record.candidates.map(
      (c) => `${c.rank}. ${c.name}${c.priceText ? `（${c.priceText}）` : c.price !== null ? `（${c.price}万元）` : ''}`,
    );
    return rows.length === 0 ? null : rows.join('；');
  }
  if (field === 'attachments') return record.attachments.length === 0 ? null : record.attachments.map((a) => a.name).join('；');
  return record[field as keyof Omit<NoticeRecord, 'contact' | 'candidates' | 'attachments' | 'dateOnly'>] as Value;
}

/** Fields a re-import may change, in display order. */
const VERSION_FIELDS = [
  'title',
  'noticeType',
  'areaCode',
  'industry',
  'amount',
  'publishTime',
  'signupDeadline',
  'openTime',
  'tenderer',
  'agency',
  'winner',
  'winAmount',
  'winAmountText',
  'candidates',
  'processCode',
  'projectCode',
  ...(Object.keys(CONTACT_KEYS) as ContactField[]),
  'content',
  'sourceUrl',
  'attachments',
];

/** What a 变更公告 states anew; a field it leaves empty is not a change. */
const AMENDMENT_FIELDS = [
  'amount',
  'signupDeadline',
  'openTime',
  'tenderer',
  'agency',
  ...(Object.keys(CONTACT_KEYS) as ContactField[]),
] as const;
type AmendmentField = (typeof AMENDMENT_FIELDS)[number];

/** `record` with what `amendment` states anew (a field it leaves empty keeps its value). */
function amended(record: NoticeRecord, amendment: NoticeRecord): NoticeRecord {
  const next: NoticeRecord = { ...record, contact: { ...record.contact } };
  for (const field of AMENDMENT_FIELDS as readonly AmendmentField[]) {
    const value = fieldValue(amendment, field);
    if (value === null || value === '') continue;
    if (field in CONTACT_KEYS)
      next.contact[(field as ContactField).slice('contact.'.length) as keyof NoticeRecord['contact']] = value as string;
    else (next as unknown as Record<string, Value>)[field] = value;
  }
  return next;
}

/** The one masking rule (contact-mask.ts), applied to one contact part. */
function maskPart(field: ContactField, value: Value): Value {
  if (typeof value !== 'string' || value === '') return value;
  const block: ContactBlock = { company: '', contact: '', phone: '', address: '' };
  block[CONTACT_KEYS[field]] = value;
  return maskContact(block)[CONTACT_KEYS[field]];
}

function diff(
  kind: ContentTable,
  before: NoticeRecord,
  after: NoticeRecord,
  fields: readonly string[],
  masked: boolean,
  onlyStated: boolean,
): NoticeChange[] {
  const changes: NoticeChange[] = [];
  for (const field of fields) {
    const a = fieldValue(before, field);
    const b = fieldValue(after, field);
    if (onlyStated && (b === null || b === '')) continue;
    if (a === b) continue;
    const label = (kind === 'xmk' ? XMK_FIELD_LABELS[field] : undefined) ?? FIELD_LABELS[field] ?? field;
    const shown = (value: Value) =>
      !masked || typeof value !== 'string'
        ? value
        : field in CONTACT_KEYS
          ? maskPart(field as ContactField, value)
          : field === 'content'
            ? maskTextContacts(value)
            : value;
    changes.push({ field, label, before: shown(a), after: shown(b) });
  }
  return changes;
}

/**
 * What the notice's own correction table states, beyond the fields already compared: a row on a
 * field the structured answer left unchanged or empty, and every row on what we hold no field for
 * (技术参数, 采购需求). Values as the publisher wrote them, contacts masked as elsewhere.
 */
function tableChanges(body: string, compared: readonly NoticeChange[], masked: boolean): NoticeChange[] {
  const shown = (text: string) => (masked ? maskTextContacts(text) : text);
  return statedCorrections(body)
    .filter((row) => row.field === null || !compared.some((change) => change.field === row.field))
    .map((row, i) => ({ field: `stated.${i + 1}`, label: shown(row.item), before: shown(row.before), after: shown(row.after) }));
}

function currentRecord(sql: Statements, kind: ContentTable, id: number): NoticeRecord | undefined {
  const row = q.recordRow(sql, kind, id);
  return row ? recordOfRow(kind, row) : undefined;
}

/** Changes against the latest kept version, if the notice was ever changed. */
function versionChanges(
  sql: Statements,
  kind: ContentTable,
  current: NoticeRecord,
  id: number,
  masked: boolean,
): { changes: NoticeChange[]; changesAgainst: ChangesAgainst | null } {
  const version = q.latestVersion(sql, kind, id);
  if (!version) return { changes: [], changesAgainst: null };
  const previous = recordOfVersion(version.record);
  return {
    changes: diff(kind, previous, current, VERSION_FIELDS, masked, false),
    changesAgainst: { kind: 'version', version: version.version, changedBy: version.changedBy, changeTime: version.changeTime },
  };
}

interface ProcessNotice extends LifecycleNotice {
  processCode: string | null;
}

/** The notice a 变更公告 changes: the latest earlier notice of its process that is not itself a 变更公告. */
function amendedNotice(sql: Statements, amendment: ProcessNotice): LifecycleNotice | undefined {
  if (amendment.processCode === null) return undefined;
  const { processCode, id, publishTime } = amendment;
  return q.previousInProcess.get(sql, { processCode, excludedType: AMENDMENT_TYPE, id, publishTime });
}

/** Whether `a` was published before `b` (ties by id, as the lists order them). */
const before = (a: LifecycleNotice, b: LifecycleNotice) =>
  a.publishTime < b.publishTime || (a.publishTime === b.publishTime && a.id < b.id);

/**
 * A 变更公告 against the notice it changes, as the 变更公告 published between the two left it: a
 * second change compares with the first, not with the original. When no field differs, the text
 * is compared with the version before it (that earlier 变更公告, else the original).
 */
function amendmentChanges(
  sql: Statements,
  original: LifecycleNotice,
  process: readonly LifecycleNotice[],
  notice: LifecycleNotice,
  current: NoticeRecord,
  masked: boolean,
): { changes: NoticeChange[]; changesAgainst: ChangesAgainst; bodyDiff: BodyDiffPart[] | null } {
  const earlier = process.filter((n) => n.noticeType === AMENDMENT_TYPE && before(original, n) && before(n, notice));
  let previous = currentRecord(sql, 'zb', original.id)!;
  let body = previous.content;
  for (const step of earlier) {
    const record = currentRecord(sql, 'zb', step.id)!;
    previous = amended(previous, record);
    body = record.content;
  }
  const against = earlier.at(-1) ?? original;
  const changes = diff('zb', previous, current, AMENDMENT_FIELDS, masked, true);
  changes.push(...tableChanges(current.content, changes, masked));
  return {
    changes,
    changesAgainst: { kind: 'notice', id: against.id, title: against.title, publishTime: against.publishTime },
    bodyDiff: changes.length === 0 ? cachedBodyDiff(body, current.content, masked, maskTextContacts) : null,
  };
}

export interface ZbTimelineFields {
  lifecycle: ZbLifecycle;
  changes: NoticeChange[];
  changesAgainst: ChangesAgainst | null;
  bodyDiff: BodyDiffPart[] | null;
  changedBy: { id: number; publishTime: string } | null;
}

export function zbTimeline(sql: Statements, notice: ProcessNotice, masked: boolean): ZbTimelineFields {
  const { processCode } = notice;
  const notices =
    processCode === null
      ? [{ id: notice.id, noticeType: notice.noticeType, title: notice.title, publishTime: notice.publishTime }]
      : q.processNotices.all(sql, { processCode });
  const current = currentRecord(sql, 'zb', notice.id)!;

  const original = notice.noticeType === AMENDMENT_TYPE ? amendedNotice(sql, notice) : undefined;
  const { changes, changesAgainst, bodyDiff } = original
    ? amendmentChanges(sql, original, notices, notice, current, masked)
    : { ...versionChanges(sql, 'zb', current, notice.id, masked), bodyDiff: null };

  let changedBy: ZbTimelineFields['changedBy'] = null;
  if (processCode !== null && notice.noticeType !== AMENDMENT_TYPE) {
    const later = notices.filter(
      (n) =>
        n.noticeType === AMENDMENT_TYPE &&
        (n.publishTime > notice.publishTime || (n.publishTime === notice.publishTime && n.id > notice.id)),
    );
    const latest = later.at(-1);
    if (latest && amendedNotice(sql, { ...latest, processCode })?.id === notice.id) {
      changedBy = { id: latest.id, publishTime: latest.publishTime };
    }
  }
  return { lifecycle: { processCode, notices }, changes, changesAgainst, bodyDiff, changedBy };
}

export interface XmkTimelineFields {
  lifecycle: XmkLifecycle;
  changes: NoticeChange[];
  changesAgainst: ChangesAgainst | null;
  bodyDiff: null;
}

export function xmkTimeline(sql: Statements, id: number, projectCode: string | null, masked: boolean): XmkTimelineFields {
  const stages = q.projectStages.all(sql, { id });
  const tenders = q.projectTenders.all(sql, { id });
  const current = currentRecord(sql, 'xmk', id)!;
  return { lifecycle: { projectCode, stages, tenders }, ...versionChanges(sql, 'xmk', current, id, masked), bodyDiff: null };
}
