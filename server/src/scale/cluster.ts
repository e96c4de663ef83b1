/**
 * WEB_CONCURRENCY > 1 in production: the primary process owns the embedded backend
 * and forks that many server workers, which share the port (node:cluster hands connections out
 * round-robin) and proxy to the one backend. Workers hold no state between requests that another
 * worker would need (ARCHITECTURE.md); what each keeps for itself is listed in docs/reliability.md.
 *
 * SIGTERM/SIGINT: every worker drains (index.ts), then the primary stops the backend and exits 0.
 * GET /metrics reaches one worker, which asks the primary for every worker's series summed.
 * A worker that dies is replaced; one that exits by itself before it ever listened stops the whole
 * portal, since its replacement would only fail the same way.
 */
import cluster, { type Worker } from 'node:cluster';
import { serveClusterMetrics } from '@portal/metrics';

export interface PrimaryOptions {
  workers: number;
  /** Added to each worker's environment: the embedded backend's URL. */
  env: NodeJS.ProcessEnv;
  /** Runs once every worker has exited on shutdown: stop what the primary owns. */
  onStopped: () => Promise<void>;
  log: (message: string) => void;
}

/** A replacement waits this long, so a crash loop cannot spin the CPU. */
const RESTART_DELAY_MS = 1_000;

export function runPrimary(opts: PrimaryOptions): void {
  let stopping = false;
  let exitCode = 0;
  /** Workers that got as far as serving; one still starting when we stop may just be killed. */
  const serving = new WeakSet<Worker>();

  const exited = (worker: Worker) =>
    new Promise<void>((resolve) => {
      if (worker.isDead()) resolve();
      else worker.once('exit', () => resolve());
    });

  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    opts.log(`${reason}: stopping ${workers.length} worker(s)`);
    for (const worker of workers) {
      worker.once('exit', (code) => {
        if (code !== 0 && serving.has(worker)) exitCode = 1;
      });
      // Each worker drains its own connections before it exits (index.ts).
      worker.process.kill('SIGTERM');
    }
    await Promise.all(workers.map(exited));
    await opts.onStopped();
    opts.log('stopped');
    process.exit(exitCode);
  };

  const fork = () => {
    const worker = cluster.fork(opts.env);
    worker.once('listening', () => serving.add(worker));
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      // Exiting by itself before it ever listened (bad settings, port taken) would repeat in a
      // replacement; killed by a signal, it was just unlucky.
      if (!serving.has(worker) && signal === null) {
        exitCode = 1;
        void stop(`worker ${worker.process.pid} failed to start (code ${code})`);
        return;
      }
      opts.log(`worker ${worker.process.pid} exited (code ${code}, signal ${signal}); starting another`);
      setTimeout(() => {
        if (!stopping) fork();
      }, RESTART_DELAY_MS);
    });
  };

  serveClusterMetrics();
  for (let i = 0; i < opts.workers; i++) fork();
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
