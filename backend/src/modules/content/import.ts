/**
 * Importing notices (issue 12): a JSON Lines file of NoticeImportRecord, all or nothing. Every line
 * is checked before anything is written; then one transaction inserts the new notices (in publish
 * order, keeping the id-order invariant of migrations.ts as far as a file allows), updates the
 * changed ones after keeping their former state in notice_version, and keeps the search index in
 * step. `npm run import`, `POST /admin/content/import` and the demo feed all come through here.
 */
import type { NoticeChangedBy, NoticeImportResult } from '@shared/content/notices';
import { formatDateTime } from '../../clock';
import type { Db } from '../../db/connection';
import { XMK_STAGES } from '../../db/seed/dictionaries';
import { ftsWriter, xmkDocument, zbDocument } from '../../search/fts-index';
import { recordImportAlerts } from '../alerts/matching';
import { companyWriter } from '../company/maintain';
import {
  cityOf,
  NoticeDictionaries,
  normaliseRecord,
  recordOfRow,
  RecordError,
  XMK_RECORD_COLUMNS,
  ZB_RECORD_COLUMNS,
  type NoticeRecord,
  type RecordRow,
} from './notice-record';

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

/** A notice the import inserted or changed, as the subscription hook sees it. */
export interface ImportedNotice {
  kind: 'zb' | 'xmk';
  id: number;
  change: 'inserted' | 'updated';
  record: NoticeRecord;
  /** The stored state before this import, for 'updated'. */
  previous: NoticeRecord | null;
}

/**
 * Subscription matching hook (issue 12 part 3). Called once per file inside the import transaction,
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
  const dicts = new NoticeDictionaries(db);
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

/** Prepared statements of one import; built per call (an import is large next to preparing a dozen statements). */
function writers(db: Db) {
  const zbBySource = db.prepare<[string], RecordRow & { xmkId?: number | null }>(
    `SELECT ${ZB_RECORD_COLUMNS}, xmk_id AS xmkId FROM zb WHERE source_id = ?`,
  );
  const xmkBySource = db.prepare<[string], RecordRow>(`SELECT ${XMK_RECORD_COLUMNS} FROM xmk WHERE source_id = ?`);
  const projectByCode = db.prepare<[string], { id: number }>('SELECT id FROM xmk WHERE project_code = ? ORDER BY id DESC LIMIT 1');
  const zbValues = `title = @title, area_code = @areaCode, city_code = @cityCode, industry = @industry,
    notice_type = @noticeType, amount = @amount, tenderer = @tenderer, agency = @agency, open_time = @openTime,
    signup_deadline = @signupDeadline, content = @content, contact_company = @contactCompany,
    contact_name = @contactName, contact_phone = @contactPhone, contact_address = @contactAddress,
    publish_time = @publishTime, update_time = @updateTime, process_code = @processCode, project_code = @projectCode,
    winner = @winner, win_amount = @winAmount, source_url = @sourceUrl`;
  const insertZb = db.prepare(
    `INSERT INTO zb (source_id, title, area_code, city_code, industry, notice_type, amount, tenderer, agency, open_time,
       signup_deadline, content, contact_company, contact_name, contact_phone, contact_address, xmk_id, publish_time,
       update_time, process_code, project_code, winner, win_amount, source_url)
     VALUES (@sourceId, @title, @areaCode, @cityCode, @industry, @noticeType, @amount, @tenderer, @agency, @openTime,
       @signupDeadline, @content, @contactCompany, @contactName, @contactPhone, @contactAddress, @xmkId, @publishTime,
       @updateTime, @processCode, @projectCode, @winner, @winAmount, @sourceUrl)`,
  );
  const updateZb = db.prepare(`UPDATE zb SET ${zbValues} WHERE id = @id`);
  // The project link apart, and run only when it differs: with foreign keys on, every UPDATE naming
  // the foreign-key column cost time that grew with the transaction (2,000 updates: 4 s against 0.1 s).
  const relinkZb = db.prepare<[number | null, number]>('UPDATE zb SET xmk_id = ? WHERE id = ?');
  const xmkValues = `title = @title, area_code = @areaCode, city_code = @cityCode, industry = @industry, stage = @noticeType,
    investment = @investment, owner = @tenderer, content = @content, contact_company = @contactCompany,
    contact_name = @contactName, contact_phone = @contactPhone, contact_address = @contactAddress,
    publish_time = @publishTime, update_time = @updateTime, project_code = @projectCode, source_url = @sourceUrl`;
  // Fields the import record does not carry get neutral values: the address is the contact's, the
  // rest empty (docs/decisions.md, issue 12).
  const insertXmk = db.prepare(
    `INSERT INTO xmk (source_id, title, area_code, city_code, address, industry, stage, nature, investment, owner,
       owner_type, approval_authority, content, contact_company, contact_name, contact_phone, contact_address,
       publish_time, update_time, project_code, source_url)
     VALUES (@sourceId, @title, @areaCode, @cityCode, @contactAddress, @industry, @noticeType, '', @investment, @tenderer,
       '', '', @content, @contactCompany, @contactName, @contactPhone, @contactAddress, @publishTime, @updateTime,
       @projectCode, @sourceUrl)`,
  );
  const updateXmk = db.prepare(`UPDATE xmk SET ${xmkValues} WHERE id = @id`);
  const linkTenders = db.prepare<[number, string]>('UPDATE zb SET xmk_id = ? WHERE project_code = ? AND xmk_id IS NULL');
  // Checked first, for the reason given at relinkZb: most projects have no tender waiting.
  const unlinkedTender = db.prepare<[string], { id: number }>('SELECT id FROM zb WHERE project_code = ? AND xmk_id IS NULL LIMIT 1');
  const nextStageVersion = db.prepare<[number], { v: number }>(
    'SELECT coalesce(max(version), 0) + 1 AS v FROM xmk_version WHERE xmk_id = ?',
  );
  const insertStage = db.prepare<[number, number, string, string, string]>(
    'INSERT INTO xmk_version (xmk_id, version, stage, summary, change_time) VALUES (?, ?, ?, ?, ?)',
  );
  const nextVersion = db.prepare<[string, number], { v: number }>(
    'SELECT coalesce(max(version), 0) + 1 AS v FROM notice_version WHERE type = ? AND data_id = ?',
  );
  const insertVersion = db.prepare<[string, number, number, string, string, string]>(
    'INSERT INTO notice_version (type, data_id, version, record, changed_by, change_time) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const ftsDelete = {
    zb: db.prepare<[number]>('DELETE FROM zb_fts WHERE rowid = ?'),
    xmk: db.prepare<[number]>('DELETE FROM xmk_fts WHERE rowid = ?'),
  };
  const ftsInsert = { zb: ftsWriter(db, 'zb'), xmk: ftsWriter(db, 'xmk') };
  return {
    zbBySource,
    xmkBySource,
    projectByCode,
    insertZb,
    updateZb,
    relinkZb,
    insertXmk,
    updateXmk,
    linkTenders,
    unlinkedTender,
    nextStageVersion,
    insertStage,
    nextVersion,
    insertVersion,
    ftsDelete,
    ftsInsert,
    companies: companyWriter(db),
  };
}

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
  const w = writers(db);
  const now = formatDateTime(options.now);
  const result: NoticeImportResult = { total: records.length, inserted: 0, updated: 0, unchanged: 0 };

  db.transaction(() => {
    const imported: ImportedNotice[] = [];
    for (const { line, record } of ordered) {
      try {
        const kind = record.kind;
        const existingRow = (kind === 'zb' ? w.zbBySource : w.xmkBySource).get(record.sourceId);
        const previous = existingRow ? recordOfRow(kind, existingRow) : null;
        if (previous && sameRecord(previous, record)) {
          result.unchanged++;
          continue;
        }
        const xmkId = kind === 'zb' && record.projectCode ? (w.projectByCode.get(record.projectCode)?.id ?? null) : null;
        const values = params(record, existingRow ? now : record.publishTime, xmkId);
        let id: number;
        if (existingRow && previous) {
          id = existingRow.id;
          const version = w.nextVersion.get(kind, id)!.v;
          w.insertVersion.run(kind, id, version, JSON.stringify(previous), options.changedBy, now);
          if (kind === 'zb') {
            w.updateZb.run({ ...values, id });
            if (((existingRow as { xmkId?: number | null }).xmkId ?? null) !== xmkId) w.relinkZb.run(xmkId, id);
          } else {
            w.updateXmk.run({ ...values, id });
          }
          w.ftsDelete[kind].run(id);
          if (kind === 'xmk' && previous.noticeType !== record.noticeType) {
            w.insertStage.run(id, w.nextStageVersion.get(id)!.v, record.noticeType, `项目阶段变更为${stageLabel(record.noticeType)}`, now);
          }
          result.updated++;
        } else {
          id = Number((kind === 'zb' ? w.insertZb : w.insertXmk).run(values).lastInsertRowid);
          if (kind === 'xmk') {
            w.insertStage.run(id, 1, record.noticeType, `项目发布，当前阶段：${stageLabel(record.noticeType)}`, record.publishTime);
          }
          result.inserted++;
        }
        if (kind === 'xmk' && record.projectCode && w.unlinkedTender.get(record.projectCode)) {
          w.linkTenders.run(id, record.projectCode);
        }
        w.companies.write({ ...record, id }, !previous);
        w.ftsInsert[kind](id, indexDocument(record));
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
