/**
 * Row counts of the content tables, whole or per region. `count(*)` walks an index (hundreds of
 * milliseconds for a million rows, tens for one city), and the home page asks on every render; the
 * tables grow through the seeder, the demo top-up and the import, which call `invalidate`, or
 * through `npm run import` in another process, which `PRAGMA data_version` reveals.
 */
import type { Statements } from '../../db/connection';
import { isCityCode } from '@shared/system/regions';
import type { ContentTable } from '../../search/fts-index';
import { rowCount } from './queries';

export class ContentStats {
  private readonly counts = new Map<string, number>();
  private dataVersion = -1;

  constructor(private readonly sql: Statements) {}

  /** All rows of `table`, or those of a city (its counties included) or county. */
  total(table: ContentTable, region?: string): number {
    // Another process (`npm run import`) may have written: SQLite bumps data_version for commits of
    // other connections, so the counts are dropped then.
    const dataVersion = this.sql.get<[], { data_version: number }>('PRAGMA data_version').get()!.data_version;
    if (dataVersion !== this.dataVersion) {
      this.counts.clear();
      this.dataVersion = dataVersion;
    }
    const key = `${table}:${region ?? ''}`;
    let count = this.counts.get(key);
    if (count === undefined) {
      count = rowCount(
        this.sql,
        table,
        region === undefined ? undefined : { column: isCityCode(region) ? 'city_code' : 'area_code', code: region },
      );
      this.counts.set(key, count);
    }
    return count;
  }

  invalidate(): void {
    this.counts.clear();
  }
}
