/**
 * `npm run bench:search` (not in CI): search at a million rows.
 *
 *   npm run bench:search                          # seeds 300,000 projects + 1,000,000 tenders (~10 min)
 *   npm run bench:search -- --data-dir D --keep   # seed into D (or reuse D's database) and keep it
 *   options: --projects N --tenders N --runs N (index timings per case, default 20)
 *            --like-runs N (RuoYi LIKE timings per case, default 3) --json FILE
 *            --only F,G (only these filter shapes, e.g. county,county+type, while iterating)
 *
 * Steps: seed through the seed CLI (timed), start the built backend on the database and time its
 * first answer, then time the backend's search (index query + total + the page's rows, in process)
 * for keywords of 1, 2, 3 and 5 characters, common and rare, alone and with a county, a notice
 * type and both, an amount of at least 1,000 万元 (on `coalesce(win_amount, amount)`),
 * on page 1 and page 50, next to RuoYi's `LIKE '%keyword%'` (count + page) on the
 * same database in the same run. Prints p50/p95 per case, the LIKE median and the ratio, and the
 * cases that miss the targets (p95 ≤ 30 ms, ≥ 20× faster). A data directory it created is
 * deleted at the end (3.5 GB at full size) unless --keep.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DATABASE_FILE, openDatabase, Statements } from '../src/db/connection';
import { ContentStats } from '../src/modules/content/content-stats';
import { ContentSearch, zbListItems, type SearchFilters } from '../src/modules/content/search';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TARGET_P95_MS = 30;
const TARGET_SPEED_UP = 20;
const START_BUDGET_MS = 3_000;
const PAGE_SIZE = 20;

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
    projects: { type: 'string', default: '300000' },
    tenders: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '20' },
    'like-runs': { type: 'string', default: '3' },
    json: { type: 'string' },
    only: { type: 'string' },
  },
});
const projects = Number(args.projects);
const tenders = Number(args.tenders);
const runs = Number(args.runs);
const likeRuns = Number(args['like-runs']);

/**
 * Keywords picked from the generator's vocabulary: "common" ones occur in 10–35 % of tenders,
 * "rare" ones in well under 1 % (measured on a 20,000-tender seed).
 */
const KEYWORDS: readonly { keyword: string; kind: 'common' | 'rare' | 'none' }[] = [
  { keyword: '路', kind: 'common' },
  { keyword: '春', kind: 'rare' },
  { keyword: '道路', kind: 'common' },
  { keyword: '黄前', kind: 'rare' },
  { keyword: '候选人', kind: 'common' },
  { keyword: '黄前水', kind: 'rare' },
  { keyword: '施工总承包', kind: 'common' },
  { keyword: '李沧区森林', kind: 'rare' },
  // No keyword: only the amount filter (a filter without an index of its own), below.
  { keyword: '', kind: 'none' },
];
/** The filter shapes also timed without a keyword. */
const WITHOUT_KEYWORD = new Set(['amount']);

/** 平度市, one of the larger counties (~0.7 % of tenders), and 招标公告 (the commonest type). */
const COUNTY = '370283';
const NOTICE_TYPE = '2';

/** 万元: a large tender (roughly the top third of amounts). */
const MIN_AMOUNT = 1000;

interface FilterCase {
  name: string;
  areaCode?: string;
  noticeType?: string;
  minValue?: number;
}
const ALL_FILTERS: readonly FilterCase[] = [
  { name: '—' },
  { name: 'county', areaCode: COUNTY },
  { name: 'type', noticeType: NOTICE_TYPE },
  { name: 'county+type', areaCode: COUNTY, noticeType: NOTICE_TYPE },
  { name: 'amount', minValue: MIN_AMOUNT },
];
const only = args.only?.split(',');
const FILTERS = only ? ALL_FILTERS.filter((f) => only.includes(f.name)) : ALL_FILTERS;
const PAGES = [1, 50] as const;

interface CaseResult {
  keyword: string;
  kind: string;
  chars: number;
  filter: string;
  page: number;
  total: string;
  p50: number;
  p95: number;
  likeMedian: number;
  likeTotal: number;
  speedUp: number;
  meetsP95: boolean;
  meetsSpeedUp: boolean;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

function timeRuns(count: number, run: () => void): number[] {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The seed CLI, as a user would run it; returns its wall time in seconds. */
function seed(dataDir: string): number {
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

function countRows(dataDir: string): { xmk: number; zb: number } | null {
  if (!fs.existsSync(path.join(dataDir, DATABASE_FILE))) return null;
  const db = openDatabase(dataDir, { synchronous: 'NORMAL' });
  try {
    const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return { xmk: count('xmk'), zb: count('zb') };
  } catch {
    return null;
  } finally {
    db.close();
  }
}

/**
 * The built backend started on the database: milliseconds until it answers a keyword search, and
 * the first few searches' latencies (the OS file cache may already hold the database; a cold disk
 * is slower).
 */
async function timeBackendStart(dataDir: string): Promise<{ answeredMs: number; firstSearchesMs: number[] }> {
  const entry = path.join(ROOT, 'dist/node/backend.js');
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, BACKEND_PORT: String(port), DEMO_TOP_UP: 'false' },
  });
  const search = (keyword: string) =>
    fetch(`http://127.0.0.1:${port}/api/zb/search?keyword=${encodeURIComponent(keyword)}&pageSize=${PAGE_SIZE}`);
  try {
    let answeredMs = 0;
    while (performance.now() - started < 60_000) {
      try {
        if ((await search('道路')).status === 200) {
          answeredMs = performance.now() - started;
          break;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    if (answeredMs === 0) throw new Error('the backend did not answer within 60 s');
    const firstSearchesMs: number[] = [];
    for (const { keyword } of KEYWORDS) {
      const t = performance.now();
      await (await search(keyword)).arrayBuffer();
      firstSearchesMs.push(round1(performance.now() - t));
    }
    return { answeredMs: Math.round(answeredMs), firstSearchesMs };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** RuoYi's mapper: `LIKE '%kw%'` over the keyword columns, filters on indexed columns, count + page. */
function likeQuery(sql: Statements, keyword: string, filter: FilterCase, page: number): () => number {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (keyword) {
    // RuoYi's mapper leaves the LIKE out for an empty keyword.
    where.push('(title LIKE ? OR tenderer LIKE ? OR agency LIKE ? OR content LIKE ?)');
    const like = `%${keyword}%`;
    params.push(like, like, like, like);
  }
  if (filter.areaCode) {
    where.push('area_code = ?');
    params.push(filter.areaCode);
  }
  if (filter.noticeType) {
    where.push('notice_type = ?');
    params.push(filter.noticeType);
  }
  if (filter.minValue !== undefined) {
    where.push('coalesce(win_amount, amount) >= ?');
    params.push(filter.minValue);
  }
  const clause = where.join(' AND ');
  const count = sql.get<(string | number)[], { n: number }>(`SELECT count(0) AS n FROM zb WHERE ${clause}`);
  const rows = sql.get<(string | number)[]>(
    `SELECT id, title, area_code, publish_time, amount FROM zb WHERE ${clause} ORDER BY publish_time DESC LIMIT ? OFFSET ?`,
  );
  return () => {
    const total = count.get(...params)!.n;
    rows.all(...params, PAGE_SIZE, (page - 1) * PAGE_SIZE);
    return total;
  };
}

function benchmarkCases(dataDir: string): CaseResult[] {
  const db = openDatabase(dataDir, { synchronous: 'NORMAL' });
  const sql = new Statements(db);
  const search = new ContentSearch(sql, new ContentStats(sql));
  const results: CaseResult[] = [];
  try {
    for (const { keyword, kind } of KEYWORDS) {
      for (const filter of FILTERS) {
        if (!keyword && !WITHOUT_KEYWORD.has(filter.name)) continue;
        for (const page of PAGES) {
          const filters: SearchFilters = {
            keyword: keyword || undefined,
            areaCode: filter.areaCode,
            tags: [['noticeType', filter.noticeType]],
            minValue: filter.minValue,
            orderBy: 'time',
            asc: false,
          };
          // What the API does for one answer: ids of the page and the total, then the page's rows.
          let total = '';
          const answer = () => {
            const result = search.search('zb', filters, { pageNum: page, pageSize: PAGE_SIZE });
            zbListItems(sql, result.ids, keyword || undefined);
            total = `${result.total}${result.capped ? '+' : ''}`;
          };
          answer(); // the first run brings this case's pages into the cache
          const samples = timeRuns(runs, answer);
          const like = likeQuery(sql, keyword, filter, page);
          let likeTotal = 0;
          const likeSamples = timeRuns(likeRuns, () => (likeTotal = like()));
          const p50 = percentile(samples, 50);
          const p95 = percentile(samples, 95);
          const likeMedian = percentile(likeSamples, 50);
          const speedUp = likeMedian / Math.max(p50, 0.01);
          const row: CaseResult = {
            keyword,
            kind,
            chars: Array.from(keyword).length,
            filter: filter.name,
            page,
            total,
            p50: round1(p50),
            p95: round1(p95),
            likeMedian: round1(likeMedian),
            likeTotal,
            speedUp: round1(speedUp),
            meetsP95: p95 <= TARGET_P95_MS,
            meetsSpeedUp: speedUp >= TARGET_SPEED_UP,
          };
          results.push(row);
          printRow(row);
        }
      }
    }
  } finally {
    db.close();
  }
  return results;
}

const COLUMNS = [
  'keyword',
  'chars',
  'kind',
  'filter',
  'page',
  'total',
  'p50 ms',
  'p95 ms',
  'LIKE ms',
  'LIKE total',
  'speed-up',
  '',
] as const;
const WIDTHS = [10, 6, 7, 12, 5, 8, 8, 8, 9, 11, 9, 8];

function printLine(cells: readonly string[]): void {
  console.log(cells.map((c, i) => (i < 4 ? c.padEnd(WIDTHS[i] ?? 8) : c.padStart(WIDTHS[i] ?? 8))).join(' '));
}

function printRow(r: CaseResult): void {
  const misses = [r.meetsP95 ? '' : 'p95', r.meetsSpeedUp ? '' : '<20×'].filter(Boolean).join(',');
  printLine([
    r.keyword || '(none)',
    String(r.chars),
    r.kind,
    r.filter,
    String(r.page),
    r.total,
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.likeMedian.toFixed(0),
    String(r.likeTotal),
    `${r.speedUp.toFixed(0)}×`,
    misses ? `MISS ${misses}` : 'ok',
  ]);
}

function commitStamp(): string {
  const sha = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim() || 'nogit';
  return `${new Date().toISOString().slice(0, 10)}-${sha}`;
}

async function main() {
  const ownDataDir = args['data-dir'] === undefined;
  const dataDir = path.resolve(args['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-')));
  try {
    const existing = countRows(dataDir);
    // Never replace a database someone pointed us at: a smaller one is an error, not a reseed.
    if (existing !== null && (existing.xmk < projects || existing.zb < tenders)) {
      throw new Error(`${dataDir} holds ${existing.xmk} projects and ${existing.zb} tenders, fewer than asked for`);
    }
    const seedSeconds = existing === null ? seed(dataDir) : null;
    if (existing !== null) console.log(`reusing ${dataDir}: ${existing.xmk} projects, ${existing.zb} tenders`);
    const sizeBytes = ['', '-wal'].reduce(
      (sum, s) => sum + (fs.statSync(path.join(dataDir, DATABASE_FILE + s), { throwIfNoEntry: false })?.size ?? 0),
      0,
    );

    const start = await timeBackendStart(dataDir);
    console.log(
      `\nbackend: first answer ${start.answeredMs} ms after start (budget ${START_BUDGET_MS} ms); first searches ${start.firstSearchesMs.join(', ')} ms`,
    );

    console.log(`\nzb search, ${runs} runs per case (after one warm-up), LIKE ${likeRuns} runs; speed-up = LIKE median / index p50\n`);
    printLine([...COLUMNS]);
    const cases = benchmarkCases(dataDir);

    const slow = cases.filter((c) => !c.meetsP95);
    const weak = cases.filter((c) => !c.meetsSpeedUp);
    const worst = cases.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    console.log(`\nseed: ${seedSeconds === null ? 'reused' : `${Math.round(seedSeconds)} s`}, database ${(sizeBytes / 1e9).toFixed(2)} GB`);
    console.log(`worst p95: ${worst.p95} ms (${worst.keyword || '(none)'}, ${worst.filter}, page ${worst.page})`);
    console.log(`p95 ≤ ${TARGET_P95_MS} ms: ${cases.length - slow.length}/${cases.length} cases`);
    console.log(
      `≥ ${TARGET_SPEED_UP}× LIKE: ${cases.length - weak.length}/${cases.length} cases${weak.length ? `; missed by ${weak.map((c) => `${c.keyword || '(none)'}/${c.filter}/p${c.page} ${c.speedUp}×`).join(', ')}` : ''}`,
    );
    console.log(`backend answers within ${START_BUDGET_MS / 1000} s: ${start.answeredMs <= START_BUDGET_MS ? 'yes' : 'NO'}`);

    const report = {
      kind: 'bench:search',
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      projects: existing?.xmk ?? projects,
      tenders: existing?.zb ?? tenders,
      seedSeconds,
      databaseBytes: sizeBytes,
      backendStart: start,
      runs,
      likeRuns,
      targets: { p95Ms: TARGET_P95_MS, speedUp: TARGET_SPEED_UP, startMs: START_BUDGET_MS },
      cases,
    };
    const out = args.json ?? path.join(ROOT, 'bench/results', `search-${commitStamp()}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwrote ${path.relative(ROOT, out)}`);
  } finally {
    if (ownDataDir && !args.keep) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      console.log(`deleted ${dataDir}`);
    } else console.log(`kept ${dataDir}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
