/**
 * Long work in slices (loop-slices.ts): a turn's budget is shared by every caller, and the Excel
 * export writes its rows in such slices, so the loop turns every few milliseconds whatever a row costs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { nextSlice, SLICE_MS, sliceSpent } from '../src/loop-slices';
import { streamSheet, type Column } from '../src/modules/export/workbook';
import { turnCounter } from './loop-turns';

/** Hold the thread for `ms`, as a costly row would. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('sliceSpent', () => {
  it('says so once the turn has used its budget, and starts afresh in the next turn', async () => {
    await nextSlice();
    expect(sliceSpent()).toBe(false);
    busy(SLICE_MS + 1);
    expect(sliceSpent()).toBe(true);
    await nextSlice();
    expect(sliceSpent()).toBe(false);
  });

  it('shares the budget between callers within one turn', async () => {
    await nextSlice();
    const spentBy: string[] = [];
    const work = async (name: string) => {
      for (let unit = 0; unit < 3; unit++) {
        if (sliceSpent()) {
          spentBy.push(name);
          await nextSlice();
        }
        busy(SLICE_MS);
      }
    };
    await Promise.all([work('a'), work('b')]);
    // a takes the first turn's budget; b, in the same turn, finds it spent before doing anything.
    expect(spentBy.slice(0, 2)).toEqual(['a', 'b']);
  });
});

describe('the export in slices', () => {
  let server: http.Server | undefined;
  afterEach(() => server?.close());

  it('lets the loop turn every few milliseconds of rows, and still writes every row', async () => {
    const counter = turnCounter();
    const turnOfRow: number[] = [];
    const ROW_MS = 1;
    function* rows() {
      for (let i = 0; i < 60; i++) {
        busy(ROW_MS);
        turnOfRow.push(counter.current());
        yield { n: i };
      }
    }
    const columns: Column<{ n: number }>[] = [{ header: '序号', kind: 'text', width: 8, value: (r) => String(r.n) }];
    const app = express();
    let written = 0;
    app.get('/x', async (_req, res) => {
      written = await streamSheet(res, { sheetName: 'x', columns, rows: rows() });
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server!.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const bytes = await new Promise<number>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${port}/x`, (res) => {
          let n = 0;
          res.on('data', (chunk: Buffer) => (n += chunk.length));
          res.on('end', () => resolve(n));
        })
        .on('error', reject);
    });
    counter.stop();

    expect(written).toBe(60);
    expect(bytes).toBeGreaterThan(0);
    const rowsPerTurn = new Map<number, number>();
    for (const turn of turnOfRow) rowsPerTurn.set(turn, (rowsPerTurn.get(turn) ?? 0) + 1);
    // At ~1 ms a row, a 4 ms slice holds about 4 rows (every 100 rows would be one turn for them all).
    expect(Math.max(...rowsPerTurn.values())).toBeLessThanOrEqual(SLICE_MS / ROW_MS + 2);
  });
});
