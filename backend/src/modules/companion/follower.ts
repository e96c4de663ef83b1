/**
 * The companion follows the CMS through the CMS's own public calls (docs/decisions/companion.md):
 *
 * - `follow` (every CMS_FOLLOW_INTERVAL seconds): per kind, the search's newest rows down to the
 *   cursor (publish time and id of the newest notice read) less an overlap window; the detail of
 *   every row past the cursor, and of rows in the window whose list fields changed, goes through the
 *   import — versions, lifecycles, diffs and alerts as for any import. The cursor moves after each
 *   batch is written, so a restart carries on where the last run stopped.
 * - `reconcile` (every CMS_FOLLOW_RECONCILE seconds): the CMS's listing of the last
 *   CMS_FOLLOW_RECONCILE_DAYS days against what is held here. A notice held here and gone from the CMS
 *   (its detail answers 404/410) is withdrawn through the import, as a withdrawal file would; rows
 *   not held here (listed later than the overlap window allowed for), rows whose list fields changed,
 *   and CMS_FOLLOW_RECHECK notices in turn (an edit of the body alone shows in no list) are read again.
 *
 * Calls are sequential, each after CMS_FOLLOW_PAUSE_MS and within CMS_FOLLOW_TIMEOUT_MS. A CMS that
 * fails stops the run; the next runs wait twice as long each time (up to MAX_BACKOFF_MS). The
 * writes are the import's short transactions of at most one page of notices.
 */
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { NoticeImportRecord } from '@shared/content/notices';
import type { TableDataInfo } from '@shared/contract/common';
import type { XmkDetail, ZbDetail } from '@shared/content/types';
import { addDays, formatDate, formatDateTime, MINUTE_MS, parseLocalDateTime, startOfDay, type Clock } from '../../clock';
import type { FollowConfig } from '../../config';
import { statementsOf, type Db, type Statements } from '../../db/connection';
import { META, metaValue, setMeta } from '../../db/meta';
import type { Logger } from '../../log';
import { metrics } from '../../metrics';
import type { ContentTable } from '../../search/fts-index';
import {
  byPublishTime,
  ImportChecker,
  ImportError,
  indexDocument,
  isRejected,
  notifyImported,
  writeImport,
  type ImportCounts,
  type PreparedNotice,
} from '../content/import';
import { recordOfRow } from '../content/notice-record';
import { recordRow } from '../content/queries';
import { CmsError, type CmsClient } from './cms-client';
import { listedDiffers, xmkRecord, zbRecord, type ListRow } from './cms-records';
import { liveSince } from './queries';

/** The longest wait after failures. */
export const MAX_BACKOFF_MS = 10 * MINUTE_MS;
/** Search pages read per listing at most (a safety stop, far above a province's month). */
const MAX_PAGES = 2_000;

const KINDS: readonly ContentTable[] = ['zb', 'xmk'];

const SEARCH = { zb: ENDPOINTS.zbSearch.path, xmk: ENDPOINTS.xmkSearch.path };
const DETAIL = { zb: ENDPOINTS.zbDetailPublic.path, xmk: ENDPOINTS.xmkDetailPublic.path };
/** The member's detail calls: what the service bearer reads (the public ones mask whoever asks). */
const MEMBER_DETAIL = { zb: ENDPOINTS.biddingData.path, xmk: ENDPOINTS.xmkDetailMember.path };
const CURSOR_KEY = { zb: META.followZb, xmk: META.followXmk };

export interface FollowReport extends ImportCounts {
  /** list rows read */
  listed: number;
  /** details read */
  details: number;
  /** records the import refused (logged) */
  rejected: number;
}

interface Cursor {
  time: string;
  id: number;
}

const after = (row: { publishTime: string; id: number }, cursor: Cursor | null) =>
  cursor === null || row.publishTime > cursor.time || (row.publishTime === cursor.time && row.id > cursor.id);

const ascending = (a: ListRow, b: ListRow) => (a.publishTime < b.publishTime ? -1 : a.publishTime > b.publishTime ? 1 : a.id - b.id);

export class CmsFollower {
  private readonly sql: Statements;
  private failures = 0;
  private pausedUntil = 0;
  /** Per kind: the last id re-read by the rolling recheck. */
  private readonly recheckAfter: Record<ContentTable, number> = { zb: 0, xmk: 0 };
  /** The service bearer details are read with, until the CMS refuses it. */
  private serviceToken: string | undefined;

  constructor(
    private readonly db: Db,
    private readonly cms: CmsClient,
    private readonly config: FollowConfig,
    private readonly clock: Clock,
    private readonly log: Logger,
    /** Told after a write that changed notices (the content counts' cache). */
    private readonly onChanged: () => void = () => undefined,
  ) {
    this.sql = statementsOf(db);
    this.serviceToken = config.serviceToken;
  }

  /**
   * A notice's detail, read through the member's call with the service bearer when there is one:
   * unmasked contacts. A
   * bearer the CMS refuses (expired, revoked) is dropped once, said in the log without the token,
   * and the read goes on as a visitor's.
   */
  private async readDetail(kind: ContentTable, id: number) {
    const bearer = this.serviceToken;
    try {
      return await this.cms.get(bearer === undefined ? DETAIL[kind] : MEMBER_DETAIL[kind], { params: { id }, paced: true, bearer });
    } catch (err) {
      if (!(err instanceof CmsError && err.failure === 'unauthorized' && bearer !== undefined)) throw err;
      this.serviceToken = undefined;
      this.log.error('companion: the CMS refused CMS_SERVICE_TOKEN; reading as a visitor (masked contacts) until restarted with a new one');
      return this.cms.get(DETAIL[kind], { params: { id }, paced: true });
    }
  }

  /** One pass over the newest notices of both kinds; null while backing off. */
  follow(): Promise<FollowReport | null> {
    return this.guarded('following', async (report) => {
      for (const kind of KINDS) await this.followKind(kind, report);
      metrics.cmsFollowedAt.set(this.clock().getTime() / 1000);
    });
  }

  /** One reconciliation pass; null while backing off. */
  reconcile(): Promise<FollowReport | null> {
    return this.guarded('reconciling', async (report) => {
      for (const kind of KINDS) await this.reconcileKind(kind, report);
    });
  }

  private async guarded(what: string, work: (report: FollowReport) => Promise<void>): Promise<FollowReport | null> {
    const started = this.clock().getTime();
    if (started < this.pausedUntil) return null;
    const report: FollowReport = { listed: 0, details: 0, inserted: 0, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0 };
    try {
      await work(report);
      if (this.failures > 0) this.log.info(`companion: the CMS answers again, ${what} resumed`);
      this.failures = 0;
    } catch (err) {
      if (!(err instanceof CmsError)) throw err;
      this.failures++;
      const wait = Math.min(MAX_BACKOFF_MS, this.config.intervalSeconds * 1000 * 2 ** (this.failures - 1));
      this.pausedUntil = this.clock().getTime() + wait;
      this.log.error(`companion: ${what} the CMS stopped: ${err.message}; next try in ${Math.round(wait / 1000)} s`);
    }
    return report;
  }

  private cursor(kind: ContentTable): Cursor | null {
    const value = metaValue(this.db, CURSOR_KEY[kind]);
    const at = value?.lastIndexOf('|') ?? -1;
    return value && at > 0 ? { time: value.slice(0, at), id: Number(value.slice(at + 1)) } : null;
  }

  private async followKind(kind: ContentTable, report: FollowReport): Promise<void> {
    let cursor = this.cursor(kind);
    const now = this.clock();
    const since = cursor
      ? formatDateTime(new Date(parseLocalDateTime(cursor.time)!.getTime() - this.config.overlapMinutes * MINUTE_MS))
      : formatDateTime(startOfDay(addDays(now, -this.config.reconcileDays)));
    const rows = [...(await this.listSince(kind, since, report)).values()].sort(ascending);
    const wanted = rows.filter((row) => after(row, cursor) || this.changedInList(kind, row));
    for (let start = 0; start < wanted.length; start += this.config.pageSize) {
      const batch = wanted.slice(start, start + this.config.pageSize);
      await this.readAndWrite(
        kind,
        batch.map((row) => row.id),
        report,
      );
      const last = batch.at(-1)!;
      if (after(last, cursor)) {
        cursor = { time: last.publishTime, id: last.id };
        setMeta(this.db, CURSOR_KEY[kind], `${cursor.time}|${cursor.id}`);
      }
    }
  }

  private async reconcileKind(kind: ContentTable, report: FollowReport): Promise<void> {
    const started = formatDateTime(this.clock());
    const since = formatDateTime(startOfDay(addDays(this.clock(), -this.config.reconcileDays)));
    const listed = await this.listSince(kind, since, report);
    const held = liveSince(this.sql, kind, since);
    // Gone from the listing: withdrawn at the CMS, unless its detail is still there.
    const missing = held.filter((h) => !listed.has(h.id) && h.publishTime <= started).map((h) => h.id);
    // Listed with other fields, or not held here: a notice that came in later than the overlap window.
    const changed = [...listed.values()].filter((row) => this.changedInList(kind, row)).map((row) => row.id);
    const taken = new Set([...missing, ...changed]);
    const turn = held.filter((h) => !taken.has(h.id)).map((h) => h.id);
    const next = turn.findIndex((id) => id > this.recheckAfter[kind]);
    const recheck = [...turn.slice(next < 0 ? 0 : next), ...turn.slice(0, next < 0 ? 0 : next)].slice(0, this.config.recheckPerPass);
    if (recheck.length > 0) this.recheckAfter[kind] = recheck.at(-1)!;
    const again = [...missing, ...changed, ...recheck];
    for (let start = 0; start < again.length; start += this.config.pageSize) {
      await this.readAndWrite(kind, again.slice(start, start + this.config.pageSize), report);
    }
  }

  /** Whether a row held here reads differently in the CMS's list. */
  private changedInList(kind: ContentTable, row: ListRow): boolean {
    const held = recordRow(this.sql, kind, row.id);
    return held === undefined || listedDiffers(row, recordOfRow(kind, held));
  }

  /** The search's rows published at `since` or later, newest first until one is older. */
  private async listSince(kind: ContentTable, since: string, report: FollowReport): Promise<Map<number, ListRow>> {
    const rows = new Map<number, ListRow>();
    const beginTime = formatDate(parseLocalDateTime(since)!);
    const pageSize = this.config.pageSize;
    for (let pageNum = 1; pageNum <= MAX_PAGES; pageNum++) {
      const page = (await this.cms.get(SEARCH[kind], {
        query: { pageNum, pageSize, orderBy: 'time', isAsc: 'desc', beginTime },
        paced: true,
      })) as unknown as TableDataInfo<ListRow>;
      const pageRows = page.rows ?? [];
      report.listed += pageRows.length;
      let older = false;
      for (const row of pageRows) {
        if (row.publishTime < since) older = true;
        else rows.set(row.id, row);
      }
      if (older || pageRows.length < pageSize) break;
    }
    return rows;
  }

  /** Read the details of `ids` and write them through the import; a detail gone withdraws the notice held here. */
  private async readAndWrite(kind: ContentTable, ids: readonly number[], report: FollowReport): Promise<void> {
    const read: { id: number; record: NoticeImportRecord }[] = [];
    const gone: number[] = [];
    for (const id of ids) {
      try {
        const answer = await this.readDetail(kind, id);
        report.details++;
        const detail = answer.data as ZbDetail | XmkDetail | null | undefined;
        if (!detail) gone.push(id);
        else read.push({ id, record: kind === 'zb' ? zbRecord(detail as ZbDetail) : xmkRecord(detail as XmkDetail) });
      } catch (err) {
        if (err instanceof CmsError && err.failure === 'gone') gone.push(id);
        else throw err;
      }
    }
    const now = this.clock();
    const checker = new ImportChecker(this.sql, now);
    const prepared: PreparedNotice[] = [];
    read.forEach(({ id, record }, index) => {
      const checked = checker.check({ line: index + 1, original: '', value: record });
      if (isRejected(checked)) {
        report.rejected++;
        this.log.error(`companion: ${kind} ${id} of the CMS refused by the import: ${checked.reason}`);
      } else prepared.push({ ...checked, id });
    });
    for (const id of gone) {
      const row = recordRow(this.sql, kind, id);
      if (!row) continue;
      const record = recordOfRow(kind, row);
      prepared.push({ line: 0, record, withdrawn: true, doc: indexDocument(record), id });
    }
    this.write(prepared.sort(byPublishTime), now, report);
  }

  /** One import transaction; a notice the import cannot write (its id taken by another) is left out, alone. */
  private write(prepared: readonly PreparedNotice[], now: Date, report: FollowReport): void {
    if (prepared.length === 0) return;
    let counts: ImportCounts;
    try {
      counts = writeImport(this.db, prepared, { changedBy: 'import', now });
    } catch (err) {
      if (!(err instanceof ImportError) || prepared.length === 1) {
        report.rejected += prepared.length;
        this.log.error(`companion: writing ${prepared.length} notice(s) of the CMS failed`, err);
        return;
      }
      for (const one of prepared) this.write([one], now, report);
      return;
    }
    for (const key of ['inserted', 'updated', 'unchanged', 'withdrawn'] as const) report[key] += counts[key];
    notifyImported(this.db, counts);
    if (counts.inserted + counts.updated + counts.withdrawn > 0) this.onChanged();
  }
}
