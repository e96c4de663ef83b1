/**
 * A client that leaves in the middle of a download, and what the cut file still holds:
 * shared by the backend's and the portal's tests of an aborted export.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import type { Db } from '../src/db/connection';
import { indexedPublishOrder } from '../src/search/fts-index';

/**
 * Copy the tenders onto new ids until the table holds `rows` (a large export without a long seed).
 * The copies get their places in publish order (each after its original), not search documents.
 */
export function growTenders(db: Db, rows: number): void {
  const columns = (db.pragma('table_info(zb)') as { name: string }[])
    .map((c) => c.name)
    .filter((name) => name !== 'id')
    .join(', ');
  const count = () => (db.prepare('SELECT count(*) AS n FROM zb').get() as { n: number }).n;
  const last = (db.prepare('SELECT max(id) AS id FROM zb').get() as { id: number }).id;
  for (let n = count(); n < rows; n = count()) {
    db.prepare(`INSERT INTO zb (${columns}) SELECT ${columns} FROM zb ORDER BY id LIMIT ?`).run(rows - n);
  }
  const order = indexedPublishOrder(db, 'zb');
  const copies = db.prepare<[number], number>('SELECT id FROM zb WHERE id > ? ORDER BY id').pluck().all(last);
  db.transaction(() => copies.forEach((id) => order.place(id)))();
}

export interface OpenDownload {
  headers: http.IncomingHttpHeaders;
  /** The bytes received so far (at least the first `bytes` asked for). */
  received(): Buffer;
  /** Destroy the socket, as a browser does when its tab closes. */
  leave(): void;
}

/**
 * GET `url` and read at least `bytes` of a file, then stop reading (the socket stays open until
 * `leave`). Rejects with the body when the answer is not a file.
 */
export function openDownload(url: string, headers: Record<string, string>, bytes: number): Promise<OpenDownload> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let total = 0;
      if (!(res.headers['content-type'] ?? '').includes('spreadsheetml')) {
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => reject(new Error(`not a file: ${Buffer.concat(chunks).toString()}`)));
        return;
      }
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        total += chunk.length;
        if (total >= bytes && !res.isPaused()) {
          res.pause();
          resolve({ headers: res.headers, received: () => Buffer.concat(chunks), leave: () => req.destroy() });
        }
      });
      res.on('end', () => reject(new Error(`the whole file (${total} bytes) came before ${bytes} were read`)));
    });
    // The test destroys the socket itself: its "socket hang up" is expected.
    req.on('error', (error) => reject(error));
  });
}

/**
 * Complete rows (after the header) of the first sheet in the beginning of an .xlsx: the zip's
 * entries are written in order, so a cut file still inflates up to where it stops.
 */
export function rowsInCutSheet(zip: Buffer): number {
  const name = zip.indexOf('xl/worksheets/sheet1.xml');
  const header = name - 30;
  if (name < 0 || zip.readUInt32LE(header) !== 0x04034b50) return 0;
  const start = header + 30 + zip.readUInt16LE(header + 26) + zip.readUInt16LE(header + 28);
  const xml = zlib.inflateRawSync(zip.subarray(start), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString();
  return Math.max(0, xml.split('</row>').length - 2);
}

/** Resolves once `check` holds, checking every 20 ms; the test's own timeout bounds the wait. */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}
