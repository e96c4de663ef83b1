/**
 * The worker threads that do the password work (password-worker.ts), so a login never holds the
 * event loop that answers every other request. One set per process, like libuv's own thread pool:
 * several apps in one process (tests) share it rather than each starting threads for the same cores.
 * Started on the first task; idle threads end after a while and never keep the process alive.
 *
 * Two tiers (docs/decisions/login-under-load.md): half the cores' threads run at the event loops'
 * priority, so logins get their share of a busy CPU rather than what the loops leave (at nice 10
 * alone, a saturated machine gave them nothing and logins waited 14 s); the other threads run at
 * nice 10 and take only idle CPU, so a wave of logins on a quiet machine cannot take every core
 * from the loops. A task goes to a free prompt thread first, else to a free background one.
 *
 * In front of the threads, admission: a task that would wait longer than `MAX_WAIT_MS` for a thread
 * (its expected wait, from the queue and the measured time per task) is refused at once with 429 +
 * Retry-After (登录人数较多，请稍后再试), and one that has waited that long while the threads slowed
 * is refused then: never a wait into the portal's 14 s upstream timeout and a 504.
 */
import { availableParallelism } from 'node:os';
import Tinypool from 'tinypool';
import { MESSAGES } from '@shared/constants';
import { ApiError } from '../../envelope';
import { WORKER_NICENESS, type PasswordThreadData } from './password-worker';

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

/** The longest a password task may wait for a thread; beyond it the task is refused with 429. */
export const MAX_WAIT_MS = 5_000;

/** A task's time on a thread before any was measured: bcrypt at cost 10 on a busy machine. */
const INITIAL_TASK_MS = 100;

type Tasks = {
  niceness: [undefined, number];
  hash: [{ plain: string; rounds: number }, string];
  compare: [{ plain: string; hash: string }, boolean];
};

interface Tier {
  pool: Tinypool;
  threads: number;
  busy: number;
}

interface Waiter {
  /** Given the thread of a task that just ended. */
  start: (freed: Tier) => void;
  refuse: (error: ApiError) => void;
}

function tier(threads: number, niceness: number): Tier {
  const workerData: PasswordThreadData = { niceness };
  return {
    pool: new Tinypool({ filename: workerFile(), minThreads: 0, maxThreads: threads, idleTimeout: IDLE_MS, workerData }),
    threads,
    busy: 0,
  };
}

/** The refusal of a task that would wait too long: HTTP 429, `{code: 429}`, and when to try again. */
export function passwordWorkBusy(expectedWaitMs: number): ApiError {
  const seconds = Math.min(30, Math.max(1, Math.ceil(expectedWaitMs / 1000)));
  return new ApiError(429, MESSAGES.loginBusy, 429, undefined, { 'Retry-After': String(seconds) });
}

/** The threads and their admission; one shared per process (`runPasswordTask`), others in tests. */
export class PasswordThreads {
  private readonly tiers: Tier[];
  private readonly threads: number;
  private readonly waiting: Waiter[] = [];
  refused = 0;

  constructor(
    cores: number,
    private readonly maxWaitMs = MAX_WAIT_MS,
    /** Wall time per task on a thread, smoothed: what a waiter's turn is estimated from. */
    private taskMs = INITIAL_TASK_MS,
  ) {
    const prompt = Math.max(1, Math.floor(cores / 2));
    const background = Math.max(0, cores - prompt);
    this.tiers = [tier(prompt, 0), ...(background > 0 ? [tier(background, WORKER_NICENESS)] : [])];
    this.threads = prompt + background;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<N extends keyof Tasks>(name: N, task: Tasks[N][0]): Promise<Tasks[N][1]> {
    let chosen = this.freeTier();
    if (chosen) chosen.busy++;
    else chosen = await this.wait();
    // A task that starts a thread (the first ones, and after idle threads ended) takes that start's
    // time too, seconds on a busy machine: not what the next tasks will take.
    const startsThread = chosen.pool.threads.length < chosen.busy;
    const started = performance.now();
    try {
      return (await chosen.pool.run(task, { name })) as Tasks[N][1];
    } finally {
      if (!startsThread) this.taskMs = 0.8 * this.taskMs + 0.2 * (performance.now() - started);
      // The thread goes to the longest waiter as it is, so no newcomer takes it meanwhile.
      const next = this.waiting.shift();
      if (next) next.start(chosen);
      else chosen.busy--;
    }
  }

  /** Wait for a thread, or be refused: now if the wait would be too long, later if it was. */
  private wait(): Promise<Tier> {
    const expected = ((this.waiting.length + 1) * this.taskMs) / this.threads;
    if (expected > this.maxWaitMs) {
      this.refused++;
      return Promise.reject(passwordWorkBusy(expected));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: (freed) => {
          clearTimeout(timer);
          resolve(freed);
        },
        refuse: reject,
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        this.refused++;
        reject(passwordWorkBusy(((this.waiting.length + 1) * this.taskMs) / this.threads));
      }, this.maxWaitMs);
      this.waiting.push(waiter);
    });
  }

  private freeTier(): Tier | undefined {
    return this.tiers.find((t) => t.busy < t.threads);
  }

  async destroy(): Promise<void> {
    for (const waiter of this.waiting.splice(0)) waiter.refuse(passwordWorkBusy(this.maxWaitMs));
    await Promise.all(this.tiers.map((t) => t.pool.destroy()));
  }
}

let threads: PasswordThreads | undefined;

function shared(): PasswordThreads {
  threads ??= new PasswordThreads(Math.max(1, availableParallelism()));
  return threads;
}

/** Run one task of password-worker.ts on a thread; rejects with the 429 ApiError when refused. */
export function runPasswordTask<N extends keyof Tasks>(name: N, task: Tasks[N][0]): Promise<Tasks[N][1]> {
  return shared().run(name, task);
}

/** Tasks waiting for a thread (the backend's /metrics). */
export function passwordTasksQueued(): number {
  return threads?.queued ?? 0;
}

/** Tasks refused since start, waiting too long (the backend's /metrics). */
export function passwordTasksRefused(): number {
  return threads?.refused ?? 0;
}

/** End the threads (a program's shutdown); the next task starts new ones. */
export async function closePasswordPool(): Promise<void> {
  const current = threads;
  threads = undefined;
  await current?.destroy();
}
