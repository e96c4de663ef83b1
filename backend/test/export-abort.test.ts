/**
 * A client that reads part of a large export and then
 * goes away. The backend stops reading rows soon after instead of walking the search to its end,
 * closes the export's read-only connection, gives its slot back (at most 4 exports at once), logs
 * no error, and charges the rows it wrote before it noticed: a cut file still gives up its first
 * rows, so charging nothing would let a client take any number of rows for free.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Connection from '../src/db/connection';
import type { Db } from '../src/db/connection';
import { MAX_CONCURRENT_EXPORTS, MSG_EXPORTS_BUSY } from '../src/modules/export/routes';
import { createTestBackend, type TestBackend } from './fixture';
import { growTenders, openDownload, rowsInCutSheet, until } from './partial-download';

/** Every read-only connection an export opens, to see that each is closed again. */
const readers = vi.hoisted((): Db[] => []);
vi.mock('../src/db/connection', async (load) => {
  const actual = await load<typeof Connection>();
  return {
    ...actual,
    openReader(db: Db) {
      const reader = actual.openReader(db);
      readers.push(reader);
      return reader;
    },
  };
});
const openReaders = () => readers.filter((reader) => reader.open).length;

/** Tenders in the table: far more than the socket buffers hold, so a leaving client leaves early. */
const ROWS = 60_000;
const QUOTA = 100_000;

let t: TestBackend;
let server: Server;
let base: string;
const logged: string[] = [];
let members = 0;

beforeAll(async () => {
  t = await createTestBackend({
    projects: 20,
    tenders: 200,
    captchaEnabled: false,
    exportRowsPerDay: QUOTA,
    log: { info: () => undefined, error: (message, err) => logged.push(`${message} ${String(err)}`) },
  });
  growTenders(t.db, ROWS);
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  t.close();
});

const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  // An error after the file's head has gone out reaches Express's default handler, which prints its stack.
  expect(consoleError).not.toHaveBeenCalled();
  expect(logged).toEqual([]);
});

async function freshMember(): Promise<{ id: number; token: string }> {
  const name = `leaver${++members}`;
  const token = await t.register(name, 'secret123');
  const { id } = t.db.prepare('SELECT id FROM member WHERE user_name = ?').get(name) as { id: number };
  return { id, token };
}

/** Rows the member's exports are charged today. */
const charged = (memberId: number) =>
  (t.db.prepare('SELECT coalesce(sum(rows), 0) AS n FROM export_log WHERE member_id = ?').get(memberId) as { n: number }).n;

/** Rows left today, as a caller reads it: the headers of an export that matches nothing. */
async function remaining(token: string): Promise<number> {
  const head = await request(t.app).head('/cms/export/zb').query({ keyword: '不存在的词语组合甲乙丙' }).set(t.bearer(token));
  return Number(head.headers['x-export-remaining']);
}

describe('a client that leaves mid-download', () => {
  it('stops the export soon after, closes its connection and charges the rows written', async () => {
    const member = await freshMember();
    const download = await openDownload(`${base}/cms/export/zb`, t.bearer(member.token), 256 * 1024);
    expect(download.headers['x-export-rows']).toBe(String(ROWS));
    // The export reads through a read-only connection of its own, open while it runs.
    expect(openReaders()).toBe(1);
    // Before the end: the whole reservation is booked.
    expect(charged(member.id)).toBe(ROWS);

    download.leave();
    await until(() => charged(member.id) < ROWS);
    const paid = charged(member.id);
    const got = rowsInCutSheet(download.received());
    // The cut file still holds rows a reader can take out of it; the charge covers them.
    expect(got).toBeGreaterThan(100);
    expect(paid).toBeGreaterThanOrEqual(got);
    // It stopped within the buffers' worth of rows, not at the end of the search.
    expect(paid).toBeLessThan(ROWS / 2);
    expect(await remaining(member.token)).toBe(QUOTA - paid);
    await until(() => openReaders() === 0);
  });

  it(`gives its slot back: with ${MAX_CONCURRENT_EXPORTS} running a fifth waits, and runs once one leaves`, async () => {
    const runners = await Promise.all(Array.from({ length: MAX_CONCURRENT_EXPORTS }, freshMember));
    const fifth = await freshMember();
    const downloads = await Promise.all(runners.map((m) => openDownload(`${base}/cms/export/zb`, t.bearer(m.token), 64 * 1024)));
    expect(openReaders()).toBe(MAX_CONCURRENT_EXPORTS);

    const busy = await request(t.app).get('/cms/export/xmk').set(t.bearer(fifth.token));
    expect(busy.body).toEqual({ code: 429, msg: MSG_EXPORTS_BUSY });

    downloads[0]!.leave();
    await until(async () => {
      const head = await request(t.app).head('/cms/export/xmk').set(t.bearer(fifth.token));
      return head.type.includes('spreadsheetml');
    });
    const file = await request(t.app)
      .get('/cms/export/xmk')
      .set(t.bearer(fifth.token))
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as ArrayBuffer);
    expect(workbook.worksheets[0]!.getCell('A1').value).toBe('项目名称');
    expect(workbook.worksheets[0]!.rowCount).toBe(1 + 20);

    for (const download of downloads.slice(1)) download.leave();
    await until(() => openReaders() === 0);
    for (const runner of runners) expect(charged(runner.id)).toBeLessThan(ROWS);
  });
});
