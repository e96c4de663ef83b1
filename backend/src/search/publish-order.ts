/**
 * Publish order: each listed notice has a key, an integer that orders notices by (publish time, id)
 * whatever order they arrive in. The key is the rowid of the notice's search document, so the index
 * reads its matches newest first and a date window is a key range (docs/decisions/search.md); the
 * tables `xmk_order` and `zb_order` map keys to ids (and hold the tender amount the search filters on).
 *
 * A key is the publish time in seconds since 2000-01-01 when that number is free and in order;
 * notices of the same second take the numbers after it. Keys stay close together, as ids were, so
 * the index's postings (which store key differences) stay small. When a notice must go between two
 * consecutive keys, the run of consecutive keys above moves up by one, re-indexing those notices.
 */
import { parseLocalDateTime } from '../clock';
import type { Db } from '../db/connection';
import type { ContentTable } from './fts-index';

/** 2000-01-01 00:00:00 in Shanghai, epoch seconds: keys stay small integers until 2068. */
const EPOCH_SECONDS = 946_656_000;

/** The key table of each content table. */
export const ORDER_TABLE: Record<ContentTable, string> = { xmk: 'xmk_order', zb: 'zb_order' };

/** Where a notice published at `publishTime` (`yyyy-MM-dd HH:mm:ss`) is keyed when nothing is in the way. */
function naturalKey(publishTime: string): number {
  const date = parseLocalDateTime(publishTime);
  if (!date) throw new Error(`invalid publish time ${JSON.stringify(publishTime)}`);
  return Math.floor(date.getTime() / 1000) - EPOCH_SECONDS;
}

/** The key of a notice published at `publishTime` right after the notice keyed `previous` (if any). */
export function keyAfter(previous: number | undefined, publishTime: string): number {
  const natural = naturalKey(publishTime);
  return previous === undefined ? natural : Math.max(natural, previous + 1);
}

/**
 * Records notice `id` under `key` (for a tender with the amount the search filters on, from its row).
 * Single-row statements only: a statement that may write several rows (INSERT … SELECT) opens a
 * statement transaction, which makes FTS5 flush its pending documents, and a build that does so
 * per document writes thousands of tiny index segments (10× slower).
 */
export function keyInserter(db: Db, table: ContentTable): (key: number, id: number) => void {
  if (table === 'xmk') {
    const insert = db.prepare<{ key: number; id: number }>('INSERT INTO xmk_order (seq, id) VALUES (@key, @id)');
    return (key, id) => {
      insert.run({ key, id });
    };
  }
  const value = db.prepare<{ id: number }, number | null>('SELECT coalesce(win_amount, amount) FROM zb WHERE id = @id').pluck();
  const insert = db.prepare<{ key: number; id: number; value: number | null }>(
    'INSERT INTO zb_order (seq, id, value) VALUES (@key, @id, @value)',
  );
  return (key, id) => {
    insert.run({ key, id, value: value.get({ id }) ?? null });
  };
}

/** Moves the search document of notice `id` from key `from` to key `to` (fts-index.ts). */
export type MoveDocument = (id: number, from: number, to: number) => void;

/** Rows read per step while looking for the end of a run of consecutive keys. */
const RUN_STEP = 256;

export interface PublishOrder {
  /**
   * The key of notice `id` (its row written already), given it a place when it has none or its
   * publish time moved it out of order; notices in the way are moved with `move`.
   */
  place(id: number): number;
  /** The notice's key, if it has one. */
  keyOf(id: number): number | undefined;
}

export function publishOrder(db: Db, table: ContentTable, move: MoveDocument): PublishOrder {
  const order = ORDER_TABLE[table];
  const rowTime = db.prepare<{ id: number }, { publishTime: string }>(`SELECT publish_time AS publishTime FROM ${table} WHERE id = @id`);
  const keyOf = db.prepare<{ id: number }, number>(`SELECT seq FROM ${order} WHERE id = @id`).pluck();
  // The nearest keyed notices before and after (publish time, id): the index on publish_time holds
  // the id too, and CROSS JOIN keeps that index the outer loop.
  const before = db
    .prepare<{ time: string; id: number }, number>(
      `SELECT o.seq FROM ${table} t CROSS JOIN ${order} o ON o.id = t.id
       WHERE t.publish_time <= @time AND (t.publish_time < @time OR t.id < @id)
       ORDER BY t.publish_time DESC, t.id DESC LIMIT 1`,
    )
    .pluck();
  const after = db
    .prepare<{ time: string; id: number }, number>(
      `SELECT o.seq FROM ${table} t CROSS JOIN ${order} o ON o.id = t.id
       WHERE t.publish_time >= @time AND (t.publish_time > @time OR t.id > @id)
       ORDER BY t.publish_time, t.id LIMIT 1`,
    )
    .pluck();
  const run = db.prepare<{ from: number; limit: number }, { seq: number; id: number }>(
    `SELECT seq, id FROM ${order} WHERE seq >= @from ORDER BY seq LIMIT @limit`,
  );
  const shift = db.prepare<{ seq: number }>(`UPDATE ${order} SET seq = seq + 1 WHERE seq = @seq`);
  const remove = db.prepare<{ id: number }>(`DELETE FROM ${order} WHERE id = @id`);
  const insert = keyInserter(db, table);

  /** Make key `at` free by moving the run of consecutive keys that starts there up by one. */
  const makeRoom = (at: number) => {
    const moving: { seq: number; id: number }[] = [];
    for (let next = at; ;) {
      const rows = run.all({ from: next, limit: RUN_STEP });
      let i = 0;
      while (i < rows.length && rows[i]!.seq === next) {
        moving.push(rows[i]!);
        next++;
        i++;
      }
      if (i < rows.length || rows.length < RUN_STEP) break;
    }
    // From the top, so every key moves into a free one.
    for (const { seq, id } of moving.reverse()) {
      shift.run({ seq });
      move(id, seq, seq + 1);
    }
  };

  return {
    place(id) {
      const row = rowTime.get({ id });
      if (!row) throw new Error(`${table} ${id} does not exist`);
      const current = keyOf.get({ id });
      const low = before.get({ time: row.publishTime, id });
      const high = after.get({ time: row.publishTime, id });
      if (current !== undefined) {
        if ((low === undefined || low < current) && (high === undefined || current < high)) return current;
        remove.run({ id });
      }
      let key: number;
      if (low !== undefined && high !== undefined && high - low < 2) {
        makeRoom(high);
        key = high;
      } else {
        key = keyAfter(low, row.publishTime);
        if (high !== undefined) key = Math.min(key, high - 1);
      }
      insert(key, id);
      return key;
    },
    keyOf: (id) => keyOf.get({ id }),
  };
}
