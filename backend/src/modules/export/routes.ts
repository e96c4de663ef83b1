/**
 * Export to Excel (ext feature 'export'; docs/api.md "Export"): the project and tender
 * searches (the search's own query and code), the favourites and the visit CRM as .xlsx files.
 *
 * - Quota: rows per member per Shanghai day by tier (`QUOTAS.exportRowsPerDay`). With none left
 *   the answer is the envelope `{code: 403, msg}`, before any byte of a file; an export larger
 *   than what is left is cut to it, says so in a last line and in `X-Export-Truncated`.
 * - Counting: the rows an export may send are recorded when it starts (so two exports cannot both
 *   spend the same rows) and corrected to the rows written when it ends (a client that leaves
 *   early pays for what it got).
 * - Each export reads through a read-only connection of its own (db/connection.ts openReader), so
 *   its open iterator never blocks the main connection's writes, and ends with its snapshot.
 */
import type { Request, Response } from 'express';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { formatDate, formatDateTime } from '../../clock';
import type { AppContext } from '../../context';
import { openReader, Statements } from '../../db/connection';
import { ApiError } from '../../envelope';
import type { Routes } from '../../routing';
import { siteBase } from '../../site-base';
import { xmkSearchFilters, zbSearchFilters } from '../content/inputs';
import { ContentSearch } from '../content/search';
import { memberAccess } from '../member/access';
import { capMessage } from '../member/quota';
import { insertExportLog, setExportedRows } from './queries';
import { favoriteExport, visitExport, xmkExport, zbExport, type ExportContext } from './sheets';
import { contentDisposition, streamSheet, XLSX_TYPE, type Column } from './workbook';
import { metrics } from '../../metrics';

/** Exports running at once, all members together: each holds a connection and a zip stream. */
export const MAX_CONCURRENT_EXPORTS = 4;

export const EXPORT_HEADERS = {
  /** rows in the file */
  rows: 'X-Export-Rows',
  /** `1` when the file was cut to the day's remaining quota */
  truncated: 'X-Export-Truncated',
  /** rows the member may still export today, after this file */
  remaining: 'X-Export-Remaining',
} as const;

export const MSG_EXPORT_RUNNING = '您有一个导出正在进行，请完成后再试';
export const MSG_EXPORTS_BUSY = '导出任务较多，请稍后再试';
export const MSG_EXPORT_EMPTY = '没有符合条件的数据';

type ExportKind = 'zb' | 'xmk' | 'favorites' | 'visits';

const FILE_NAMES: Record<ExportKind, { name: string; ascii: string; sheet: string }> = {
  zb: { name: '招标信息', ascii: 'zb', sheet: '招标信息' },
  xmk: { name: '项目库', ascii: 'xmk', sheet: '项目库' },
  favorites: { name: '我的收藏', ascii: 'favorites', sheet: '我的收藏' },
  visits: { name: '拜访客户', ascii: 'visits', sheet: '拜访客户' },
};

/** An export's rows: how many there are (counted no further than a limit), and the rows. */
interface Source<R> {
  columns: readonly Column<R>[];
  count(limit: number): number;
  rows(limit: number): Iterable<R>;
}

export interface ExportOptions {
  /** Replaces the tiers' daily rows (benchmarks export 100,000 rows). */
  rowsPerDay?: number;
}

export function registerExportRoutes(routes: Routes, ctx: AppContext, options: ExportOptions = {}): void {
  const running = new Set<number>();

  /** The member's daily quota, or the refusal when none is left. */
  const quotaOf = (memberId: number) => {
    const usage = ctx.quotas.usage(memberId, 'exportRowsPerDay');
    const cap = options.rowsPerDay ?? usage.cap;
    const remaining = cap - usage.used;
    if (remaining <= 0) throw new ApiError(403, capMessage('exportRowsPerDay', usage.level, cap));
    return { remaining };
  };

  async function run<R>(
    req: Request,
    res: Response,
    memberId: number,
    kind: ExportKind,
    source: (ctx: ExportContext, now: Date) => Source<R>,
  ): Promise<void> {
    if (running.has(memberId)) throw new ApiError(429, MSG_EXPORT_RUNNING);
    if (running.size >= MAX_CONCURRENT_EXPORTS) throw new ApiError(429, MSG_EXPORTS_BUSY);
    const now = ctx.clock();
    const { remaining } = quotaOf(memberId);
    const reader = openReader(ctx.db);
    running.add(memberId);
    try {
      const exportCtx: ExportContext = {
        sql: new Statements(reader),
        links: { base: siteBase(ctx.config, req) },
        access: memberAccess(ctx.sql, memberId, now),
      };
      const { columns, count, rows } = source(exportCtx, now);
      const matching = count(remaining + 1);
      const granted = Math.min(matching, remaining);
      const truncated = matching > remaining;
      const file = FILE_NAMES[kind];
      const day = formatDate(now).replace(/-/g, '');
      res.status(200);
      res.set({
        'Content-Type': XLSX_TYPE,
        'Content-Disposition': contentDisposition(`${file.name}_${day}.xlsx`, `${file.ascii}-${day}.xlsx`),
        [EXPORT_HEADERS.rows]: String(granted),
        [EXPORT_HEADERS.truncated]: truncated ? '1' : '0',
        [EXPORT_HEADERS.remaining]: String(remaining - granted),
      });
      // HEAD (Express runs GET's handler) answers the headers and sends no rows, so it costs none.
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      // No await since the quota was read: nothing else ran, so the reservation cannot overspend.
      const entry = { memberId, kind, rows: granted, time: formatDateTime(now) };
      const logId = granted > 0 ? Number(insertExportLog.run(ctx.sql, entry).lastInsertRowid) : null;
      const note = truncated
        ? `今日导出额度剩余 ${remaining} 条，本次仅导出前 ${granted} 条；明天或升级会员后可导出更多`
        : granted === 0
          ? MSG_EXPORT_EMPTY
          : undefined;
      const written = await streamSheet(res, { sheetName: file.sheet, columns, rows: rows(granted), note });
      metrics.exportRows.inc(written);
      if (logId !== null && written < granted) {
        setExportedRows.run(ctx.sql, { id: logId, rows: written });
      }
    } finally {
      running.delete(memberId);
      reader.close();
    }
  }

  routes.memberFile(ENDPOINTS.exportZb, (req, res, session, { query }) =>
    run(req, res, session.memberId, 'zb', (exportCtx, now) =>
      zbExport(exportCtx, new ContentSearch(exportCtx.sql, ctx.stats), zbSearchFilters(query, now)),
    ),
  );

  routes.memberFile(ENDPOINTS.exportXmk, (req, res, session, { query }) =>
    run(req, res, session.memberId, 'xmk', (exportCtx) =>
      xmkExport(exportCtx, new ContentSearch(exportCtx.sql, ctx.stats), xmkSearchFilters(query)),
    ),
  );

  routes.memberFile(ENDPOINTS.exportFavorites, (req, res, session, { query }) =>
    run(req, res, session.memberId, 'favorites', (exportCtx) => favoriteExport(exportCtx, query)),
  );

  routes.memberFile(ENDPOINTS.exportVisits, (req, res, session, { query }) =>
    run(req, res, session.memberId, 'visits', (exportCtx, now) => visitExport(exportCtx, query, formatDate(now))),
  );
}
