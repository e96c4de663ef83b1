/**
 * Importing notices (docs/decisions/notices-import-and-versions.md). Two steps:
 *
 * 1. Check (`ImportChecker`): every line is parsed, checked, normalised and sanitised, and its
 *    search document made, before anything is written. Every bad line is reported (line, field,
 *    reason, the line itself). By default one bad line refuses the file; with `skipInvalid` the
 *    good ones go ahead and the bad ones are answered.
 * 2. Write (`ImportWriter`, one IMMEDIATE transaction for the file): new notices are inserted in
 *    publish order, changed ones updated after keeping their former state in notice_version,
 *    withdrawn ones moved out (withdraw.ts), and the search index (keyed in publish order,
 *    search/publish-order.ts), companies and alerts kept in step. Only the writing happens inside the transaction, so the write lock is held briefly.
 *
 * `npm run import` (streaming, cli/import.ts), `POST /admin/content/import` (in a worker thread,
 * import-runner.ts) and the demo feed all come through here.
 */
import type { NoticeChangedBy, NoticeImportReject, NoticeImportResult } from '@shared/content/notices';
import { formatDateTime } from '../../clock';
import { statementsOf, type Db, type Statements } from '../../db/connection';
import { META, setMeta } from '../../db/meta';
import { XMK_STAGES } from '../../reference/dictionaries';
import { ftsWriter, xmkDocument, zbDocument, type ContentTable } from '../../search/fts-index';
import type { FtsDocument } from '../../search/tokens';
import { ImportAlerts } from '../alerts/matching';
import { companyWriter, RESULT_NOTICE, type CompanyWriter } from '../company/maintain';
import { readAll, type ImportFormat, type SourceLine } from './import-source';
import {
  checkRecord,
  cityOf,
  NoticeDictionaries,
  recordOfRow,
  recordOfVersion,
  RecordError,
  type ImportedNotice,
  type NoticeRecord,
} from './notice-record';
import { importWriters, recordBySource, type WithdrawnRow } from './queries';
import * as q from './queries';
import { keepVersion, withdrawLive, type WithdrawContext, type WithdrawnExtra } from './withdraw';
import { metrics } from '../../metrics';

/** A refused file's report lists this many bad lines; the rest are counted. */
export const REJECTS_LISTED = 100;

/** At most this many lines per file through the admin call and the demo feed (the CLI streams any size). */
export const IMPORT_MAX_LINES = 1_000_000;

/** The message of a refused file: every listed bad line as "第 N 行：reason", then how many more. */
export function refusalMessage(rejected: number, rejects: readonly Pick<NoticeImportReject, 'line' | 'reason'>[]): string {
  const listed = rejects.slice(0, REJECTS_LISTED).map((r) => (r.line > 0 ? `第 ${r.line} 行：${r.reason}` : r.reason));
  const more = rejected - listed.length;
  const head = rejected > 1 ? `${rejected} 行有误，未写入任何数据：\n` : '';
  return `${head}${listed.join('\n')}${more > 0 ? `\n…另有 ${more} 行有误未列出` : ''}`;
}

/**
 * A refused file: nothing was written. `rejected` bad lines, the first REJECTS_LISTED of them in
 * `rejects`; the message lists them ("第 N 行：…").
 */
export class ImportError extends Error {
  override name = 'ImportError';
  constructor(
    readonly rejected: number,
    readonly rejects: readonly NoticeImportReject[],
  ) {
    super(refusalMessage(rejected, rejects));
  }

  /** The file as a whole is refused (empty, unreadable): no line to name. */
  static file(reason: string): ImportError {
    return new ImportError(1, [{ line: 0, field: null, reason, original: '' }]);
  }
}

/** A record ready to write: checked and normalised, its search document made. */
export interface PreparedNotice {
  line: number;
  record: NoticeRecord;
  withdrawn: boolean;
  doc: FtsDocument;
  /** The id a new notice takes (the companion keeps the CMS's ids, so links lead to the CMS's pages); default the next free one. */
  id?: number;
}

/** The search document of a record (made before the write transaction where memory allows). */
export function indexDocument(record: NoticeRecord): FtsDocument {
  const common = { title: record.title, content: record.content, areaCode: record.areaCode, cityCode: cityOf(record) };
  return record.kind === 'zb'
    ? zbDocument({ ...common, tenderer: record.tenderer, agency: record.agency, industry: record.industry, noticeType: record.noticeType })
    : xmkDocument({ ...common, owner: record.tenderer, industry: record.industry, stage: record.noticeType, nature: '' });
}

/** Step 1: checks the lines of one file, in order; the same `sourceId` twice is refused from its second line on. */
export class ImportChecker {
  private readonly dicts: NoticeDictionaries;
  private readonly seen = new Map<string, number>();

  constructor(
    sql: Statements,
    private readonly now: Date,
  ) {
    this.dicts = new NoticeDictionaries(sql);
  }

  check(source: SourceLine): PreparedNotice | NoticeImportReject {
    const reject = (reason: string, field: string | null): NoticeImportReject => ({
      line: source.line,
      field,
      reason,
      original: source.original,
    });
    if (source.problem !== undefined) return reject(source.problem, null);
    try {
      const { record, withdrawn } = checkRecord(source.value, this.dicts, this.now);
      const key = `${record.kind}:${record.sourceId}`;
      const first = this.seen.get(key);
      if (first !== undefined) return reject(`来源编号 ${record.sourceId} 与第 ${first} 行重复`, 'sourceId');
      this.seen.set(key, source.line);
      return { line: source.line, record, withdrawn, doc: indexDocument(record) };
    } catch (err) {
      if (err instanceof RecordError) return reject(err.message, err.field);
      throw err;
    }
  }
}

export const isRejected = (checked: PreparedNotice | NoticeImportReject): checked is NoticeImportReject => 'reason' in checked;

/** New notices in publish order (a stable sort: equal times keep file order). */
export const byPublishTime = (a: PreparedNotice, b: PreparedNotice) =>
  a.record.publishTime < b.record.publishTime ? -1 : a.record.publishTime > b.record.publishTime ? 1 : 0;

export interface ImportOptions {
  changedBy: NoticeChangedBy;
  now: Date;
  /** Write the good lines and answer the bad ones, instead of refusing the file. */
  skipInvalid?: boolean;
  /** The demo feed: not an import of real notices (the demo generator may go on writing, db/meta.ts). */
  demo?: boolean;
  /** Told how long the check (outside the transaction) and the write transaction took. */
  onTimings?: (timings: ImportTimings) => void;
  /**
   * A companion's push path: each record's sourceId is the CMS's id of the notice, which the notice
   * takes here (as the follower's do), so links lead to the CMS's page and the follower's later
   * read of the same notice updates it instead of adding a second.
   */
  idsFromSource?: boolean;
}

export const MSG_SOURCE_ID_NOT_CMS_ID = '伴随服务导入时 sourceId 必须是该公告在 CMS 中的 id（正整数）';

export interface ImportTimings {
  checkMs: number;
  /** How long the write lock was held. */
  writeMs: number;
}

export type ImportCounts = Pick<NoticeImportResult, 'inserted' | 'updated' | 'unchanged' | 'withdrawn'>;

const sameRecord = (a: NoticeRecord, b: NoticeRecord) => JSON.stringify(a) === JSON.stringify(b);

const stageLabel = (stage: string) => XMK_STAGES.find((s) => s.value === stage)?.label ?? stage;

/** Flat named parameters of a record for the import's statements. */
function params(record: NoticeRecord, updateTime: string, xmkId: number | null, id: number | null = null, views = 0) {
  return {
    id,
    views,
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
    winAmountText: record.winAmountText,
    candidates: JSON.stringify(record.candidates),
    attachments: JSON.stringify(record.attachments),
    dateOnly: record.dateOnly.join(','),
    sourceUrl: record.sourceUrl,
  };
}

/** Called after an import that changed something has committed, per database (see whenImported). */
const importListeners = new WeakMap<Db, Set<() => void>>();

/**
 * Run `listener` after every import into `db` (this process's, the admin call's worker included)
 * that inserted, changed or withdrew notices has committed: the backend sends the "immediately"
 * mail digests at once rather than at its next minute. Returns the function that stops it.
 */
export function whenImported(db: Db, listener: () => void): () => void {
  let listeners = importListeners.get(db);
  if (!listeners) importListeners.set(db, (listeners = new Set()));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tell `db`'s listeners that an import committed changes. */
export function notifyImported(db: Db, counts: ImportCounts): void {
  metrics.importRows.inc(counts.inserted + counts.updated + counts.unchanged + counts.withdrawn);
  if (counts.inserted + counts.updated + counts.withdrawn === 0) return;
  for (const listener of importListeners.get(db) ?? []) listener();
}

/**
 * Notices handed to the alerts, and search documents written, per batch, so a big file's records
 * need not stay in memory.
 */
const BATCH = 1000;

/**
 * Step 2: writes prepared notices. Call `write` inside one transaction (`writeImport`), records in
 * publish order, then `finish`.
 */
export class ImportWriter {
  readonly counts: ImportCounts = { inserted: 0, updated: 0, unchanged: 0, withdrawn: 0 };
  private readonly sql: Statements;
  private readonly w: ReturnType<typeof importWriters>;
  private readonly companies: CompanyWriter;
  private readonly fts: Record<ContentTable, (id: number, doc: FtsDocument) => void>;
  private readonly alerts: ImportAlerts;
  private readonly ctx: WithdrawContext;
  private imported: ImportedNotice[] = [];
  /**
   * The search index's writes, run together per batch: FTS5 flushes what it holds in memory to a
   * new segment whenever another table's statement opens a savepoint (a statement that fires a
   * trigger does),
   * so a document written between two rows costs a segment of its own (3× slower for large bodies).
   */
  private indexWrites: { kind: ContentTable; id: number; doc: FtsDocument | null }[] = [];
  /** Per kind: the highest id a withdrawn notice keeps, which new ids must stay above. */
  private readonly reserved: Record<ContentTable, number>;

  constructor(
    private readonly db: Db,
    private readonly options: ImportOptions,
  ) {
    this.sql = statementsOf(db);
    this.w = importWriters(this.sql);
    this.companies = companyWriter(db);
    this.fts = { zb: ftsWriter(db, 'zb'), xmk: ftsWriter(db, 'xmk') };
    this.alerts = new ImportAlerts(this.sql, options.now);
    this.ctx = { sql: this.sql, companies: this.companies, changedBy: options.changedBy, now: formatDateTime(options.now) };
    this.reserved = {
      zb: q.highestWithdrawnId.get(this.sql, { type: 'zb' })!.id,
      xmk: q.highestWithdrawnId.get(this.sql, { type: 'xmk' })!.id,
    };
  }

  /** The id for a new notice: SQLite's next, unless that would reuse a withdrawn notice's. */
  private newId(kind: ContentTable): number | null {
    const reserved = this.reserved[kind];
    return reserved > 0 && q.highestId(this.sql, kind) <= reserved ? reserved + 1 : null;
  }

  /** Write one notice (inside the transaction). */
  write(notice: PreparedNotice): void {
    try {
      this.writeOne(notice);
    } catch (err) {
      if (err instanceof ImportError) throw err;
      const reason = `写入失败（${err instanceof Error ? err.message : String(err)}）`;
      throw new ImportError(1, [{ line: notice.line, field: null, reason, original: '' }]);
    }
    if (this.imported.length >= BATCH || this.indexWrites.length >= BATCH) this.flushBatch();
  }

  /** After the last record: the remaining alerts, and the mark that real notices came in. */
  finish(): ImportCounts {
    this.flushBatch();
    const changed = this.counts.inserted + this.counts.updated + this.counts.withdrawn;
    if (!this.options.demo && changed > 0) setMeta(this.db, META.imported, this.ctx.now);
    return this.counts;
  }

  private flushBatch(): void {
    const { w } = this;
    for (const { kind, id, doc } of this.indexWrites) {
      if (doc === null) w.ftsDelete[kind].run({ id });
      else this.fts[kind](id, doc);
    }
    this.indexWrites = [];
    this.alerts.record(this.imported);
    this.imported = [];
  }

  private writeOne({ record, withdrawn, doc, id: givenId }: PreparedNotice): void {
    const { sql, w, ctx, counts } = this;
    const kind = record.kind;
    const existingRow = recordBySource(sql, kind, record.sourceId);
    const previous = existingRow ? recordOfRow(kind, existingRow) : null;
    const tombstone = existingRow ? undefined : q.withdrawnBySource.get(sql, { type: kind, sourceId: record.sourceId });

    if (withdrawn) {
      if (existingRow && previous) withdrawLive(ctx, kind, existingRow.id, previous, record);
      else if (tombstone) {
        const kept = recordOfVersion(tombstone.record);
        if (sameRecord(kept, record)) {
          counts.unchanged++;
          return;
        }
        keepVersion(ctx, kind, tombstone.id, kept);
        q.updateWithdrawn.run(sql, { type: kind, id: tombstone.id, record: JSON.stringify(record), by: ctx.changedBy, time: ctx.now });
      } else {
        // Withdrawn before we ever had it: kept under an id of its own, so a re-import changes nothing.
        const id = Math.max(q.highestId(sql, kind), this.reserved[kind]) + 1;
        this.reserved[kind] = id;
        q.insertWithdrawn.run(sql, {
          type: kind,
          id,
          sourceId: record.sourceId,
          record: JSON.stringify(record),
          extra: '{}',
          by: ctx.changedBy,
          time: ctx.now,
        });
      }
      counts.withdrawn++;
      return;
    }

    if (existingRow && previous && sameRecord(previous, record)) {
      counts.unchanged++;
      return;
    }
    const xmkId = kind === 'zb' && record.projectCode ? (w.projectByCode.get({ projectCode: record.projectCode })?.id ?? null) : null;
    let id: number;
    let before: NoticeRecord | null = previous;
    if (existingRow && previous) {
      id = existingRow.id;
      keepVersion(ctx, kind, id, previous);
      const values = params(record, ctx.now, xmkId);
      if (kind === 'zb') {
        w.updateZb.run({ ...values, id });
        if ((existingRow.xmkId ?? null) !== xmkId) w.relinkZb.run({ xmkId, id });
      } else {
        w.updateXmk.run({ ...values, id });
      }
      this.indexWrites.push({ kind, id, doc: null });
      if (kind === 'xmk' && previous.noticeType !== record.noticeType) this.appendStage(id, record.noticeType);
      counts.updated++;
    } else if (tombstone) {
      id = tombstone.id;
      before = this.restore(kind, tombstone, record, xmkId);
      counts.updated++;
    } else {
      id = Number(
        (kind === 'zb' ? w.insertZb : w.insertXmk).run(params(record, record.publishTime, xmkId, givenId ?? this.newId(kind)))
          .lastInsertRowid,
      );
      if (kind === 'xmk') {
        const summary = `项目发布，当前阶段：${stageLabel(record.noticeType)}`;
        w.insertStage.run({ id, version: 1, stage: record.noticeType, summary, time: record.publishTime });
      }
      counts.inserted++;
    }
    if (kind === 'xmk' && record.projectCode && w.unlinkedTender.get({ projectCode: record.projectCode })) {
      w.linkTenders.run({ id, projectCode: record.projectCode });
    }
    this.companies.write({ ...record, id }, before === null);
    // Only the latest 中标结果 of a process credits its winner: the others are credited again.
    if (kind === 'zb') {
      for (const code of new Set([record.processCode, before?.processCode ?? null])) {
        if (code && (record.noticeType === RESULT_NOTICE || before?.noticeType === RESULT_NOTICE)) this.companies.recreditResults(code, id);
      }
    }
    this.indexWrites.push({ kind, id, doc });
    this.imported.push({ kind, id, change: before ? 'updated' : 'inserted', record, previous: before });
  }

  private appendStage(id: number, stage: string): void {
    const { w, ctx } = this;
    w.insertStage.run({
      id,
      version: w.nextStageVersion.get({ id })!.v,
      stage,
      summary: `项目阶段变更为${stageLabel(stage)}`,
      time: ctx.now,
    });
  }

  /** A withdrawn notice published again: back under its id, its withdrawn state kept as a version. */
  private restore(kind: ContentTable, tombstone: WithdrawnRow, record: NoticeRecord, xmkId: number | null): NoticeRecord {
    const { sql, w, ctx } = this;
    const kept = recordOfVersion(tombstone.record);
    const extra = JSON.parse(tombstone.extra) as WithdrawnExtra;
    q.deleteWithdrawn.run(sql, { type: kind, id: tombstone.id });
    const id = tombstone.id;
    (kind === 'zb' ? w.insertZb : w.insertXmk).run(params(record, ctx.now, xmkId, id, extra.views ?? 0));
    keepVersion(ctx, kind, id, kept);
    if (kind === 'xmk') {
      const stages = extra.stages ?? [];
      for (const s of stages) w.insertStage.run({ id, version: s.version, stage: s.stage, summary: s.summary, time: s.changeTime });
      if (stages.length === 0) {
        w.insertStage.run({
          id,
          version: 1,
          stage: record.noticeType,
          summary: `项目发布，当前阶段：${stageLabel(record.noticeType)}`,
          time: record.publishTime,
        });
      } else if (stages.at(-1)!.stage !== record.noticeType) this.appendStage(id, record.noticeType);
    }
    return kept;
  }
}

/**
 * Write prepared notices (in publish order) in one IMMEDIATE transaction: take the write lock first
 * (waiting up to busy_timeout) rather than fail on upgrading a read snapshot that another
 * connection's writes have moved past.
 */
export function writeImport(db: Db, notices: Iterable<PreparedNotice>, options: ImportOptions): ImportCounts {
  return db
    .transaction(() => {
      const writer = new ImportWriter(db, options);
      for (const notice of notices) writer.write(notice);
      return writer.finish();
    })
    .immediate();
}

/** Check every line of a file held in memory: the good ones prepared, the bad ones reported. */
export function checkLines(
  db: Db,
  lines: readonly SourceLine[],
  now: Date,
  idsFromSource = false,
): { prepared: PreparedNotice[]; rejects: NoticeImportReject[] } {
  const checker = new ImportChecker(statementsOf(db), now);
  const prepared: PreparedNotice[] = [];
  const rejects: NoticeImportReject[] = [];
  for (const line of lines) {
    const checked = checker.check(line);
    if (isRejected(checked)) rejects.push(checked);
    else if (!idsFromSource) prepared.push(checked);
    else if (/^[1-9]\d{0,14}$/.test(checked.record.sourceId)) prepared.push({ ...checked, id: Number(checked.record.sourceId) });
    else rejects.push({ line: line.line, field: 'sourceId', reason: MSG_SOURCE_ID_NOT_CMS_ID, original: line.original });
  }
  return { prepared, rejects };
}

/**
 * Import a whole file held in memory (text of JSON Lines, or CSV). Throws ImportError (nothing
 * written) for bad lines unless `skipInvalid`. Synchronous: the demo feed and tests call it on the
 * app's connection; the admin call runs it in a worker (import-runner.ts).
 */
export function importNotices(db: Db, text: string, options: ImportOptions, format: ImportFormat = 'jsonl'): NoticeImportResult {
  const started = performance.now();
  const lines = readAll(text, format);
  if (lines.length > IMPORT_MAX_LINES) throw ImportError.file(`文件超过 ${IMPORT_MAX_LINES} 行：请用 npm run import 导入`);
  const { prepared, rejects } = checkLines(db, lines, options.now, options.idsFromSource);
  if (prepared.length === 0 && rejects.length === 0) throw ImportError.file('文件中没有记录');
  if (rejects.length > 0 && !options.skipInvalid) throw new ImportError(rejects.length, rejects.slice(0, REJECTS_LISTED));
  const checked = performance.now();
  const counts =
    prepared.length === 0
      ? { inserted: 0, updated: 0, unchanged: 0, withdrawn: 0 }
      : writeImport(db, prepared.sort(byPublishTime), options);
  options.onTimings?.({ checkMs: checked - started, writeMs: performance.now() - checked });
  notifyImported(db, counts);
  return {
    total: prepared.length + rejects.length,
    ...counts,
    rejected: rejects.length,
    ...(options.skipInvalid ? { rejects } : {}),
  };
}
