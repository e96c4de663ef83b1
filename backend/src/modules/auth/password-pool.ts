/**
 * The worker threads that do the password work (password-worker.ts), so a login never holds the
 * event loop that answers every other request. One pool per process, like libuv's own thread pool:
 * several apps in one process (tests) share it rather than each starting threads for the same cores.
 * Started on the first task; idle threads end after a while and never keep the process alive.
 */
import { availableParallelism } from 'node:os';
import Tinypool from 'tinypool';

/**
 * The worker module: from source (tsx, vitest) password-worker.ts through its loader beside it, in
 * production the bundle's `dist/node/password-worker.js` beside `backend.js` (scripts/build-node.mjs).
 */
function workerFile(): string {
  const fromSource = import.meta.url.endsWith('.ts');
  return new URL(fromSource ? './password-worker.source.mjs' : './password-worker.js', import.meta.url).href;
}

/** Idle threads end after this; the next login starts one again (~100 ms once). */
const IDLE_MS = 60_000;

let pool: Tinypool | undefined;

function shared(): Tinypool {
  if (!pool) {
    pool = new Tinypool({
      filename: workerFile(),
      minThreads: 0,
      // Every core: the work is pure CPU, and the main thread waits on it without spinning.
      maxThreads: Math.max(1, availableParallelism()),
      idleTimeout: IDLE_MS,
    });
  }
  return pool;
}

type Tasks = {
  niceness: [undefined, number];
  hash: [{ plain: string; rounds: number }, string];
  compare: [{ plain: string; hash: string }, boolean];
};

/** Run one task of password-worker.ts in the pool. */
export function runPasswordTask<N extends keyof Tasks>(name: N, task: Tasks[N][0]): Promise<Tasks[N][1]> {
  return shared().run(task, { name }) as Promise<Tasks[N][1]>;
}

/** Tasks waiting for a thread (the backend's /metrics). */
export function passwordTasksQueued(): number {
  return pool?.queueSize ?? 0;
}

/** End the threads (a program's shutdown); the next task starts a new pool. */
export async function closePasswordPool(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.destroy();
}
