/**
 * Row counts of the content tables. `count(*)` walks a whole index (tens of milliseconds at a
 * million rows), and the tables only grow through the seeder and the demo top-up, which call
 * `invalidate`.
 */
import type { Statements } from '../../db/connection';
import type { ContentTable } from '../../search/fts-index';

export class ContentStats {
  private readonly counts = new Map<ContentTable, number>();

  constructor(private readonly sql: Statements) {}

  total(table: ContentTable): number {
    let count = this.counts.get(table);
    if (count === undefined) {
      count = this.sql.get<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`).get()!.n;
      this.counts.set(table, count);
    }
    return count;
  }

  invalidate(): void {
    this.counts.clear();
  }
}
