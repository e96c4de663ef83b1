/**
 * `npm run bench:ocds` (not in CI): memory while the OCDS release feed is paged from the first
 * notice to the last.
 *
 *   npm run bench:ocds                            # seeds 100,000 tenders (~1 min), pages through them all
 *   npm run bench:ocds -- --data-dir D --keep     # seed into D (or reuse D's database) and keep it
 *   options: --tenders N (default 100000) --page-size P (default 1000) --port P --json FILE
 *
 * Steps: seed through the seed CLI, start the backend in this process, and follow `links.next` of
 * `GET /api/ext/ocds/releases.json?pageSize=P` over HTTP from the first page to the last, reading
 * each answer as a stream and discarding it (no page is held whole). After every page (a full GC
 * first: the npm script runs with --expose-gc) it samples RSS and the live heap; the report is
 * those per page (every tenth printed), their first, last and largest values, and the growth from
 * the first tenth of the pages to the last tenth, with the load average. The next link is taken
 * from the tail of each answer (`"links":…` is written last).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DATABASE_FILE } from '../src/db/connection';
import { seedDatabase } from './lib/bench-helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MB = 1024 * 1024;

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
    tenders: { type: 'string', default: '100000' },
    'page-size': { type: 'string', default: '1000' },
    port: { type: 'string', default: '0' },
    json: { type: 'string' },
  },
});
const tenders = Number(args.tenders);
const pageSize = Number(args['page-size']);

/** GET `url`, counting bytes and keeping only the answer's last 4 KB (where `links` is). */
function readPage(url: string): Promise<{ status: number; bytes: number; releases: number; next: string | null }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let bytes = 0;
        let releases = 0;
        let tail = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          bytes += Buffer.byteLength(chunk);
          // One `"initiationType"` (16 characters) per release; the last 15 of the previous chunk
          // complete one split across chunks and cannot hold a whole one.
          releases += (tail.slice(-15) + chunk).split('"initiationType"').length - 1;
          tail = (tail + chunk).slice(-4096);
        });
        res.on('end', () => {
          const links = /"links":(\{[^}]*\})\}$/.exec(tail)?.[1];
          const next = links ? ((JSON.parse(links) as { next?: string }).next ?? null) : null;
          resolve({ status: res.statusCode ?? 0, bytes, releases, next });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

interface PageSample {
  page: number;
  releases: number;
  mb: number;
  ms: number;
  rssMb: number;
  heapMb: number;
}

async function main(): Promise<void> {
  const created = !args['data-dir'];
  const dataDir = path.resolve(args['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ocds-')));
  const seedSeconds = fs.existsSync(path.join(dataDir, DATABASE_FILE)) ? 0 : seedDatabase(dataDir, 1000, tenders);
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
  const config = loadConfig({ DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false', DEMO_TOP_UP: 'false', BACKEND_EXTENSIONS: 'on' }, ROOT);
  const backend = createApp(config, { log: { info: () => undefined, error: console.error } });
  const server = await new Promise<http.Server>((resolve) => {
    const s = backend.app.listen(Number(args.port), '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const notices = (backend.db.prepare('SELECT count(*) AS n FROM zb').get() as { n: number }).n;
  console.log(
    `paging ${notices} notices, ${pageSize} a page; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  const samples: PageSample[] = [];
  const started = performance.now();
  let url: string | null = `${base}/api/ext/ocds/releases.json?pageSize=${pageSize}`;
  try {
    while (url) {
      const t0 = performance.now();
      const page = await readPage(url);
      if (page.status !== 200) throw new Error(`${url}: HTTP ${page.status}`);
      gc();
      const m = process.memoryUsage();
      const s: PageSample = {
        page: samples.length + 1,
        releases: page.releases,
        mb: page.bytes / MB,
        ms: performance.now() - t0,
        rssMb: m.rss / MB,
        heapMb: m.heapUsed / MB,
      };
      samples.push(s);
      if (s.page === 1 || s.page % 10 === 0 || page.next === null) {
        console.log(
          `page ${String(s.page).padStart(4)}: ${s.releases} releases, ${s.mb.toFixed(2)} MB in ${s.ms.toFixed(0)} ms; ` +
            `RSS ${s.rssMb.toFixed(1)} MB, heap ${s.heapMb.toFixed(1)} MB`,
        );
      }
      // The links point at the portal's path; this process is the backend alone.
      url = page.next ? `${base}/api/ext${new URL(page.next).pathname}${new URL(page.next).search}` : null;
    }
  } finally {
    server.close();
    backend.close();
    if (created && !args.keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const seconds = (performance.now() - started) / 1000;
  const tenth = Math.max(1, Math.floor(samples.length / 10));
  const mean = (list: PageSample[], key: 'rssMb' | 'heapMb') => list.reduce((sum, s) => sum + s[key], 0) / list.length;
  const first = samples.slice(0, tenth);
  const last = samples.slice(-tenth);
  const report = {
    notices,
    pageSize,
    pages: samples.length,
    releases: samples.reduce((n, s) => n + s.releases, 0),
    megabytes: Number(samples.reduce((n, s) => n + s.mb, 0).toFixed(1)),
    seconds: Number(seconds.toFixed(1)),
    seedSeconds: Number(seedSeconds.toFixed(1)),
    rssMb: { first: samples[0]!.rssMb, last: samples.at(-1)!.rssMb, max: Math.max(...samples.map((s) => s.rssMb)) },
    heapMb: { first: samples[0]!.heapMb, last: samples.at(-1)!.heapMb, max: Math.max(...samples.map((s) => s.heapMb)) },
    growthFirstToLastTenthMb: { rss: mean(last, 'rssMb') - mean(first, 'rssMb'), heap: mean(last, 'heapMb') - mean(first, 'heapMb') },
    loadAverage: os.loadavg(),
    cpus: os.availableParallelism(),
  };
  console.log(JSON.stringify(report, (_k, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Number(v.toFixed(2)) : v), 2));
  if (args.json) fs.writeFileSync(args.json, JSON.stringify({ report, samples }, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
