/**
 * `npm run bench:login`: do logins hold up everyone else? The production build (one server
 * process, the embedded backend) answers a steady search load from a few clients, first alone,
 * then while waves of 20 logins in parallel arrive back to back (each wave waits for its 20
 * answers). Target: the search's p99 moves by at most 20 ms. Also reported: the event-loop delay
 * of the server and of the backend in each phase, read from their /metrics (the histogram is
 * reset at each scrape, so each phase's figure is its own).
 *
 *   npm run bench:login                 # 10 s per phase, 4 search clients
 *   npm run bench:login -- --quick      # 3 s per phase
 *   options: --duration S --clients N --wave N --build DIR (serve the build in DIR, e.g. an older
 *            one, to compare two builds in one sitting) --label NAME (added to the results file's name)
 *
 * Needs `npm run build` first. The machine is shared: compare the two phases of one run, and
 * write the load average beside the figures. The exit code says whether the bench ran (every
 * answer 200, every login accepted), never whether the target was met.
 */
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseExposition, sampleValue } from '@portal/metrics';
import { MESSAGES } from '@shared/constants';
import { startProductionPortal } from '../lib/production-portal';
import { PortalClient } from '../lib/portal-client';
import { commitStamp, writeResults } from './report';

const ROOT = resolve(import.meta.dirname, '../..');

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    clients: { type: 'string', default: '4' },
    wave: { type: 'string', default: '20' },
    build: { type: 'string' },
    label: { type: 'string' },
  },
});
const quick = args.quick;
const settings = {
  durationSeconds: Number(args.duration ?? (quick ? 3 : 10)),
  searchClients: Number(args.clients),
  loginsPerWave: Number(args.wave),
};
const TARGET_P99_DELTA_MS = 20;
const KEYWORDS = ['道路', '学校', '医院', '改造', '工程', '污水', '绿化', '桥梁', '供热', '安置'];

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/**
 * The event-loop delay since the previous scrape, ms: p99 and max (prom-client's
 * monitorEventLoopDelay); null from a build without /metrics.
 */
async function loopDelay(origin: string): Promise<{ p99: number; max: number } | null> {
  const res = await fetch(`${origin}/metrics`);
  const text = await res.text();
  if (res.status !== 200) return null;
  const series = parseExposition(text);
  const ms = (name: string) => round((sampleValue(series, name) ?? NaN) * 1000);
  return { p99: ms('nodejs_eventloop_lag_p99_seconds'), max: ms('nodejs_eventloop_lag_max_seconds') };
}

async function main(): Promise<void> {
  const portal = await startProductionPortal({
    root: resolve(args.build ?? ROOT),
    env: { CAPTCHA_ENABLED: 'false', RATE_LIMIT_LOGIN: 'off' },
    readyTimeoutMs: 240_000,
  });
  let failed = false;
  try {
    const client = new PortalClient(portal.url);
    await client.login('demo', 'demo123');

    /** Searches from `settings.searchClients` clients, one after another each, until `until`. */
    const searchLoad = async (until: number) => {
      const latencies: number[] = [];
      let n = 0;
      await Promise.all(
        Array.from({ length: settings.searchClients }, async () => {
          while (Date.now() < until) {
            const keyword = KEYWORDS[n++ % KEYWORDS.length]!;
            const started = performance.now();
            const res = await fetch(`${portal.url}/prod-api/api/zb/search?keyword=${encodeURIComponent(keyword)}&pageNum=1&pageSize=20`);
            await res.arrayBuffer();
            latencies.push(performance.now() - started);
            if (res.status !== 200) throw new Error(`search answered ${res.status}`);
          }
        }),
      );
      return latencies;
    };

    const phase = async (withLogins: boolean) => {
      await Promise.all([loopDelay(portal.url), loopDelay(portal.backendURL)]);
      const until = Date.now() + settings.durationSeconds * 1000;
      const loginLatencies: number[] = [];
      // Logins the backend refused (429 登录人数较多: the wait for a password thread too long).
      let refused = 0;
      const logins = async () => {
        while (withLogins && Date.now() < until) {
          await Promise.all(
            Array.from({ length: settings.loginsPerWave }, async () => {
              const started = performance.now();
              try {
                await client.login('demo', 'demo123');
              } catch (error) {
                if (!(error instanceof Error && error.message.endsWith(MESSAGES.loginBusy))) throw error;
                refused++;
                return;
              }
              loginLatencies.push(performance.now() - started);
            }),
          );
        }
      };
      const [latencies] = await Promise.all([searchLoad(until), logins()]);
      const [server, backend] = await Promise.all([loopDelay(portal.url), loopDelay(portal.backendURL)]);
      return {
        search: summary(latencies),
        ...(withLogins ? { logins: summary(loginLatencies), loginsRefused: refused } : {}),
        eventLoopDelayMs: { server, backend },
      };
    };

    // Warm-up: connections, statements, the password worker threads.
    await Promise.all([searchLoad(Date.now() + 1500), ...Array.from({ length: 4 }, () => client.login('demo', 'demo123'))]);
    const loadBefore = loadavg().map((n) => Math.round(n * 100) / 100);
    const alone = await phase(false);
    const withLogins = await phase(true);
    const delta = round(withLogins.search.p99 - alone.search.p99);
    const report = {
      kind: 'bench:login',
      date: new Date().toISOString(),
      commit: commitStamp(ROOT),
      quick,
      settings,
      build: resolve(args.build ?? ROOT),
      machine: {
        cpus: cpus().length,
        node: process.version,
        loadAverage: { before: loadBefore, after: loadavg().map((n) => Math.round(n * 100) / 100) },
      },
      searchAlone: alone,
      searchWithLogins: withLogins,
      p99DeltaMs: delta,
      target: { p99DeltaMs: TARGET_P99_DELTA_MS, met: delta <= TARGET_P99_DELTA_MS },
    };
    console.log(JSON.stringify(report, null, 2));
    console.log(`results: ${writeResults(ROOT, report.commit, quick, report, args.label ? `login-${args.label}` : 'login')}`);
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await portal.stop();
  }
  process.exit(failed ? 1 : 0);
}

void main();
