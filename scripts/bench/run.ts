/**
 * `npm run bench`: the production build on a generated data set, each scenario of
 * scenarios.ts at 50 connections for a fixed time after a warm-up, three runs; prints the median
 * of each figure, the ratios against the baselines measured in the same run and the targets, and
 * writes the same as JSON to bench/results/.
 *
 *   npm run bench                  # 20,000 projects + 50,000 tenders, 3 runs of 10 s per scenario
 *   npm run bench -- --quick       # default demo data, 1 run of 4 s (CI: checks that it runs)
 *   options: --runs N --duration S --warmup S --connections N --projects N --tenders N
 *            --build DIR (serve the build in DIR, e.g. a copy of an older one, to compare two builds
 *            in one sitting) --label NAME (added to the results file's name)
 *
 * The pages "rendered each time" are served by a second server process of the same build with its
 * render cache off (`RENDER_CACHE_MB=0`) on the first one's backend and data: a unique query
 * parameter would not do, since the cache key keeps only the parameters a page reads.
 *
 * Needs `npm run build` first. The machine is shared and noisy (2 cores; the load generator,
 * the server and the backend compete for them): compare ratios, not absolute figures. The exit
 * code says whether the bench ran (every scenario answered, only 2xx, the portal stopped
 * cleanly), never whether a target was met: CI must not fail on noise.
 */
import { readFileSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startProductionPortal, type ProductionPortal } from '../lib/production-portal';
import { commitStamp, printTable, ratio, summarise, writeResults, type Measurement } from './report';
import { scenarios, TARGETS, type BenchIds, type Scenario } from './scenarios';

const ROOT = resolve(import.meta.dirname, '../..');

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string', default: '50' },
    projects: { type: 'string' },
    tenders: { type: 'string' },
    build: { type: 'string' },
    label: { type: 'string' },
  },
});
const buildRoot = resolve(args.build ?? ROOT);
const quick = args.quick;
const settings = {
  runs: Number(args.runs ?? (quick ? 1 : 3)),
  durationSeconds: Number(args.duration ?? (quick ? 4 : 10)),
  warmupSeconds: Number(args.warmup ?? (quick ? 1 : 3)),
  connections: Number(args.connections),
  // Big enough that searches and details work on realistic index sizes, small enough to seed in
  // about half a minute on first start; --quick uses the default demo size (~2 s).
  projects: Number(args.projects ?? (quick ? 3000 : 20_000)),
  tenders: Number(args.tenders ?? (quick ? 5000 : 50_000)),
};

/** CPU time a process has used so far, in ms (utime + stime of /proc/<pid>/stat, 100 ticks a second). */
function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** `pids`: the process answering and the backend, whose CPU per request is reported. */
async function measure(
  scenario: Scenario,
  origin: string,
  seconds: number,
  counter: { n: number },
  pids: { server?: number; backend?: number } = {},
): Promise<Measurement> {
  const pathOf = scenario.path;
  const cpuBefore = { server: cpuMs(pids.server), backend: cpuMs(pids.backend) };
  const result = await autocannon({
    url: origin,
    connections: settings.connections,
    duration: seconds,
    timeout: 20,
    requests: [
      typeof pathOf === 'string'
        ? { method: 'GET', path: pathOf }
        : { method: 'GET', setupRequest: (request) => ({ ...request, path: pathOf(counter.n++) }) },
    ],
  });
  const cpuAfter = { server: cpuMs(pids.server), backend: cpuMs(pids.backend) };
  const perRequest = (before: number | null, after: number | null) =>
    before === null || after === null || result.requests.total === 0
      ? null
      : Math.round(((after - before) / result.requests.total) * 100) / 100;
  const server = perRequest(cpuBefore.server, cpuAfter.server);
  const backend = perRequest(cpuBefore.backend, cpuAfter.backend);
  return {
    ...(server !== null && backend !== null ? { cpuMsPerRequest: { server, backend } } : {}),
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.total / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Resident memory of a process, in MB (Linux). */
function rssMB(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

async function benchIds(portal: ProductionPortal): Promise<BenchIds> {
  const first = async (type: 'zb' | 'xmk', order = '') => {
    const body = (await (await fetch(`${portal.url}/prod-api/api/${type}/search?pageSize=1${order}`)).json()) as { rows: { id: number }[] };
    const id = body.rows[0]?.id;
    if (id === undefined) throw new Error(`no ${type} rows to open`);
    return id;
  };
  const [newest, oldest] = [await first('zb'), await first('zb', '&isAsc=asc')];
  return { zb: newest, xmk: await first('xmk'), zbRange: { first: Math.min(newest, oldest), last: Math.max(newest, oldest) } };
}

/** Every scenario answers 200 before anything is timed: a bench of error pages measures nothing. */
async function checkScenarios(list: readonly Scenario[], originOf: (s: Scenario) => string): Promise<void> {
  for (const s of list) {
    // A path per request: a sample of them, so a gap in the ids fails here rather than as errors.
    const paths =
      typeof s.path === 'string' ? [s.path] : [0, 1, 2, 3, 5, 8, 13, 21, 34, 55].map((n) => (s.path as (n: number) => string)(n));
    for (const path of paths) {
      const res = await fetch(originOf(s) + path);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${s.name}: GET ${path} answered ${res.status}`);
    }
  }
}

async function main() {
  const stamp = commitStamp(ROOT);
  console.log(
    `bench${quick ? ' --quick' : ''}: ${settings.runs} run(s) × ${settings.durationSeconds} s per scenario after ${settings.warmupSeconds} s warm-up, ` +
      `${settings.connections} connections, ${settings.projects} projects + ${settings.tenders} tenders, commit ${stamp.sha}${stamp.dirty ? ' (dirty)' : ''}` +
      (buildRoot === ROOT ? '' : `, build in ${buildRoot}`),
  );
  const loadBefore = loadavg();
  const startedAt = Date.now();
  const portal = await startProductionPortal({
    root: buildRoot,
    env: { SEED_PROJECTS: String(settings.projects), SEED_TENDERS: String(settings.tenders) },
    readyTimeoutMs: 240_000,
  });
  let ran: boolean;
  // The same build with its render cache off, on the first portal's backend and data: the pages
  // it serves are rendered for every request.
  let uncached: ProductionPortal | null = null;
  try {
    console.log(`portal ready in ${Math.round((Date.now() - startedAt) / 1000)} s (seeding included)`);
    uncached = await startProductionPortal({ root: buildRoot, env: { BACKEND_URL: portal.backendURL, RENDER_CACHE_MB: '0' } });
    const list = scenarios(await benchIds(portal));
    const origins = { portal: portal.url, uncached: uncached.url, backend: portal.backendURL };
    const originOf = (s: Scenario) => origins[s.target];
    await checkScenarios(list, originOf);

    const perScenario = new Map<string, Measurement[]>(list.map((s) => [s.name, []]));
    const rssAfterRun: { server: number | null; uncached: number | null; backend: number | null }[] = [];
    const counter = { n: 1 };
    for (let run = 1; run <= settings.runs; run++) {
      for (const s of list) {
        await measure(s, originOf(s), settings.warmupSeconds, counter);
        const pids = { server: (s.target === 'uncached' ? uncached : portal).child.pid, backend: portal.backendPid() };
        const m = await measure(s, originOf(s), settings.durationSeconds, counter, pids);
        perScenario.get(s.name)?.push(m);
        console.log(
          `run ${run}/${settings.runs}  ${s.name.padEnd(18)} ${String(m.reqPerSec).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  errors ${m.errors}` +
            (m.cpuMsPerRequest ? `  CPU ${m.cpuMsPerRequest.server} + ${m.cpuMsPerRequest.backend} ms/req (server + backend)` : ''),
        );
      }
      const rss = { server: rssMB(portal.child.pid), uncached: rssMB(uncached.child.pid), backend: rssMB(portal.backendPid()) };
      rssAfterRun.push(rss);
      console.log(
        `run ${run}/${settings.runs}  server RSS ${rss.server} MB (cache off: ${rss.uncached} MB), backend RSS ${rss.backend} MB`,
      );
    }

    const summary = new Map(list.map((s) => [s.name, summarise(perScenario.get(s.name) ?? [])]));
    const get = (name: string) => summary.get(name) ?? summarise([]);
    const baseline = get('static');
    const direct = get('api-direct');
    const shareOf = (s: Scenario) =>
      s.name === 'static' || s.name === 'api-direct'
        ? '1.00'
        : s.name === 'api-proxied'
          ? `${ratio(get(s.name).reqPerSec, direct.reqPerSec).toFixed(2)}×direct`
          : `${ratio(get(s.name).reqPerSec, baseline.reqPerSec).toFixed(2)}`;
    console.log(`\nmedian of ${settings.runs} run(s); ratio = req/s ÷ the static asset's (the proxied API: ÷ the direct backend call's)\n`);
    printTable(list.map((s) => ({ label: `${s.name} ${s.label}`.slice(0, 33), m: get(s.name), share: shareOf(s) })));

    // Each server process is held to the bound: the one rendering every request is the harder case.
    const serverRss = rssAfterRun.map((r) => Math.max(r.server ?? 0, r.uncached ?? 0));
    const rssGrowth = Math.max(
      (rssAfterRun.at(-1)?.server ?? 0) - (rssAfterRun[0]?.server ?? 0),
      (rssAfterRun.at(-1)?.uncached ?? 0) - (rssAfterRun[0]?.uncached ?? 0),
    );
    const shareTarget = (name: string, share: number, p99Ms: number) => [
      {
        target: `${name} ≥ ${share}× baseline req/s`,
        value: ratio(get(name).reqPerSec, baseline.reqPerSec),
        met: ratio(get(name).reqPerSec, baseline.reqPerSec) >= share,
      },
      { target: `${name} p99 ≤ ${p99Ms} ms`, value: get(name).p99, met: get(name).p99 <= p99Ms },
    ];
    const targets = [
      ...shareTarget('zb-list', TARGETS.pageShareOfBaseline, TARGETS.pageP99Ms),
      ...shareTarget('zb-detail', TARGETS.pageShareOfBaseline, TARGETS.pageP99Ms),
      ...shareTarget('zb-list-render', TARGETS.renderedListShareOfBaseline, TARGETS.renderedP99Ms),
      ...shareTarget('zb-detail-render', TARGETS.renderedDetailShareOfBaseline, TARGETS.renderedP99Ms),
      {
        target: `api-proxied ≥ ${TARGETS.proxyShareOfDirect}× direct`,
        value: ratio(get('api-proxied').reqPerSec, direct.reqPerSec),
        met: ratio(get('api-proxied').reqPerSec, direct.reqPerSec) >= TARGETS.proxyShareOfDirect,
      },
      {
        target: `server RSS ≤ ${TARGETS.maxRssMB} MB after the run (either process)`,
        value: serverRss.at(-1) ?? 0,
        met: (serverRss.at(-1) ?? Infinity) <= TARGETS.maxRssMB,
      },
      ...(settings.runs >= 3
        ? [
            {
              target: `no RSS growth over ${settings.runs} runs (≤ ${TARGETS.rssGrowthToleranceMB} MB)`,
              value: rssGrowth,
              met: rssGrowth <= TARGETS.rssGrowthToleranceMB,
            },
          ]
        : []),
    ];
    console.log(
      `\nserver RSS after each run: ${rssAfterRun.map((r) => r.server).join(', ')} MB; with the cache off: ${rssAfterRun.map((r) => r.uncached).join(', ')} MB\n`,
    );
    for (const t of targets) console.log(`${t.met ? 'met   ' : 'MISSED'}  ${t.target}: ${t.value}`);

    const errors = [...summary.values()].reduce((sum, m) => sum + m.errors, 0);
    const silent = [...summary].filter(([, m]) => m.requests === 0).map(([name]) => name);
    const report = {
      kind: 'bench',
      date: new Date().toISOString(),
      commit: stamp,
      quick,
      settings,
      build: buildRoot,
      machine: { cpus: cpus().length, node: process.version, loadBefore, loadAfter: loadavg() },
      scenarios: list.map((s) => ({
        name: s.name,
        label: s.label,
        median: get(s.name),
        ratio: s.name === 'api-proxied' ? ratio(get(s.name).reqPerSec, direct.reqPerSec) : ratio(get(s.name).reqPerSec, baseline.reqPerSec),
        runs: perScenario.get(s.name),
      })),
      rssAfterRunMB: rssAfterRun,
      targets,
    };
    console.log(`\nwrote ${writeResults(ROOT, stamp, quick, report, args.label)}`);
    if (errors > 0) console.log(`\n${errors} request(s) failed`);
    if (silent.length > 0) console.log(`\nno answers at all: ${silent.join(', ')}`);
    ran = errors === 0 && silent.length === 0;
  } finally {
    const uncachedCode = await uncached?.stop('SIGTERM');
    if (uncachedCode !== undefined && uncachedCode !== 0) {
      console.log(`the cache-off portal exited with ${uncachedCode} after SIGTERM:\n${uncached?.output().slice(-4000)}`);
      ran = false;
    }
    const code = await portal.stop('SIGTERM');
    if (code !== 0) {
      console.log(`the portal exited with ${code} after SIGTERM:\n${portal.output().slice(-4000)}`);
      ran = false;
    }
  }
  console.log(`\nbench: ${ran ? 'ran' : 'FAILED'} in ${Math.round((Date.now() - startedAt) / 1000)} s`);
  process.exit(ran ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
