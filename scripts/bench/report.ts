/** Summaries, the printed table and the commit-stamped results file of `npm run bench`. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One scenario measured once. */
export interface Measurement {
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Socket errors, timeouts and answers other than 2xx. */
  errors: number;
  /**
   * CPU time per request of the process that answered and of the backend, in ms (Linux): unlike
   * req/s, hardly moved by how busy the shared machine is.
   */
  cpuMsPerRequest?: { server: number; backend: number };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Each figure's median over the runs (errors are summed: one failed request is one too many). */
export function summarise(runs: readonly Measurement[]): Measurement {
  return {
    requests: runs.reduce((sum, m) => sum + m.requests, 0),
    reqPerSec: Math.round(median(runs.map((m) => m.reqPerSec))),
    p50: median(runs.map((m) => m.p50)),
    p99: median(runs.map((m) => m.p99)),
    errors: runs.reduce((sum, m) => sum + m.errors, 0),
    ...(runs.every((m) => m.cpuMsPerRequest)
      ? {
          cpuMsPerRequest: {
            server: median(runs.map((m) => m.cpuMsPerRequest?.server ?? 0)),
            backend: median(runs.map((m) => m.cpuMsPerRequest?.backend ?? 0)),
          },
        }
      : {}),
  };
}

export const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) / 100 : 0);

export function printTable(rows: readonly { label: string; m: Measurement; share: string }[]): void {
  const widths = [34, 9, 8, 8, 8, 14, 16];
  const line = (cells: string[]) =>
    console.log(cells.map((c, i) => (i === 0 ? c.padEnd(widths[0] ?? 30) : c.padStart(widths[i] ?? 8))).join(''));
  line(['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'ratio', 'CPU ms/req']);
  for (const { label, m, share } of rows) {
    const cpu = m.cpuMsPerRequest ? `${m.cpuMsPerRequest.server} + ${m.cpuMsPerRequest.backend}` : '';
    line([label, String(m.reqPerSec), String(m.p50), String(m.p99), String(m.errors), share, cpu]);
  }
}

export interface CommitStamp {
  sha: string;
  dirty: boolean;
}

export function commitStamp(root: string): CommitStamp {
  const git = (...args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim();
  return { sha: git('rev-parse', '--short', 'HEAD') || 'nogit', dirty: git('status', '--porcelain', '--untracked-files=no') !== '' };
}

/** `bench/results/<date>-<sha>[-dirty][-quick][-label].json`: comparable across commits. */
export function writeResults(root: string, stamp: CommitStamp, quick: boolean, report: unknown, label?: string): string {
  const dir = join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const name = `${new Date().toISOString().slice(0, 10)}-${stamp.sha}${stamp.dirty ? '-dirty' : ''}${quick ? '-quick' : ''}${label ? `-${label}` : ''}.json`;
  const path = join(dir, name);
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  return relative(root, path);
}
