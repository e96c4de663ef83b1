/**
 * `npm run bench:export` (not in CI): memory of one 100,000-row Excel export.
 *
 *   npm run bench:export                          # seeds 100,000 tenders (~1 min), exports them all
 *   npm run bench:export -- --data-dir D --keep   # seed into D (or reuse D's database) and keep it
 *   options: --tenders N (rows seeded and exported, default 100000) --port P (default: a free one)
 *            --json FILE
 *
 * Steps: seed through the seed CLI, start the backend in this process on that database with the
 * daily export quota raised past N, and download `GET /cms/export/zb` over HTTP as the VIP demo
 * member, discarding the bytes. `process.memoryUsage()` is sampled every 20 ms from just before
 * the request (the baseline, after a GC when run with --expose-gc, which the npm script does) to
 * the last byte: the report is the peak growth of RSS, heap and external memory over that
 * baseline, and of the live heap (sampled right after a full GC every 200 ms). The file is then re-read with exceljs's streaming reader to count its rows.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DATABASE_FILE } from '../src/db/connection';
import { seedDatabase } from './lib/bench-helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SAMPLE_MS = 20;
/** Every this many samples, a full GC first: the heap then holds only what is live. */
const LIVE_EVERY = 10;
const MB = 1024 * 1024;

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
    tenders: { type: 'string', default: '100000' },
    port: { type: 'string', default: '0' },
    json: { type: 'string' },
  },
});
const tenders = Number(args.tenders);

interface Sample {
  rss: number;
  heapUsed: number;
  external: number;
}

const sample = (): Sample => {
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external };
};

/** GET `url` with the bearer into `file` (with backpressure); resolves with status, headers and byte count. */
function download(url: string, token: string, file: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { Authorization: `Bearer ${token}` } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      const out = fs.createWriteStream(file);
      res.pipe(out);
      out.on('close', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function countRows(file: string): Promise<number> {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'ignore', hyperlinks: 'ignore' });
  for await (const worksheet of reader) {
    for await (const _row of worksheet) rows++;
  }
  return rows - 1; // the header
}

async function main(): Promise<void> {
  const created = !args['data-dir'];
  const dataDir = path.resolve(args['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-')));
  const seedSeconds = fs.existsSync(path.join(dataDir, DATABASE_FILE)) ? null : seedDatabase(dataDir, 1000, tenders);

  const config = loadConfig({ DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false', DEMO_TOP_UP: 'false', BACKEND_EXTENSIONS: 'on' }, ROOT);
  const backend = createApp(config, { exportRowsPerDay: 10_000_000, log: { info: () => undefined, error: console.error } });
  const server = await new Promise<http.Server>((resolve) => {
    const s = backend.app.listen(Number(args.port), '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const { id } = backend.db.prepare("SELECT id FROM member WHERE user_name = 'vip'").get() as { id: number };
  const { token } = backend.context.tokens.issue(id);
  const file = path.join(dataDir, 'bench-export.xlsx');

  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const baseline = sample();
  const peak = { ...baseline };
  let liveHeapPeak = baseline.heapUsed;
  let samples = 0;
  const timer = setInterval(() => {
    if (gc && ++samples % LIVE_EVERY === 0) {
      gc();
      liveHeapPeak = Math.max(liveHeapPeak, process.memoryUsage().heapUsed);
    }
    const s = sample();
    peak.rss = Math.max(peak.rss, s.rss);
    peak.heapUsed = Math.max(peak.heapUsed, s.heapUsed);
    peak.external = Math.max(peak.external, s.external);
  }, SAMPLE_MS);

  // The export shares this process's event loop with the download: its delay is what every other
  // request of the backend would wait behind the export.
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  const started = performance.now();
  const answer = await download(`http://127.0.0.1:${port}/cms/export/zb`, token, file);
  const seconds = (performance.now() - started) / 1000;
  loopDelay.disable();
  clearInterval(timer);
  server.close();
  backend.close();

  if (answer.status !== 200 || !String(answer.headers['content-type']).includes('spreadsheetml')) {
    throw new Error(`export failed: ${answer.status} ${fs.readFileSync(file, 'utf8').slice(0, 200)}`);
  }
  const rows = await countRows(file);
  const growth = {
    rssMB: (peak.rss - baseline.rss) / MB,
    heapMB: (peak.heapUsed - baseline.heapUsed) / MB,
    externalMB: (peak.external - baseline.external) / MB,
  };
  const result = {
    date: new Date().toISOString(),
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    cpus: os.cpus().length,
    seedSeconds,
    rowsAnnounced: Number(answer.headers['x-export-rows']),
    rowsInFile: rows,
    fileMB: Math.round((answer.bytes / MB) * 10) / 10,
    seconds: Math.round(seconds * 10) / 10,
    rowsPerSecond: Math.round(rows / seconds),
    /** event-loop delay during the export, ms (monitorEventLoopDelay, 1 ms resolution); the GC of the live-heap samples adds to it */
    eventLoopDelayMs: {
      p50: Math.round(loopDelay.percentile(50) / 1e4) / 100,
      p99: Math.round(loopDelay.percentile(99) / 1e4) / 100,
      max: Math.round(loopDelay.max / 1e4) / 100,
    },
    baselineMB: {
      rss: Math.round(baseline.rss / MB),
      heap: Math.round(baseline.heapUsed / MB),
      external: Math.round(baseline.external / MB),
    },
    peakGrowthMB: {
      rss: Math.round(growth.rssMB * 10) / 10,
      heap: Math.round(growth.heapMB * 10) / 10,
      external: Math.round(growth.externalMB * 10) / 10,
      /** heap right after a full GC: what the export holds, without garbage not yet collected */
      liveHeap: Math.round(((liveHeapPeak - baseline.heapUsed) / MB) * 10) / 10,
    },
    /** peak RSS over the baseline RSS, the same process just before the export */
    rssRatio: Math.round((peak.rss / baseline.rss) * 100) / 100,
    gcBeforeBaseline: gc !== undefined,
  };
  console.log(JSON.stringify(result, null, 2));
  if (args.json) fs.writeFileSync(args.json, JSON.stringify(result, null, 2));
  fs.rmSync(file, { force: true });
  if (created && !args.keep) fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
