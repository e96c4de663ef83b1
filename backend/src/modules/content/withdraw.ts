/**
 * Withdrawn notices (docs/decisions/notices-import-and-versions.md). A publisher pulls a page: the
 * import gets its last record with `"withdrawn": true`, or staff call `DELETE /admin/content/{kind}/{id}`.
 * The row leaves zb/xmk (so every list, search, count, feed and company page drops it at once,
 * whatever query reads them) and is kept in notice_withdrawn under its id: its detail answers 410
 * 本公告已撤销, its last version stays in notice_version, and a later import of the same notice
 * without the flag brings it back under the same id.
 */
import type { NoticeChangedBy, NoticeWithdrawal } from '@shared/content/notices';
import { formatDateTime } from '../../clock';
import { statementsOf, type Db, type Statements } from '../../db/connection';
import { ApiError } from '../../envelope';
import type { ContentTable } from '../../search/fts-index';
import { forgetAlertsOf } from '../alerts/matching';
import { companyWriter, RESULT_NOTICE, type CompanyWriter } from '../company/maintain';
import { recordOfRow, type NoticeRecord } from './notice-record';
import * as q from './queries';

export const MSG_WITHDRAWN = '本公告已撤销';

/** The answer of a withdrawn notice's detail: code 410 (Gone), the page's status too. */
export const withdrawnError = () => new ApiError(410, MSG_WITHDRAWN);

/** What a withdrawn notice's row held besides its record, to bring it back as it was. */
export interface WithdrawnExtra {
  views?: number;
  /** xmk: its stage history */
  stages?: { version: number; stage: string; summary: string; changeTime: string }[];
}

export const isWithdrawn = (sql: Statements, type: ContentTable, id: number) => q.withdrawnById.get(sql, { type, id }) !== undefined;

/** What a withdrawal writes with, shared with the import's writer. */
export interface WithdrawContext {
  sql: Statements;
  companies: CompanyWriter;
  changedBy: NoticeChangedBy;
  /** `yyyy-MM-dd HH:mm:ss` */
  now: string;
}

/** Keep `record` (the state before a change) as the notice's next version. */
export function keepVersion(ctx: WithdrawContext, type: ContentTable, id: number, record: NoticeRecord): void {
  const w = q.importWriters(ctx.sql);
  const version = w.nextVersion.get({ type, id })!.v;
  w.insertVersion.run({ type, id, version, record: JSON.stringify(record), changedBy: ctx.changedBy, time: ctx.now });
}

/**
 * Take live notice `id` out: its current state `current` becomes a version, `last` (what the
 * publisher sent with the flag; `current` for staff) is kept as the withdrawn record. Call inside a
 * transaction.
 */
export function withdrawLive(ctx: WithdrawContext, type: ContentTable, id: number, current: NoticeRecord, last: NoticeRecord): void {
  const { sql } = ctx;
  keepVersion(ctx, type, id, current);
  const extra: WithdrawnExtra = { views: q.viewsOf(sql, type, id) };
  if (type === 'xmk') extra.stages = q.stageRows.all(sql, { id });
  q.insertWithdrawn.run(sql, {
    type,
    id,
    sourceId: last.sourceId === '' ? null : last.sourceId,
    record: JSON.stringify(last),
    extra: JSON.stringify(extra),
    by: ctx.changedBy,
    time: ctx.now,
  });
  q.importWriters(sql).ftsDelete[type].run({ id });
  ctx.companies.remove(type, id);
  forgetAlertsOf(sql, type, id);
  // A project's stages go with its row (kept in `extra`); its tenders lose the link.
  q.deleteRow(sql, type, id);
  // The process's earlier 中标结果 is the current one again.
  if (type === 'zb' && current.noticeType === RESULT_NOTICE && current.processCode) {
    ctx.companies.recreditResults(current.processCode);
  }
}

/**
 * `DELETE /admin/content/{kind}/{id}`: withdraw a notice by its id, as staff ('admin'); null for an
 * id that never was a notice.
 */
export function withdrawNotice(db: Db, type: ContentTable, id: number, now: Date): NoticeWithdrawal | null {
  const sql = statementsOf(db);
  return db
    .transaction((): NoticeWithdrawal | null => {
      const row = q.recordRow(sql, type, id);
      if (!row) return isWithdrawn(sql, type, id) ? { kind: type, id, withdrawn: false } : null;
      const current = recordOfRow(type, row);
      const ctx: WithdrawContext = { sql, companies: companyWriter(db), changedBy: 'admin', now: formatDateTime(now) };
      withdrawLive(ctx, type, id, current, current);
      return { kind: type, id, withdrawn: true };
    })
    .immediate();
}
