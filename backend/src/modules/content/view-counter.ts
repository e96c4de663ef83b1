/**
 * Detail-page view counts (浏览量). A view is counted in memory and written in batches every few
 * seconds (and on close), so reading a detail never waits for a disk write. The price: a killed
 * process loses at most one interval of view counts — a popularity figure, never a member's data.
 */
import type { Statement } from 'better-sqlite3';
import type { Logger } from '../../context';
import type { Db } from '../../db/connection';
import type { ContentTable } from '../../search/fts-index';

export class ViewCounter {
  private pending: Record<ContentTable, Map<number, number>> = { xmk: new Map(), zb: new Map() };
  private readonly timer: NodeJS.Timeout;
  private readonly updates: Record<ContentTable, Statement<[number, number]>>;

  constructor(
    private readonly db: Db,
    log: Logger,
    flushEveryMs = 5_000,
  ) {
    this.updates = {
      xmk: db.prepare('UPDATE xmk SET views = views + ? WHERE id = ?'),
      zb: db.prepare('UPDATE zb SET views = views + ? WHERE id = ?'),
    };
    this.timer = setInterval(() => {
      try {
        this.flush();
      } catch (err) {
        log.error('backend: writing view counts failed; will retry', err);
      }
    }, flushEveryMs);
    this.timer.unref();
  }

  /** Count one view; returns the views not yet written for this item, this one included. */
  record(table: ContentTable, id: number): number {
    const count = (this.pending[table].get(id) ?? 0) + 1;
    this.pending[table].set(id, count);
    return count;
  }

  /** Write what is pending in one transaction; on failure the counts stay pending. */
  flush(): void {
    const batch = this.pending;
    if (batch.xmk.size === 0 && batch.zb.size === 0) return;
    this.pending = { xmk: new Map(), zb: new Map() };
    try {
      this.db.transaction(() => {
        for (const table of ['xmk', 'zb'] as const) {
          for (const [id, count] of batch[table]) this.updates[table].run(count, id);
        }
      })();
    } catch (err) {
      for (const table of ['xmk', 'zb'] as const) {
        for (const [id, count] of batch[table]) this.pending[table].set(id, (this.pending[table].get(id) ?? 0) + count);
      }
      throw err;
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
  }
}
