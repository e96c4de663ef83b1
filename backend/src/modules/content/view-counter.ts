/**
 * Detail-page view counts (浏览量). A view is counted in memory and written in batches every few
 * seconds (the scheduler's job, VIEW_FLUSH_SCHEDULE) and on close, so reading a detail never waits
 * for a disk write. The price: a killed process loses at most one interval of view counts — a
 * popularity figure, never a member's data.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/connection';
import type { ContentTable } from '../../search/fts-index';

/** Pending views are written every five seconds (scheduler.ts). */
export const VIEW_FLUSH_SCHEDULE = '*/5 * * * * *';

export class ViewCounter {
  private pending: Record<ContentTable, Map<number, number>> = { xmk: new Map(), zb: new Map() };
  private readonly updates: Record<ContentTable, Statement<[{ id: number; views: number }]>>;

  constructor(private readonly db: Db) {
    this.updates = {
      xmk: db.prepare('UPDATE xmk SET views = views + @views WHERE id = @id'),
      zb: db.prepare('UPDATE zb SET views = views + @views WHERE id = @id'),
    };
  }

  /** Count one view; returns the views not yet written for this item, this one included. */
  record(table: ContentTable, id: number): number {
    const count = (this.pending[table].get(id) ?? 0) + 1;
    this.pending[table].set(id, count);
    return count;
  }

  /**
   * Write what is pending in one transaction; on failure the counts stay pending. It never waits
   * for another writer: while an import holds the write lock (its worker thread or the CLI), waiting
   * would stop this thread — every reader's request — for the rest of the import; the counts go
   * with a later flush instead.
   */
  flush(): void {
    const batch = this.pending;
    if (batch.xmk.size === 0 && batch.zb.size === 0) return;
    this.pending = { xmk: new Map(), zb: new Map() };
    const busyTimeout = this.db.pragma('busy_timeout', { simple: true }) as number;
    this.db.pragma('busy_timeout = 0');
    try {
      this.db
        .transaction(() => {
          for (const table of ['xmk', 'zb'] as const) {
            for (const [id, views] of batch[table]) this.updates[table].run({ id, views });
          }
        })
        .immediate();
    } catch (err) {
      for (const table of ['xmk', 'zb'] as const) {
        for (const [id, count] of batch[table]) this.pending[table].set(id, (this.pending[table].get(id) ?? 0) + count);
      }
      if ((err as { code?: unknown }).code === 'SQLITE_BUSY') return;
      throw err;
    } finally {
      this.db.pragma(`busy_timeout = ${busyTimeout}`);
    }
  }

  close(): void {
    this.flush();
  }
}
