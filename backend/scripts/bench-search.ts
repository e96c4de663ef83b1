/**
 * `npm run bench:search` (not in CI): search at a million rows, then after a backfill.
 *
 *   npm run bench:search                          # seeds 300,000 projects + 1,000,000 tenders (~30 min)
 *   npm run bench:search -- --data-dir D --keep   # seed into D (or reuse D's database) and keep it
 *   options: --projects N --tenders N --runs N (index timings per case, default 20)
 *            --like-runs N (RuoYi LIKE timings per case, default 3) --json FILE
 *            --only F,G (only these filter shapes, e.g. county,county+type, while iterating)
 *            --backfill N (older tenders imported after the seed, default a tenth of --tenders; 0: none)
 *   npm run bench:search -- --data-dir D --migration   # only: time the publish-order migration on D
 *
 * Steps: seed through the seed CLI (timed), start the built backend on the database and time its
 * first answer, then time the backend's search (index query + total + the page's rows, in process)
 * for keywords of 1, 2, 3 and 5 characters, common and rare, alone and with a county, a notice
 * type and both, an amount of at least 1,000 万元 (on `coalesce(win_amount, amount)`) and a 30-day
 * publish window, on page 1 and page 50, next to RuoYi's `LIKE '%keyword%'` (count + page) on the
 * same database in the same run. Prints p50/p95 per case, the LIKE median and the ratio, and the
 * cases that miss the targets (p95 ≤ 30 ms, ≥ 20× faster).
 *
 * The backfill shape: N tenders published before the newest seeded day — most among the seeded
 * ones, some before them, one in ten with a date-only time — imported last through the import CLI
 * (timed), as a late publisher's or a migration's file arrives. Then the order and the windows are
 * checked against a brute-force sort by (publish time, id) — newest and oldest first, with keyword,
 * county, type and amount; 近3天, 近7天, whole months — and every case is timed again. A data
 * directory it created is deleted at the end (≈6 GB at full size) unless --keep.
 *
 * `--migration` puts D's database back to the schema before the publish-order migration (the last:
 * key tables dropped, zb_value and the region indexes as they were) and times migrating it again,
 * as an existing database is migrated when the new backend first starts.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { NoticeImportRecord } from '@shared/content/notices';
import { lastDaysBegin } from '@shared/date-presets';
import { DAY_MS, formatDate, parseLocalDateTime } from '../src/clock';
import { DATABASE_FILE, openDatabase, Statements } from '../src/db/connection';
import { MIGRATIONS, SCHEMA_VERSION } from '../src/db/migrations';
import { MIGRATION_RULES } from '../src/migrate-database';
import { ContentStats } from '../src/modules/content/content-stats';
import { ContentSearch, zbListItems, type SearchFilters } from '../src/modules/content/search';
import { generateZb } from '../src/seed/content-generator';
import { zbRecord } from '../src/seed/demo-feed';
import { Random } from '../src/seed/random';
import { seedDatabase } from './lib/bench-helpers';

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
    backfill: { type: 'string' },
    migration: { type: 'boolean', default: false },
  },
});
const projects = Number(args.projects);
const tenders = Number(args.tenders);
const runs = Number(args.runs);
const likeRuns = Number(args['like-runs']);
const backfillCount = args.backfill === undefined ? Math.round(tenders / 10) : Number(args.backfill);

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
const WITHOUT_KEYWORD = new Set(['amount', 'month']);

/** 平度市, one of the larger counties (~0.7 % of tenders), and 招标公告 (the commonest type). */
const COUNTY = '370283';
const NOTICE_TYPE = '2';

/** 万元: a large tender (roughly the top third of amounts). */
const MIN_AMOUNT = 1000;

/** A publish window: 30 days in the middle of the seeded notices (Window below). */
const WINDOW_DAYS = 30;

interface FilterCase {
  name: string;
  areaCode?: string;
  noticeType?: string;
  minValue?: number;
  window?: boolean;
}
const ALL_FILTERS: readonly FilterCase[] = [
  { name: '—' },
  { name: 'county', areaCode: COUNTY },
  { name: 'type', noticeType: NOTICE_TYPE },
  { name: 'county+type', areaCode: COUNTY, noticeType: NOTICE_TYPE },
  { name: 'amount', minValue: MIN_AMOUNT },
  { name: 'month', window: true },
];

/** Inclusive `yyyy-MM-dd` days of a publish window. */
interface Window {
  begin: string;
  end: string;
}
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
    // A backend that already exited (it refused the database, say) sends no second 'exit'.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

/** RuoYi's mapper: `LIKE '%kw%'` over the keyword columns, filters on indexed columns, count + page. */
function likeQuery(sql: Statements, keyword: string, filter: FilterCase, page: number, window: Window): () => number {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (keyword) {
    // RuoYi's mapper leaves the LIKE out for an empty keyword.
    where.push(LIKE_ANY);
    params.push(...likeParams(keyword));
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
  if (filter.window) {
    where.push('publish_time BETWEEN ? AND ?');
    params.push(`${window.begin} 00:00:00`, `${window.end} 23:59:59`);
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

function benchmarkCases(dataDir: string, window: Window): CaseResult[] {
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
            beginDate: filter.window ? window.begin : undefined,
            endDate: filter.window ? window.end : undefined,
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
          const like = likeQuery(sql, keyword, filter, page, window);
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

// ---- the backfill shape ------------------------------------------------------------------------

/** Source ids of the backfill's notices start with this (a kept database is not backfilled twice). */
const BACKFILL_PREFIX = 'bench-backfill-';

const SEEDED = 'source_id IS NULL';

/** The first and last publish day of the seeded tenders. */
function seededDays(dataDir: string): Window {
  const db = openDatabase(dataDir, { synchronous: 'NORMAL' });
  try {
    const row = db.prepare(`SELECT min(publish_time) AS first, max(publish_time) AS last FROM zb WHERE ${SEEDED}`).get() as {
      first: string;
      last: string;
    };
    return { begin: row.first.slice(0, 10), end: row.last.slice(0, 10) };
  } finally {
    db.close();
  }
}

/** WINDOW_DAYS days in the middle of the seeded tenders. */
function middleWindow(seeded: Window): Window {
  const first = parseLocalDateTime(seeded.begin)!.getTime();
  const last = parseLocalDateTime(seeded.end)!.getTime();
  const begin = first + Math.floor((last - first) / DAY_MS / 2 - WINDOW_DAYS / 2) * DAY_MS;
  return { begin: formatDate(new Date(begin)), end: formatDate(new Date(begin + (WINDOW_DAYS - 1) * DAY_MS)) };
}

/**
 * `count` tenders published from 60 days before the first seeded day to 7 days before the last,
 * at random (the seeded tenders' days and hours), one in ten at 00:00:00 as publishers that give a
 * date only write it; listed newest first, as a crawl of list pages returns them.
 */
function backfillRecords(seeded: Window, count: number): NoticeImportRecord[] {
  const rng = new Random('bench-search-backfill');
  const from = parseLocalDateTime(seeded.begin)!.getTime() - 60 * DAY_MS;
  const to = parseLocalDateTime(seeded.end)!.getTime() - 7 * DAY_MS;
  const now = new Date();
  const records: NoticeImportRecord[] = [];
  for (let i = 0; i < count; i++) {
    const day = from + rng.int(0, Math.floor((to - from) / DAY_MS)) * DAY_MS;
    const at = new Date(rng.chance(0.1) ? day : day + (8 * 3600 + rng.int(0, 12 * 3600 - 1)) * 1000);
    records.push(zbRecord(generateZb(rng, at, now, null), `${BACKFILL_PREFIX}${i}`, null, null));
  }
  return records.sort((a, b) => (a.publishTime < b.publishTime ? 1 : a.publishTime > b.publishTime ? -1 : 0));
}

/** Whether the database holds the backfill already (a kept one). */
function backfillPresent(dataDir: string): boolean {
  const db = openDatabase(dataDir, { synchronous: 'NORMAL' });
  try {
    return (
      db.prepare('SELECT 1 FROM zb WHERE source_id >= ? AND source_id < ? LIMIT 1').get(BACKFILL_PREFIX, `${BACKFILL_PREFIX}~`) !==
      undefined
    );
  } finally {
    db.close();
  }
}

/** Import the backfill through the import CLI, as a data team would; its wall time. */
function importBackfill(dataDir: string, seeded: Window): { notices: number; seconds: number } {
  const file = path.join(dataDir, 'bench-backfill.jsonl');
  fs.writeFileSync(
    file,
    `${backfillRecords(seeded, backfillCount)
      .map((r) => JSON.stringify(r))
      .join('\n')}\n`,
  );
  console.log(`\nbackfill: importing ${backfillCount} older tenders (${(fs.statSync(file).size / 1e6).toFixed(0)} MB) …`);
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'backend/src/cli/import.ts', file, '--data-dir', dataDir], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  fs.rmSync(file, { force: true });
  if (result.status !== 0) throw new Error(`the backfill import failed (exit ${result.status})`);
  return { notices: backfillCount, seconds: (Date.now() - started) / 1000 };
}

interface OrderCheck {
  name: string;
  /** rows compared (at most CHECK_LIMIT for lists, every row of a window) */
  rows: number;
  total: string;
  ok: boolean;
  /** first position where the search and the brute-force sort differ */
  firstMismatch?: number;
}

/** Lists are compared over their first this many rows (what the capped total covers). */
const CHECK_LIMIT = 10_000;

/**
 * The search against a brute-force sort: SQL over the notices themselves, ordered by (publish time,
 * id), filtered with LIKE and plain column conditions. Lists are compared over their first 10,000
 * rows (in the order of every match, the export's stream) and on pages 1 and 50 (the page path);
 * windows over every row they hold; totals too.
 */
function checkOrder(dataDir: string, window: Window, seeded: Window): OrderCheck[] {
  const db = openDatabase(dataDir, { synchronous: 'NORMAL' });
  const sql = new Statements(db);
  const search = new ContentSearch(sql, new ContentStats(sql));
  const today = formatDate(new Date());
  // The days before the seeded ones: backfilled notices only.
  const first = parseLocalDateTime(seeded.begin)!.getTime();
  const before = { begin: formatDate(new Date(first - 60 * DAY_MS)), end: formatDate(new Date(first - DAY_MS)) };
  const shapes: { name: string; filters: Partial<SearchFilters>; where: string[]; params: (string | number)[]; whole?: boolean }[] = [
    { name: 'all, newest first', filters: {}, where: [], params: [] },
    { name: 'all, oldest first', filters: { asc: true }, where: [], params: [] },
    { name: '道路', filters: { keyword: '道路' }, where: [LIKE_ANY], params: likeParams('道路') },
    {
      name: '道路 + county',
      filters: { keyword: '道路', areaCode: COUNTY },
      where: [LIKE_ANY, 'area_code = ?'],
      params: [...likeParams('道路'), COUNTY],
    },
    {
      name: 'county + type',
      filters: { areaCode: COUNTY, tags: [['noticeType', NOTICE_TYPE]] },
      where: ['area_code = ?', 'notice_type = ?'],
      params: [COUNTY, NOTICE_TYPE],
    },
    {
      name: 'amount ≥ 1,000 万元',
      filters: { minValue: MIN_AMOUNT },
      where: ['coalesce(win_amount, amount) >= ?'],
      params: [MIN_AMOUNT],
    },
    ...[3, 7].map((days) => ({
      name: `近${days}天 (from ${lastDaysBegin(today, days)})`,
      filters: { beginDate: lastDaysBegin(today, days) },
      where: ['publish_time >= ?'],
      params: [`${lastDaysBegin(today, days)} 00:00:00`],
      whole: true,
    })),
    ...[window, before].map((w) => ({
      name: `${w.begin} to ${w.end}`,
      filters: { beginDate: w.begin, endDate: w.end },
      where: ['publish_time BETWEEN ? AND ?'],
      params: [`${w.begin} 00:00:00`, `${w.end} 23:59:59`],
      whole: true,
    })),
    {
      name: `道路, ${window.begin} to ${window.end}`,
      filters: { keyword: '道路', beginDate: window.begin, endDate: window.end },
      where: [LIKE_ANY, 'publish_time BETWEEN ? AND ?'],
      params: [...likeParams('道路'), `${window.begin} 00:00:00`, `${window.end} 23:59:59`],
      whole: true,
    },
  ];
  const checks: OrderCheck[] = [];
  try {
    for (const shape of shapes) {
      const filters: SearchFilters = { orderBy: 'time', asc: false, ...shape.filters };
      const dir = filters.asc ? 'ASC' : 'DESC';
      const where = shape.where.length > 0 ? `WHERE ${shape.where.join(' AND ')}` : '';
      const count = sql.get<(string | number)[], { n: number }>(`SELECT count(*) AS n FROM zb ${where}`).get(...shape.params)!.n;
      const limit = shape.whole ? count : Math.min(count, CHECK_LIMIT);
      const expected = sql
        .get<(string | number)[], number>(`SELECT id FROM zb ${where} ORDER BY publish_time ${dir}, id ${dir} LIMIT ?`)
        .pluck()
        .all(...shape.params, limit);
      const got = [...search.matchingIds('zb', filters, limit)];
      const pages = [1, 50].map((pageNum) => ({ pageNum, result: search.search('zb', filters, { pageNum, pageSize: PAGE_SIZE }) }));
      let firstMismatch = expected.findIndex((id, i) => got[i] !== id);
      if (firstMismatch < 0 && got.length !== expected.length) firstMismatch = Math.min(got.length, expected.length);
      const pagesOk = pages.every(
        ({ pageNum, result }) =>
          JSON.stringify(result.ids) === JSON.stringify(expected.slice((pageNum - 1) * PAGE_SIZE, pageNum * PAGE_SIZE)) ||
          (expected.length < count && (pageNum - 1) * PAGE_SIZE >= expected.length),
      );
      const total = pages[0]!.result;
      // Capped at 10,000 when something filters; without a filter the table's own count.
      const totalOk = total.capped
        ? count > CHECK_LIMIT && total.total === CHECK_LIMIT
        : total.total === count && (count <= CHECK_LIMIT || shape.where.length === 0);
      const check: OrderCheck = {
        name: shape.name,
        rows: expected.length,
        total: `${total.total}${total.capped ? '+' : ''} of ${count}`,
        ok: firstMismatch < 0 && pagesOk && totalOk,
        ...(firstMismatch >= 0 ? { firstMismatch } : {}),
      };
      checks.push(check);
      console.log(
        `${check.ok ? 'ok  ' : 'FAIL'} ${check.name.padEnd(36)} ${String(check.rows).padStart(7)} rows compared, total ${check.total}` +
          (firstMismatch >= 0 ? `, first difference at ${firstMismatch}` : '') +
          (pagesOk ? '' : ', pages differ') +
          (totalOk ? '' : ', total differs'),
      );
    }
  } finally {
    db.close();
  }
  return checks;
}

/** RuoYi's keyword condition over the tender's keyword fields, with its four parameters. */
const LIKE_ANY = '(title LIKE ? OR tenderer LIKE ? OR agency LIKE ? OR content LIKE ?)';
const likeParams = (keyword: string) => Array.from({ length: 4 }, () => `%${keyword}%`);

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

/** Every case timed once on the database as it is, with the 1-minute load average before and after. */
function timePass(shape: string, dataDir: string, window: Window): { loadAverage: [number, number]; cases: CaseResult[] } {
  const before = round1(os.loadavg()[0]!);
  console.log(
    `\nzb search, ${shape} shape (load average ${before}), ${runs} runs per case (after one warm-up), LIKE ${likeRuns} runs;` +
      ` speed-up = LIKE median / index p50; month = ${window.begin} to ${window.end}\n`,
  );
  printLine([...COLUMNS]);
  const cases = benchmarkCases(dataDir, window);
  return { loadAverage: [before, round1(os.loadavg()[0]!)], cases };
}

function summarise(cases: readonly CaseResult[]): void {
  const slow = cases.filter((c) => !c.meetsP95);
  const weak = cases.filter((c) => !c.meetsSpeedUp);
  const worst = cases.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  console.log(`\nworst p95: ${worst.p95} ms (${worst.keyword || '(none)'}, ${worst.filter}, page ${worst.page})`);
  console.log(`p95 ≤ ${TARGET_P95_MS} ms: ${cases.length - slow.length}/${cases.length} cases`);
  console.log(
    `≥ ${TARGET_SPEED_UP}× LIKE: ${cases.length - weak.length}/${cases.length} cases${weak.length ? `; missed by ${weak.map((c) => `${c.keyword || '(none)'}/${c.filter}/p${c.page} ${c.speedUp}×`).join(', ')}` : ''}`,
  );
}

function commitStamp(): string {
  const sha = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim() || 'nogit';
  return `${new Date().toISOString().slice(0, 10)}-${sha}`;
}

/**
 * `--migration`: the publish-order migration timed on the database in `dataDir`: its tables are
 * dropped and `zb_value` put back as before it, then the migration runs alone.
 */
function timeMigration(dataDir: string): void {
  const db = openDatabase(dataDir, { synchronous: 'NORMAL' });
  try {
    if (db.pragma('user_version', { simple: true }) !== SCHEMA_VERSION) throw new Error(`${dataDir} is not at schema ${SCHEMA_VERSION}`);
    const zbValue = MIGRATIONS[9];
    if (typeof zbValue !== 'string' || !zbValue.includes('CREATE TABLE zb_value')) throw new Error('migration 10 is not zb_value');
    let t = performance.now();
    db.exec(`
      DROP TRIGGER zb_order_value; DROP TRIGGER zb_order_delete; DROP TRIGGER xmk_order_delete;
      DROP TABLE zb_order; DROP TABLE xmk_order;
      DROP INDEX zb_city; DROP INDEX zb_area; DROP INDEX xmk_city; DROP INDEX xmk_area;
      CREATE INDEX zb_city ON zb (city_code); CREATE INDEX zb_area ON zb (area_code);
      CREATE INDEX xmk_city ON xmk (city_code); CREATE INDEX xmk_area ON xmk (area_code);`);
    db.exec(zbValue);
    console.log(`migration: publish order undone in ${Math.round((performance.now() - t) / 1000)} s`);
    const publishOrder = MIGRATIONS.find((m) => typeof m === 'function' && m.name === 'v12PublishOrder');
    if (typeof publishOrder !== 'function') throw new Error('no publish-order migration');
    const counts = countRows(dataDir);
    t = performance.now();
    db.transaction(() => publishOrder(db, MIGRATION_RULES))();
    const seconds = (performance.now() - t) / 1000;
    console.log(
      `migration (publish order) on ${counts?.xmk} projects and ${counts?.zb} tenders: ${Math.round(seconds)} s` +
        ` (load average ${os.loadavg()[0]!.toFixed(1)})`,
    );
  } finally {
    db.close();
  }
}

async function main() {
  if (args.migration) {
    if (args['data-dir'] === undefined) throw new Error('--migration needs --data-dir');
    timeMigration(path.resolve(args['data-dir']));
    return;
  }
  const ownDataDir = args['data-dir'] === undefined;
  const dataDir = path.resolve(args['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-')));
  try {
    const existing = countRows(dataDir);
    // Never replace a database someone pointed us at: a smaller one is an error, not a reseed.
    if (existing !== null && (existing.xmk < projects || existing.zb < tenders)) {
      throw new Error(`${dataDir} holds ${existing.xmk} projects and ${existing.zb} tenders, fewer than asked for`);
    }
    const seedSeconds = existing === null ? seedDatabase(dataDir, projects, tenders) : null;
    if (existing !== null) console.log(`reusing ${dataDir}: ${existing.xmk} projects, ${existing.zb} tenders`);
    const sizeBytes = ['', '-wal'].reduce(
      (sum, s) => sum + (fs.statSync(path.join(dataDir, DATABASE_FILE + s), { throwIfNoEntry: false })?.size ?? 0),
      0,
    );

    const start = await timeBackendStart(dataDir);
    console.log(
      `\nbackend: first answer ${start.answeredMs} ms after start (budget ${START_BUDGET_MS} ms); first searches ${start.firstSearchesMs.join(', ')} ms`,
    );

    const seeded = seededDays(dataDir);
    const window = middleWindow(seeded);
    const backfilled = backfillPresent(dataDir);
    const seededShape = backfilled ? null : timePass('seeded', dataDir, window);
    if (seededShape) summarise(seededShape.cases);
    console.log(`\nseed: ${seedSeconds === null ? 'reused' : `${Math.round(seedSeconds)} s`}, database ${(sizeBytes / 1e9).toFixed(2)} GB`);
    console.log(`backend answers within ${START_BUDGET_MS / 1000} s: ${start.answeredMs <= START_BUDGET_MS ? 'yes' : 'NO'}`);

    let backfill = null;
    if (backfillCount > 0 || backfilled) {
      const imported = backfilled ? null : importBackfill(dataDir, seeded);
      if (imported) {
        console.log(
          `backfill: ${imported.notices} notices in ${imported.seconds.toFixed(0)} s (${Math.round(imported.notices / imported.seconds)}/s)`,
        );
      }
      console.log('\norder and windows after the backfill, against a brute-force sort by (publish time, id):');
      const checks = checkOrder(dataDir, window, seeded);
      const pass = timePass('backfill', dataDir, window);
      summarise(pass.cases);
      console.log(`order and window checks: ${checks.filter((c) => c.ok).length}/${checks.length} exact`);
      backfill = { imported, checks, ...pass };
    }

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
      window,
      loadAverage: seededShape?.loadAverage ?? null,
      cases: seededShape?.cases ?? [],
      backfill,
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
