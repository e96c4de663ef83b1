/**
 * The backend's scheduled work (croner): createApp only lists its jobs (`BackendApp.jobs`); the
 * program's entry starts them and stops them on shutdown, and tests run a job by calling it.
 * Patterns have a seconds field and read in Asia/Shanghai, the product's days (clock.ts). A run
 * never overlaps the one before it; a failure is logged and the job runs again at its next time.
 */
import { Cron } from 'croner';
import type { Logger } from './log';

export interface Job {
  /** For the log: "<name> failed". */
  name: string;
  /** croner pattern: second minute hour day month weekday. */
  pattern: string;
  /** At least this many seconds between two runs (croner's `interval`; with the pattern `* * * * * *`, every N seconds). */
  interval?: number;
  /** Also run once when the scheduler starts (before the program listens). */
  atStart?: boolean;
  run(): unknown;
}

export interface Scheduler {
  stop(): void;
}

export const SCHEDULE_TIME_ZONE = 'Asia/Shanghai';

export function startScheduler(jobs: readonly Job[], log: Logger): Scheduler {
  const guarded = (job: Job) => async () => {
    try {
      await job.run();
    } catch (err) {
      log.error(`${job.name} failed`, err);
    }
  };
  for (const job of jobs) if (job.atStart) void guarded(job)();
  const crons = jobs.map(
    // unref: the HTTP server keeps the process alive, a timer of its own jobs does not.
    (job) =>
      new Cron(
        job.pattern,
        { timezone: SCHEDULE_TIME_ZONE, protect: true, unref: true, ...(job.interval ? { interval: job.interval } : {}) },
        guarded(job),
      ),
  );
  return {
    stop() {
      for (const cron of crons) cron.stop();
    },
  };
}
