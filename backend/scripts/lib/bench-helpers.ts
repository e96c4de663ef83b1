/** What the backend's benches share: seeding a database through the seed CLI, and timing a case. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Seeds `dataDir` through the seed CLI (as an operator would); returns the seconds it took. */
export function seedDatabase(dataDir: string, projects: number | string, tenders: number | string): number {
  console.log(`seeding ${projects} projects and ${tenders} tenders into ${dataDir} …`);
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'backend/src/cli/seed.ts', '--projects', String(projects), '--tenders', String(tenders), '--data-dir', dataDir],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`seeding failed (exit ${result.status})`);
  return (Date.now() - started) / 1000;
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/** p50 and p95 in ms of `runs` calls of `run`, after one warm-up call (page cache, statements). */
export function timeRuns(runs: number, run: () => unknown): { p50: number; p95: number } {
  run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}
