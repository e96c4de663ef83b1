/**
 * Detail-page view counts (浏览量). A view is counted in memory and written in batches every few
 * seconds (and on close), so reading a detail never waits for a disk write. The price: a killed
 * process loses at most one interval of view counts — a popularity figure, never a member's data.
 */
import type { Db } from '../../db/connection';
import type { ContentTable } from '../../search/fts-index';

export class ViewCounter {
  private readonly pending: Record<ContentTable, Map<number, number>> = { xmk: new Map(), zb: new Map() };
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    flushEveryMs = 5_000,
  ) {
    this.timer = setInterval(() => this.flush(), flushEveryMs);
    this.timer.unref();
  }

  /** Count one view; returns the views not yet written for this item, this one included. */
  record(table: ContentTable, id: number): number {
    const count = (this.pending[table].get(id) ?? 0) + 1;
    this.pending[table].set(id, count);
    return count;
  }

  /** Write what is pending in one transaction. */
  flush(): void {
    const batches = (['xmk', 'zb'] as const).map((table) => [table, [...this.pending[table]]] as const);
    if (batches.every(([, entries]) => entries.length === 0)) return;
    this.pending.xmk = new Map();
    this.pending.zb = new Map();
    this.db.transaction(() => {
      for (const [table, entries] of batches) {
        const update = this.db.prepare<[number, number]>(`UPDATE ${table} SET views = views + ? WHERE id = ?`);
        for (const [id, count] of entries) update.run(count, id);
      }
    })();
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
  }
}
