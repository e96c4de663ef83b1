/**
 * A notice over time (issue 12 part 2), for the detail answers: the process it belongs to
 * (lifecycle), what changed (against the notice a 变更公告 changes, else against the previous
 * version), and which later 变更公告 changed it. Contact parts of `changes` are masked with the same
 * rule as the contact block.
 */
import type { ContactBlock } from '@shared/content/types';
import type { ChangesAgainst, LifecycleNotice, NoticeChange, NoticeChangedBy, XmkLifecycle, ZbLifecycle } from '@shared/content/notices';
import type { Statements } from '../../db/connection';
import type { ContentTable } from '../../search/fts-index';
import { htmlText } from '../../search/tokens';
import { maskContact } from './contact-mask';
import {
  FIELD_LABELS,
  recordOfRow,
  XMK_FIELD_LABELS,
  XMK_RECORD_COLUMNS,
  ZB_RECORD_COLUMNS,
  type NoticeRecord,
  type RecordRow,
} from './notice-record';

/** 变更公告 in dict cms_zb_notice_type. */
export const AMENDMENT_TYPE = '3';

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
  return record[field as keyof Omit<NoticeRecord, 'contact'>] as Value;
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
  'processCode',
  'projectCode',
  ...(Object.keys(CONTACT_KEYS) as ContactField[]),
  'content',
  'sourceUrl',
];

/** What a 变更公告 states anew; a field it leaves empty is not a change. */
const AMENDMENT_FIELDS = ['amount', 'signupDeadline', 'openTime', 'tenderer', 'agency', ...(Object.keys(CONTACT_KEYS) as ContactField[])];

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
    const contact = field in CONTACT_KEYS && masked;
    changes.push({
      field,
      label,
      before: contact ? maskPart(field as ContactField, a) : a,
      after: contact ? maskPart(field as ContactField, b) : b,
    });
  }
  return changes;
}

const recordSql = (kind: ContentTable) => `SELECT ${kind === 'zb' ? ZB_RECORD_COLUMNS : XMK_RECORD_COLUMNS} FROM ${kind} WHERE id = ?`;

function currentRecord(sql: Statements, kind: ContentTable, id: number): NoticeRecord | undefined {
  const row = sql.get<[number], RecordRow>(recordSql(kind)).get(id);
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
  const version = sql
    .get<[string, number], { version: number; record: string; changedBy: NoticeChangedBy; changeTime: string }>(
      `SELECT version, record, changed_by AS changedBy, change_time AS changeTime FROM notice_version
       WHERE type = ? AND data_id = ? ORDER BY version DESC LIMIT 1`,
    )
    .get(kind, id);
  if (!version) return { changes: [], changesAgainst: null };
  const previous = JSON.parse(version.record) as NoticeRecord;
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
  return sql
    .get<[string, string, string, string, number], LifecycleNotice>(
      `SELECT id, notice_type AS noticeType, title, publish_time AS publishTime FROM zb
       WHERE process_code = ? AND notice_type <> ? AND (publish_time < ? OR (publish_time = ? AND id < ?))
       ORDER BY publish_time DESC, id DESC LIMIT 1`,
    )
    .get(amendment.processCode, AMENDMENT_TYPE, amendment.publishTime, amendment.publishTime, amendment.id);
}

export interface ZbTimelineFields {
  lifecycle: ZbLifecycle;
  changes: NoticeChange[];
  changesAgainst: ChangesAgainst | null;
  changedBy: { id: number; publishTime: string } | null;
}

export function zbTimeline(sql: Statements, notice: ProcessNotice, masked: boolean): ZbTimelineFields {
  const { processCode } = notice;
  const notices =
    processCode === null
      ? [{ id: notice.id, noticeType: notice.noticeType, title: notice.title, publishTime: notice.publishTime }]
      : sql
          .get<[string], LifecycleNotice>(
            `SELECT id, notice_type AS noticeType, title, publish_time AS publishTime FROM zb
             WHERE process_code = ? ORDER BY publish_time, id LIMIT 100`,
          )
          .all(processCode);
  const current = currentRecord(sql, 'zb', notice.id)!;

  const amended = notice.noticeType === AMENDMENT_TYPE ? amendedNotice(sql, notice) : undefined;
  const { changes, changesAgainst } = amended
    ? {
        changes: diff('zb', currentRecord(sql, 'zb', amended.id)!, current, AMENDMENT_FIELDS, masked, true),
        changesAgainst: { kind: 'notice', id: amended.id, title: amended.title, publishTime: amended.publishTime } as const,
      }
    : versionChanges(sql, 'zb', current, notice.id, masked);

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
  return { lifecycle: { processCode, notices }, changes, changesAgainst, changedBy };
}

export interface XmkTimelineFields {
  lifecycle: XmkLifecycle;
  changes: NoticeChange[];
  changesAgainst: ChangesAgainst | null;
}

export function xmkTimeline(sql: Statements, id: number, projectCode: string | null, masked: boolean): XmkTimelineFields {
  const stages = sql
    .get<[number], XmkLifecycle['stages'][number]>(
      'SELECT stage, summary, change_time AS changeTime FROM xmk_version WHERE xmk_id = ? ORDER BY version',
    )
    .all(id);
  const tenders = sql
    .get<[number], XmkLifecycle['tenders'][number]>(
      `SELECT id, notice_type AS noticeType, title, publish_time AS publishTime, process_code AS processCode FROM zb
       WHERE xmk_id = ? ORDER BY publish_time, id LIMIT 200`,
    )
    .all(id);
  const current = currentRecord(sql, 'xmk', id)!;
  return { lifecycle: { projectCode, stages, tenders }, ...versionChanges(sql, 'xmk', current, id, masked) };
}
