/**
 * Runs the admin call's imports off the thread that answers requests: each file in a worker
 * thread (import-worker.ts) with its own SQLite connection, one file at a time (SQLite has one
 * writer; a second file would only wait for the lock). The request's thread only hands the bytes
 * over and reads the answer.
 */
import { Worker } from 'node:worker_threads';
import type { NoticeImportResult } from '@shared/content/notices';
import type { Db } from '../../db/connection';
import { metrics } from '../../metrics';
import { ImportError, notifyImported, type ImportTimings } from './import';
import type { ImportEncoding } from './import-source';
import type { ImportJob, WorkerAnswer } from './import-worker';

/**
 * The worker's entry: the built `import-worker.js` beside the bundle, or in development and tests
 * the TypeScript source, loaded through tsx.
 */
function startWorker(job: ImportJob): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  if (!fromSource) return new Worker(new URL('./import-worker.js', import.meta.url), { workerData: job });
  const entry = new URL('./import-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true, workerData: job });
}

function runInWorker(job: ImportJob): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(job);
    let answered = false;
    worker.once('message', (answer: WorkerAnswer) => {
      answered = true;
      resolve(answer);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`import worker exited (code ${code}) without an answer`));
    });
  });
}

export interface ImportRun {
  result: NoticeImportResult;
  timings: ImportTimings;
  encoding: ImportEncoding;
}

export class ImportRunner {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly synchronous: 'NORMAL' | 'FULL',
  ) {}

  /** Import one file's bytes; rejects with ImportError for a refused file (nothing written). */
  run(job: Omit<ImportJob, 'databaseFile' | 'synchronous'>): Promise<ImportRun> {
    const next = this.queue.then(async (): Promise<ImportRun> => {
      const answer = await runInWorker({ ...job, databaseFile: this.db.name, synchronous: this.synchronous });
      if (!answer.ok) throw new ImportError(answer.refused.rejected, answer.refused.rejects);
      metrics.alertsDelivered.inc(answer.alertsDelivered);
      notifyImported(this.db, answer.result);
      return { result: answer.result, timings: answer.timings, encoding: answer.encoding };
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}
