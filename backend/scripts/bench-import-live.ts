/**
 * `npm run bench:import -- --while-searching` (not in CI): does the site stay fast while staff import?
 *
 * The built backend (dist/node/backend.js, `npm run build` first) runs on the database as in
 * production. A few clients search it without pause (keyword, keyword + county, amount, the plain
 * newest-first list, in turn) for --idle-seconds; then, while they go on, a file of --notices
 * notices (default 3,645, the size of the import that froze the site) is posted to
 * `POST /admin/content/import`. Printed: search latency p50/p95/p99/max while idle and during the
 * import, the p99 difference, and the import's notices per second (its wall time as the caller
 * sees it), against the targets: p99 at most 100 ms above idle, at least 1,000 notices/s.
 *
 * The notices are the publishers' corpus (test/corpus/processes.jsonl: real-looking HTML bodies
 * with tables, candidates, attachments) repeated under fresh source ids and process codes,
 * published over the last 30 days, so every run inserts new notices.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { NoticeImportRecord, NoticeImportResult } from '@shared/content/notices';
import { freePort } from '../../scripts/lib/production-portal';
import { formatDateTime, DAY_MS } from '../src/clock';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN_TOKEN = 'bench-import-live-admin-token';
const TARGET_P99_DELTA_MS = 100;
const TARGET_NOTICES_PER_SECOND = 1000;

export interface LiveOptions {
  dataDir: string;
  notices: number;
  idleSeconds: number;
  concurrency: number;
  /** 0: any free port */
  port: number;
}

/** `count` notices from the corpus, each under a source id and process code of this run. */
function corpusFile(count: number, now: Date): { body: string; bytes: number } {
  const corpus = fs
    .readFileSync(path.join(ROOT, 'backend/test/corpus/processes.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as NoticeImportRecord)
    .filter((r) => r.kind === 'zb');
  const run = formatDateTime(now).replace(/\D/g, '');
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const record = corpus[i % corpus.length]!;
    const copy = Math.floor(i / corpus.length);
    // Spread over the 30 days before now, keeping the order of the copies.
    const at = new Date(now.getTime() - DAY_MS * 30 + Math.floor((i / count) * DAY_MS * 29));
    lines.push(
      JSON.stringify({
        ...record,
        sourceId: `bench-live-${run}-${i}`,
        ...(record.processCode ? { processCode: `${record.processCode}-B${run}-${copy}` } : {}),
        projectCode: undefined,
        publishTime: formatDateTime(at),
        withdrawn: undefined,
      }),
    );
  }
  const body = lines.join('\n');
  return { body, bytes: Buffer.byteLength(body) };
}

/** The searches the clients take turns at. */
const SEARCHES = [
  'keyword=道路&pageSize=20',
  'keyword=道路&areaCode=370283&pageSize=20',
  'keyword=学校&noticeType=2&pageSize=20',
  'minAmount=1000&pageSize=20',
  'pageSize=20',
  'keyword=施工总承包&pageSize=20',
];

interface Sample {
  at: number;
  ms: number;
}

function summary(samples: readonly Sample[]) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (p: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0) * 10) / 10;
  return { searches: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: Math.round((sorted.at(-1) ?? 0) * 10) / 10 };
}

export async function benchWhileSearching(options: LiveOptions): Promise<void> {
  const entry = path.join(ROOT, 'dist/node/backend.js');
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const port = options.port || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    // stdout: the backend's log, for the import's own timings (the check, and the write lock held).
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: options.dataDir,
      BACKEND_PORT: String(port),
      ADMIN_TOKEN,
      DEMO_TOP_UP: 'false',
      DEMO_FEED: 'false',
      LOG_LEVEL: 'info',
    },
  });
  const log: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => log.push(...chunk.split('\n')));
  let running = true;
  try {
    const started = performance.now();
    for (;;) {
      try {
        if ((await fetch(`${base}/api/zb/search?pageSize=1`)).status === 200) break;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error('the backend did not answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const file = corpusFile(options.notices, new Date());
    console.log(
      `bench:import --while-searching: ${options.concurrency} clients searching; a file of ${options.notices} notices ` +
        `(${(file.bytes / 1e6).toFixed(1)} MB) after ${options.idleSeconds} s`,
    );

    const samples: Sample[] = [];
    let turn = 0;
    const client = async () => {
      while (running) {
        const query = SEARCHES[turn++ % SEARCHES.length]!;
        const t = performance.now();
        const res = await fetch(`${base}/api/zb/search?${query}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`search answered ${res.status}`);
        samples.push({ at: t, ms: performance.now() - t });
      }
    };
    const clients = Array.from({ length: options.concurrency }, client);

    // A few seconds of warm-up (statement caches, the OS file cache), then the idle window.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleFrom = performance.now();
    await new Promise((resolve) => setTimeout(resolve, options.idleSeconds * 1000));
    const importFrom = performance.now();
    const res = await fetch(`${base}/admin/content/import`, {
      method: 'POST',
      headers: { 'X-Admin-Token': ADMIN_TOKEN, 'Content-Type': 'application/x-ndjson' },
      body: file.body,
    });
    const answer = (await res.json()) as { code: number; msg: string; data?: NoticeImportResult };
    const importTo = performance.now();
    running = false;
    await Promise.all(clients);
    if (answer.code !== 200) throw new Error(`the import was refused: ${answer.msg}`);

    const idle = summary(samples.filter((s) => s.at >= idleFrom && s.at < importFrom));
    const during = summary(samples.filter((s) => s.at >= importFrom && s.at < importTo));
    const seconds = (importTo - importFrom) / 1000;
    const rate = Math.round(options.notices / seconds);
    const delta = Math.round((during.p99 - idle.p99) * 10) / 10;
    console.log(`  idle:            ${JSON.stringify(idle)}`);
    console.log(`  during import:   ${JSON.stringify(during)}`);
    console.log(`  import: ${JSON.stringify(answer.data)} in ${seconds.toFixed(2)} s = ${rate} notices/s`);
    const timings = log.map((line) => /checked in \d+ ms, written in \d+ ms/.exec(line)?.[0]).find(Boolean);
    if (timings) console.log(`  in the worker: ${timings} (the write lock is held for the second)`);
    console.log(
      `  p99 during − idle: ${delta} ms (target ≤ ${TARGET_P99_DELTA_MS}) ${delta <= TARGET_P99_DELTA_MS ? 'ok' : 'MISSED'}; ` +
        `${rate} notices/s (target ≥ ${TARGET_NOTICES_PER_SECOND}) ${rate >= TARGET_NOTICES_PER_SECOND ? 'ok' : 'MISSED'}`,
    );
  } finally {
    running = false;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
