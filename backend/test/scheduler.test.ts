/**
 * The scheduled work: createApp lists its jobs and starts no timer; the scheduler (croner) runs a
 * job at start when asked, on its pattern after that, logs a failure and keeps the job, and stops.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScheduler, type Job } from '../src/scheduler';
import { createTestBackend } from './fixture';

afterEach(() => {
  vi.useRealTimers();
});

describe('createApp', () => {
  it('starts no timer and lists its jobs, each a function a test can run', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate'] });
    const t = await createTestBackend({ projects: 5, tenders: 5 });
    try {
      expect(vi.getTimerCount()).toBe(0);
      expect(t.backend.jobs.map((job) => job.name)).toEqual([
        'backend: writing view counts',
        'backend: deadline alerts',
        'backend: alert mail',
      ]);
      vi.useRealTimers();
      for (const job of t.backend.jobs) await job.run();
    } finally {
      t.close();
    }
  });
});

describe('startScheduler', () => {
  it('runs an atStart job before it returns, then on its pattern, until stopped', async () => {
    const runs: string[] = [];
    const jobs: Job[] = [
      { name: 'first', pattern: '* * * * * *', atStart: true, run: () => runs.push('first') },
      { name: 'second', pattern: '* * * * * *', run: () => runs.push('second') },
    ];
    const scheduler = startScheduler(jobs, { info: () => undefined, error: () => undefined });
    expect(runs).toEqual(['first']);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    scheduler.stop();
    expect(runs).toContain('second');
    const after = runs.length;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(runs).toHaveLength(after);
  });

  it('logs a failing run under the job name and runs the job again', async () => {
    const logged: string[] = [];
    let runs = 0;
    const scheduler = startScheduler(
      [
        {
          name: 'flaky',
          pattern: '* * * * * *',
          atStart: true,
          run: () => {
            runs++;
            throw new Error('disk full');
          },
        },
      ],
      { info: () => undefined, error: (message, err) => logged.push(`${message}: ${(err as Error).message}`) },
    );
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    scheduler.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(logged[0]).toBe('flaky failed: disk full');
  });
});
