/**
 * `npm run bench:company` (not in CI): company search and profiles at scale.
 *
 *   npm run bench:company                           # seeds 300,000 projects + 1,000,000 tenders
 *   npm run bench:company -- --projects 60000 --tenders 200000
 *   npm run bench:company -- --data-dir D --keep    # seed into D (or reuse D's database) and keep it
 *   options: --runs N (timings per case, default 30) --json FILE
 *
 * Times, in process on the seeded database: the company search (no filter, a common and a rare
 * name part, a role, a city, a county with a role, page 50) and the profile of the companies with
 * the most notices as 招标人, 代理机构 and 中标人 and of a median company. The baseline, measured in
 * the same run on the same database, is the portal's everyday list call: a tender search for
 * "道路", page 1 with its rows. It also rebuilds every company from the notices (the migration's
 * backfill) and reports that time next to the seed's. Prints p50/p95 per case and the ratio of
 * each p50 to the baseline's p50, with the load average (the machine is shared).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DATABASE_FILE, openDatabase, Statements } from '../src/db/connection';
import { backfillCompanies } from '../src/modules/company/maintain';
import { companyProfile, searchCompanies, type CompanyQuery } from '../src/modules/company/profile';
import { ContentStats } from '../src/modules/content/content-stats';
import { ContentSearch, zbListItems } from '../src/modules/content/search';
import { seedDatabase, timeRuns } from './lib/bench-helpers';

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
    projects: { type: 'string', default: '300000' },
    tenders: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '30' },
    json: { type: 'string' },
  },
});
const runs = Number(args.runs);

const round2 = (n: number) => Math.round(n * 100) / 100;
const timed = (run: () => unknown) => {
  const { p50, p95 } = timeRuns(runs, run);
  return { p50: round2(p50), p95: round2(p95) };
};

function main() {
  const ownDataDir = args['data-dir'] === undefined;
  const dataDir = path.resolve(args['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-company-')));
  const seedSeconds = fs.existsSync(path.join(dataDir, DATABASE_FILE)) ? null : seedDatabase(dataDir, args.projects!, args.tenders!);
  const db = openDatabase(dataDir, { synchronous: 'NORMAL', cacheMiB: 256 });
  const sql = new Statements(db);
  const count = (q: string) => (db.prepare(q).get() as { n: number }).n;
  const sizes = {
    tenders: count('SELECT count(*) AS n FROM zb'),
    projects: count('SELECT count(*) AS n FROM xmk'),
    companies: count('SELECT count(*) AS n FROM company'),
    roles: count('SELECT count(*) AS n FROM company_role'),
  };
  console.log(sizes);

  // Rebuilding every company from the stored notices (what the migration does for an old database).
  const rebuildStarted = performance.now();
  db.transaction(() => {
    db.exec('DELETE FROM company_role; DELETE FROM company_area; DELETE FROM company;');
    backfillCompanies(db);
  })();
  const rebuildSeconds = round2((performance.now() - rebuildStarted) / 1000);

  const search = new ContentSearch(sql, new ContentStats(sql));
  const baseline = timed(() => {
    const result = search.search('zb', { keyword: '道路', tags: [], orderBy: 'time', asc: false }, { pageNum: 1, pageSize: 20 });
    zbListItems(sql, result.ids, '道路');
  });

  const top = (role: string) =>
    (
      db.prepare(`SELECT company_id AS id FROM company_area WHERE role = ? GROUP BY company_id ORDER BY sum(n) DESC LIMIT 1`).get(role) as {
        id: number;
      }
    ).id;
  const median = (
    db
      .prepare(
        'SELECT id FROM company WHERE notices > 0 ORDER BY notices LIMIT 1 OFFSET (SELECT count(*) / 2 FROM company WHERE notices > 0)',
      )
      .get() as { id: number }
  ).id;
  const rare = (db.prepare('SELECT name FROM company WHERE notices > 0 ORDER BY notices LIMIT 1').get() as { name: string }).name;

  const searches: [string, Omit<CompanyQuery, 'pageNum' | 'pageSize'> & { pageNum?: number }][] = [
    ['search: no filter', {}],
    ['search: name "建设"', { name: '建设' }],
    [`search: name "${rare.slice(2, 6)}"`, { name: rare.slice(2, 6) }],
    ['search: role winner', { role: 'winner' }],
    ['search: city 370200', { areaCode: '370200' }],
    ['search: county 370283 + tenderer', { areaCode: '370283', role: 'tenderer' }],
    ['search: name "建设", page 50', { name: '建设', pageNum: 50 }],
  ];
  const cases: { name: string; p50: number; p95: number; ratio: number }[] = [];
  const record = (name: string, timing: { p50: number; p95: number }) => {
    cases.push({ name, ...timing, ratio: round2(timing.p50 / Math.max(baseline.p50, 0.01)) });
  };
  for (const [name, q] of searches)
    record(
      name,
      timed(() => searchCompanies(sql, { pageNum: 1, pageSize: 20, ...q })),
    );
  for (const [name, id] of [
    ['profile: top tenderer', top('tenderer')],
    ['profile: top agency', top('agency')],
    ['profile: top winner', top('winner')],
    ['profile: median company', median],
  ] as const) {
    const notices = count(`SELECT notices AS n FROM company WHERE id = ${id}`);
    record(
      `${name} (${notices} roles)`,
      timed(() => companyProfile(sql, id, () => 'visitor')),
    );
  }
  db.close();

  const [load1, load5] = os.loadavg();
  const report = {
    sizes,
    seedSeconds,
    rebuildSeconds,
    loadAverage: [round2(load1!), round2(load5!)],
    cpus: os.cpus().length,
    baseline: { name: 'zb search "道路" page 1 + rows', ...baseline },
    cases,
  };
  console.log(`\nload average ${report.loadAverage.join(' / ')} on ${report.cpus} CPUs`);
  console.log(`seed ${seedSeconds ?? '(reused)'} s; rebuilding every company from the notices ${rebuildSeconds} s`);
  console.log(`baseline (${report.baseline.name}): p50 ${baseline.p50} ms, p95 ${baseline.p95} ms\n`);
  console.log('case'.padEnd(48), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), '× baseline'.padStart(11));
  for (const c of cases) console.log(c.name.padEnd(48), String(c.p50).padStart(8), String(c.p95).padStart(8), String(c.ratio).padStart(11));
  if (args.json) fs.writeFileSync(args.json, JSON.stringify(report, null, 2));
  if (ownDataDir && !args.keep) fs.rmSync(dataDir, { recursive: true, force: true });
}

main();
