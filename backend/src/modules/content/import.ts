/**
 * Importing notices: a JSON Lines file of NoticeImportRecord, all or nothing. Every line
 * is checked before anything is written; then one transaction inserts the new notices (in publish
 * order), updates the changed ones after keeping their former state in notice_version, and keeps
 * the search index and its publish order (search/publish-order.ts) in step. `npm run import`, `POST /admin/content/import` and the demo feed all come through here.
 */
import type { NoticeChangedBy, NoticeImportResult } from '@shared/content/notices';
import { formatDateTime } from '../../clock';
import { statementsOf, type Db } from '../../db/connection';
import { XMK_STAGES } from '../../reference/dictionaries';
import { ftsWriter, xmkDocument, zbDocument } from '../../search/fts-index';
import { recordImportAlerts } from '../alerts/matching';
import { companyWriter } from '../company/maintain';
import {
  cityOf,
  NoticeDictionaries,
  normaliseRecord,
  recordOfRow,
  RecordError,
  type ImportedNotice,
  type NoticeRecord,
} from './notice-record';
import { importWriters, recordBySource } from './queries';

/** A refused file: `line` is 1-based; the message reads "第 N 行：…". */
export class ImportError extends Error {
  override name = 'ImportError';
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(line > 0 ? `第 ${line} 行：${reason}` : reason);
  }
}

/**
 * Subscription matching hook. Called once per file inside the import transaction,
 * after every row and index entry is written, with the notices inserted or changed (not the
 * unchanged ones). Whatever it writes commits or rolls back with the file; if it throws, the whole
 * import is refused. It writes the members' alerts (modules/alerts/matching.ts).
 */
export function onNoticesImported(db: Db, notices: readonly ImportedNotice[], now: Date): void {
  recordImportAlerts(db, notices, now);
}

/** Called after an import that changed something has committed, per database (see whenImported). */
const importListeners = new WeakMap<Db, Set<() => void>>();

/**
 * Run `listener` after every import into `db` (this process's) that inserted or changed notices
 * has committed: the backend sends the "immediately" mail digests at once rather than at its next
 * minute. Returns the function that stops it.
 */
export function whenImported(db: Db, listener: () => void): () => void {
  let listeners = importListeners.get(db);
  if (!listeners) importListeners.set(db, (listeners = new Set()));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface ImportOptions {
  changedBy: NoticeChangedBy;
  now: Date;
}

/** At most this many lines per file (the admin call's body limit keeps it lower there). */
export const IMPORT_MAX_LINES = 1_000_000;

/** Parse and check every line; throws ImportError naming the first bad line. */
export function parseImportFile(db: Db, text: string): { line: number; record: NoticeRecord }[] {
  const dicts = new NoticeDictionaries(statementsOf(db));
  const records: { line: number; record: NoticeRecord }[] = [];
  const seen = new Map<string, number>();
  const lines = text.split('\n');
  if (lines.length > IMPORT_MAX_LINES) throw new ImportError(0, `文件超过 ${IMPORT_MAX_LINES} 行`);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const source = raw.trim();
    if (source === '') return;
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch {
      throw new ImportError(line, '不是有效的 JSON');
    }
    let record: NoticeRecord;
    try {
      record = normaliseRecord(value, dicts);
    } catch (err) {
      if (err instanceof RecordError) throw new ImportError(line, err.message);
      throw err;
    }
    const key = `${record.kind}:${record.sourceId}`;
    const first = seen.get(key);
    if (first !== undefined) throw new ImportError(line, `来源编号 ${record.sourceId} 与第 ${first} 行重复`);
    seen.set(key, line);
    records.push({ line, record });
  });
  if (records.length === 0) throw new ImportError(0, '文件中没有记录');
  return records;
}

const sameRecord = (a: NoticeRecord, b: NoticeRecord) => JSON.stringify(a) === JSON.stringify(b);

const stageLabel = (stage: string) => XMK_STAGES.find((s) => s.value === stage)?.label ?? stage;

/** Flat named parameters of a record for the statements above. */
function params(record: NoticeRecord, updateTime: string, xmkId: number | null) {
  return {
    sourceId: record.sourceId,
    title: record.title,
    areaCode: record.areaCode,
    cityCode: cityOf(record),
    industry: record.industry,
    noticeType: record.noticeType,
    amount: record.amount,
    investment: record.amount ?? 0,
    tenderer: record.tenderer,
    agency: record.agency,
    openTime: record.openTime,
    signupDeadline: record.signupDeadline,
    content: record.content,
    contactCompany: record.contact.company,
    contactName: record.contact.name,
    contactPhone: record.contact.phone,
    contactAddress: record.contact.address,
    xmkId,
    publishTime: record.publishTime,
    updateTime,
    processCode: record.processCode,
    projectCode: record.projectCode,
    winner: record.winner,
    winAmount: record.winAmount,
    sourceUrl: record.sourceUrl,
  };
}

function indexDocument(record: NoticeRecord) {
  const common = { title: record.title, content: record.content, areaCode: record.areaCode, cityCode: cityOf(record) };
  return record.kind === 'zb'
    ? zbDocument({ ...common, tenderer: record.tenderer, agency: record.agency, industry: record.industry, noticeType: record.noticeType })
    : xmkDocument({ ...common, owner: record.tenderer, industry: record.industry, stage: record.noticeType, nature: '' });
}

/** Import a whole file (JSON Lines text). Throws ImportError (nothing written) for a bad line. */
export function importNotices(db: Db, text: string, options: ImportOptions): NoticeImportResult {
  const records = parseImportFile(db, text);
  // New notices get ids in publish order; the sort is stable, so equal times keep file order.
  const ordered = [...records].sort((a, b) => {
    const x = a.record.publishTime;
    const y = b.record.publishTime;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const sql = statementsOf(db);
  const w = importWriters(sql);
  const companies = companyWriter(db);
  const ftsInsert = { zb: ftsWriter(db, 'zb'), xmk: ftsWriter(db, 'xmk') };
  const now = formatDateTime(options.now);
  const result: NoticeImportResult = { total: records.length, inserted: 0, updated: 0, unchanged: 0 };

  db.transaction(() => {
    const imported: ImportedNotice[] = [];
    for (const { line, record } of ordered) {
      try {
        const kind = record.kind;
        const existingRow = recordBySource(sql, kind, record.sourceId);
        const previous = existingRow ? recordOfRow(kind, existingRow) : null;
        if (previous && sameRecord(previous, record)) {
          result.unchanged++;
          continue;
        }
        const xmkId = kind === 'zb' && record.projectCode ? (w.projectByCode.get({ projectCode: record.projectCode })?.id ?? null) : null;
        const values = params(record, existingRow ? now : record.publishTime, xmkId);
        let id: number;
        if (existingRow && previous) {
          id = existingRow.id;
          const version = w.nextVersion.get({ type: kind, id })!.v;
          w.insertVersion.run({ type: kind, id, version, record: JSON.stringify(previous), changedBy: options.changedBy, time: now });
          if (kind === 'zb') {
            w.updateZb.run({ ...values, id });
            if ((existingRow.xmkId ?? null) !== xmkId) w.relinkZb.run({ xmkId, id });
          } else {
            w.updateXmk.run({ ...values, id });
          }
          w.ftsDelete[kind].run({ id });
          if (kind === 'xmk' && previous.noticeType !== record.noticeType) {
            const stage = { id, version: w.nextStageVersion.get({ id })!.v, stage: record.noticeType, time: now };
            w.insertStage.run({ ...stage, summary: `项目阶段变更为${stageLabel(record.noticeType)}` });
          }
          result.updated++;
        } else {
          id = Number((kind === 'zb' ? w.insertZb : w.insertXmk).run(values).lastInsertRowid);
          if (kind === 'xmk') {
            const summary = `项目发布，当前阶段：${stageLabel(record.noticeType)}`;
            w.insertStage.run({ id, version: 1, stage: record.noticeType, summary, time: record.publishTime });
          }
          result.inserted++;
        }
        if (kind === 'xmk' && record.projectCode && w.unlinkedTender.get({ projectCode: record.projectCode })) {
          w.linkTenders.run({ id, projectCode: record.projectCode });
        }
        companies.write({ ...record, id }, !previous);
        ftsInsert[kind](id, indexDocument(record));
        imported.push({ kind, id, change: previous ? 'updated' : 'inserted', record, previous });
      } catch (err) {
        if (err instanceof ImportError) throw err;
        throw new ImportError(line, `写入失败（${err instanceof Error ? err.message : String(err)}）`);
      }
    }
    onNoticesImported(db, imported, options.now);
    // IMMEDIATE: take the write lock first (waiting up to busy_timeout) rather than fail on upgrading
    // a read snapshot that the live backend's writes have moved past.
  }).immediate();
  if (result.inserted + result.updated > 0) for (const listener of importListeners.get(db) ?? []) listener();
  return result;
}
