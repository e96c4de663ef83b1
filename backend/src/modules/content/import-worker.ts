/**
 * The admin call's import, in a worker thread with a connection of its own (import-runner.ts):
 * decoding, parsing, checking, sanitising, the search documents and the write transaction all
 * happen here, so the thread that answers readers never waits on them. SQLite's WAL lets the
 * backend's connection keep reading while this one writes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import path from 'node:path';
import { openDatabase } from '../../db/connection';
import type { NoticeChangedBy, NoticeImportRefusal, NoticeImportResult } from '@shared/content/notices';
import { metrics } from '../../metrics';
import { ImportError, importNotices, type ImportTimings } from './import';
import { decodeImport, MSG_BAD_ENCODING, type ImportEncoding, type ImportFormat } from './import-source';

export interface ImportJob {
  databaseFile: string;
  synchronous: 'NORMAL' | 'FULL';
  bytes: Uint8Array;
  format: ImportFormat;
  changedBy: NoticeChangedBy;
  /** epoch ms of the backend's clock */
  now: number;
  skipInvalid: boolean;
  /** A companion: sourceId is the CMS's id, which the notice takes (ImportOptions). */
  idsFromSource: boolean;
}

export type WorkerAnswer =
  | {
      ok: true;
      result: NoticeImportResult;
      timings: ImportTimings;
      encoding: ImportEncoding;
      /** Inbox rows the import's alerts wrote: the thread's own counter, added to the backend's (import-runner.ts). */
      alertsDelivered: number;
    }
  | { ok: false; refused: NoticeImportRefusal; msg: string };

async function run(job: ImportJob): Promise<WorkerAnswer> {
  const db = openDatabase(path.dirname(job.databaseFile), { synchronous: job.synchronous });
  try {
    const decoded = decodeImport(job.bytes);
    if (!decoded) throw ImportError.file(MSG_BAD_ENCODING);
    let timings: ImportTimings = { checkMs: 0, writeMs: 0 };
    const result = importNotices(
      db,
      decoded.text,
      {
        changedBy: job.changedBy,
        now: new Date(job.now),
        skipInvalid: job.skipInvalid,
        idsFromSource: job.idsFromSource,
        onTimings: (t) => (timings = t),
      },
      job.format,
    );
    // One job per thread: its counter holds this import's alerts alone.
    const alertsDelivered = (await metrics.alertsDelivered.get()).values[0]?.value ?? 0;
    return { ok: true, result, timings, encoding: decoded.encoding, alertsDelivered };
  } catch (err) {
    if (err instanceof ImportError) return { ok: false, refused: { rejected: err.rejected, rejects: [...err.rejects] }, msg: err.message };
    throw err;
  } finally {
    db.close();
  }
}

parentPort!.postMessage(await run(workerData as ImportJob));
