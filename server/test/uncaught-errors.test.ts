/**
 * A bug nobody caught ends the process: one fatal JSON line through pino, then exit code 1, so a
 * supervisor (or the cluster primary) starts a fresh one instead of serving from a broken state.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REQUEST_LOG = resolve('server/src/http/request-log.ts');

/** Runs `body` in a process that installed exitOnUncaughtErrors; its exit code and log lines. */
function runProgram(body: string): { status: number | null; lines: Record<string, unknown>[] } {
  const dir = mkdtempSync(join(tmpdir(), 'uncaught-'));
  try {
    const file = join(dir, 'program.ts');
    writeFileSync(
      file,
      `import { createLogger, exitOnUncaughtErrors } from ${JSON.stringify(REQUEST_LOG)};\n` +
        `exitOnUncaughtErrors(createLogger('info'));\n${body}\n` +
        // Without the handler the program would go on to this line and exit 0.
        `setTimeout(() => console.log('{"msg":"still running"}'), 500);\n`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', file], { encoding: 'utf8', timeout: 20_000 });
    const lines = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { status: run.status, lines };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('uncaught errors', () => {
  it('an exception nobody caught is logged as fatal and the process exits 1', () => {
    const { status, lines } = runProgram(`setTimeout(() => { throw new Error('boom in a timer'); }, 10);`);
    expect(status).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 60, msg: 'Uncaught exception: exiting', err: { message: 'boom in a timer' } });
  });

  it('a rejected promise nobody awaited is logged as fatal and the process exits 1', () => {
    const { status, lines } = runProgram(`void Promise.reject(new Error('nobody awaited me'));`);
    expect(status).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 60, msg: 'Unhandled promise rejection: exiting', err: { message: 'nobody awaited me' } });
  });
});
