/**
 * `npm run test:load`: the production build under 200 connections for 60 s of mixed traffic
 * (`mix.ts`), then the verdict: no 5xx but documented shedding (an anonymous page refused with
 * 503 and Retry-After by the render gate, a login refused early with 429 and Retry-After by the
 * backend's password threads, `isDocumentedShedding`), no socket error or timeout,
 * every check passed (members only ever see their own data), the portal still healthy and
 * stopping cleanly. Shed answers are counted and printed; a member page or an API call answered
 * 5xx fails the run.
 *
 *   npm run test:load                 # 200 connections, 60 s
 *   npm run test:load -- --quick      # 50 connections, 15 s (CI)
 *   options: --connections N --duration S --workers N (WEB_CONCURRENCY) --seed N --json FILE
 *            --render-cache on|off (off: RENDER_CACHE_MB=0, every page rendered; default on)
 *            --port P (the portal on P, its backend on P + 1; default: free ports)
 *
 * The verdict is about errors only. p99 is printed against its targets (1 s overall and 1.5 s for
 * member pages, with the cache on) but never fails the run: timings on a shared machine are noise
 * for CI.
 *
 * Needs `npm run build` first. The data lives in a temporary DATA_DIR seeded with the default demo
 * sizes and removed afterwards.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { xmkDetailPath, zbDetailPath } from '@shared/content/paths';
import { startProductionPortal, type ProductionPortal } from '../lib/production-portal';
import { PortalClient } from '../lib/portal-client';
import { seededRandom } from '../lib/random';
import { MIX, checkAnswer, isDocumentedShedding, planRequest, type Kind, type LoadFixture, type PlannedRequest } from './mix';

const PRODUCT = 'prod-api';
const MEMBERS = 8;

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    connections: { type: 'string' },
    duration: { type: 'string' },
    workers: { type: 'string', default: '1' },
    seed: { type: 'string', default: '8' },
    json: { type: 'string' },
    'render-cache': { type: 'string', default: 'on' },
    port: { type: 'string' },
  },
});
const connections = Number(args.connections ?? (args.quick ? 50 : 200));
const duration = Number(args.duration ?? (args.quick ? 15 : 60));
const workers = Number(args.workers);
const renderCache = args['render-cache'];
if (renderCache !== 'on' && renderCache !== 'off') throw new Error(`--render-cache takes on or off, not ${renderCache}`);
const port = args.port === undefined ? undefined : Number(args.port);
if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65535))
  throw new Error(`--port takes a port number, not ${args.port}`);
/** With the render cache on, 99 % of answers within this… */
const P99_TARGET_MS = 1000;
/** …and 99 % of member pages (rendered every time) within this. */
const MEMBER_PAGE_P99_TARGET_MS = 1500;

/** Members with one client and one message each, named by their marker, plus ids to open. */
async function prepare(portal: ProductionPortal): Promise<LoadFixture> {
  const client = new PortalClient(portal.url, PRODUCT);
  const members = [];
  for (let i = 1; i <= MEMBERS; i++) {
    const name = `ldm_${i}`;
    const password = `Load${i}pass`;
    const marker = `LOADMARK-${name}-X`;
    const cookie = await client.register(name, password, `10.99.0.${i}`);
    const addClient = await client.api('PUT', '/cms/baifang/addBaifangClient', { body: { companyName: marker }, cookie });
    const addMsg = await client.api('PUT', '/api/cms/addMsg', {
      body: { name: `负载${i}`, phone: '13800000000', content: marker, source: 'member' },
      cookie,
      clientIp: `10.99.0.${i}`,
    });
    if (addClient.body.code !== 200 || addMsg.body.code !== 200)
      throw new Error(`marking ${name}: ${addClient.body.msg} / ${addMsg.body.msg}`);
    members.push({ name, password, cookie, marker });
  }
  const ids = async (type: 'xmk' | 'zb') =>
    ((await client.api('GET', `/api/${type}/search?pageSize=100`)).body.rows as { id: number }[]).map((r) => r.id);
  const publicKey = String((await client.api('GET', '/api/system/config/configKey/sys.login.publicKey')).body.msg);
  return { members, xmkIds: await ids('xmk'), zbIds: await ids('zb'), publicKey };
}

interface KindStats {
  count: number;
  failures: number;
  /** Answers that were documented shedding (503 on an anonymous page, 429 on a login; Retry-After). */
  shed: number;
  latencies: number[];
}

interface LoadContext {
  planned?: PlannedRequest;
  sentAt?: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  console.log(`load: ${connections} connections for ${duration} s, ${workers} server worker(s), render cache ${renderCache}`);
  const loadBefore = loadavg();
  const portal = await startProductionPortal({
    port,
    backendPort: port === undefined ? undefined : port + 1,
    env: {
      CAPTCHA_ENABLED: 'false',
      TRUST_PROXY: 'true',
      WEB_CONCURRENCY: String(workers),
      ...(renderCache === 'off' ? { RENDER_CACHE_MB: '0' } : {}),
    },
  });
  let verdict: boolean;
  try {
    const fixture = await prepare(portal);
    // Every page once, so the run measures serving rather than first-time module loading.
    for (const path of [
      '/',
      '/xmk',
      '/zb',
      xmkDetailPath(fixture.xmkIds[0]!),
      zbDetailPath(fixture.zbIds[0]!),
      '/support/notice',
      '/goods',
    ]) {
      await (await fetch(portal.url + path)).text();
    }

    const random = seededRandom(Number(args.seed));
    const stats = new Map<Kind, KindStats>(Object.keys(MIX).map((k) => [k as Kind, { count: 0, failures: 0, shed: 0, latencies: [] }]));
    const failures: string[] = [];
    const cacheAnswers = { hit: 0, stale: 0, miss: 0 };
    const started = Date.now();
    const result = await autocannon({
      url: portal.url,
      connections,
      duration,
      // Longer than the page budget (15 s): a slow answer shows as a 504, not as a client timeout.
      timeout: 20,
      requests: [
        {
          setupRequest: (_request, context) => {
            const planned = planRequest(random, fixture, PRODUCT);
            Object.assign(context as LoadContext, { planned, sentAt: Date.now() });
            return { method: planned.method, path: planned.path, headers: planned.headers, body: planned.body };
          },
          onResponse: (status, body, context, headers) => {
            const { planned, sentAt } = context as LoadContext;
            if (!planned) return;
            const kind = stats.get(planned.kind);
            if (!kind) return;
            kind.count++;
            kind.latencies.push(Date.now() - (sentAt ?? Date.now()));
            // autocannon keeps the header names as sent (X-Render-Cache).
            const cached = Object.entries(headers as Record<string, unknown>).find(
              ([name]) => name.toLowerCase() === 'x-render-cache',
            )?.[1];
            if (cached === 'hit' || cached === 'stale' || cached === 'miss') cacheAnswers[cached]++;
            const answerHeaders = headers as Record<string, string | string[] | undefined>;
            if (isDocumentedShedding(planned, status, answerHeaders, body)) {
              kind.shed++;
              return;
            }
            const problem = checkAnswer(planned, status, body, answerHeaders, fixture);
            if (problem) {
              kind.failures++;
              // A few of each kind, so one kind's flood does not hide another's.
              if (kind.failures <= 5)
                failures.push(`${planned.method} ${planned.path}: ${problem} ${status === 200 ? '' : body.slice(0, 120)}`);
            }
          },
        },
      ],
    });
    const seconds = (Date.now() - started) / 1000;

    const allFiveXX = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => Number(code) >= 500)
      .reduce((sum, [, s]) => sum + (s as { count: number }).count, 0);
    const shed = [...stats.values()].reduce((sum, s) => sum + s.shed, 0);
    // Every 5xx the load tool counted that is not documented shedding fails the run (refused logins are 429s).
    const fiveXX = allFiveXX - (shed - (stats.get('login')?.shed ?? 0));
    const checkFailures = [...stats.values()].reduce((sum, s) => sum + s.failures, 0);
    const healthy = (await fetch(`${portal.url}/healthz`)).status === 200;

    console.log(
      `\n${'kind'.padEnd(16)}${'count'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'shed'.padStart(7)}${'failed'.padStart(8)}`,
    );
    const p99By = new Map<Kind, number>();
    for (const [kind, s] of stats) {
      const sorted = [...s.latencies].sort((a, b) => a - b);
      p99By.set(kind, percentile(sorted, 99));
      console.log(
        `${kind.padEnd(16)}${String(s.count).padStart(8)}${String(percentile(sorted, 50)).padStart(9)}${String(percentile(sorted, 99)).padStart(9)}${String(s.shed).padStart(7)}${String(s.failures).padStart(8)}`,
      );
    }
    const memberPageP99 = p99By.get('member-page') ?? 0;
    const summary = {
      connections,
      durationSeconds: Math.round(seconds),
      workers,
      requests: result.requests.total,
      requestsPerSecond: Math.round(result.requests.total / seconds),
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, memberPageP99 },
      statusCodes: result.statusCodeStats,
      socketErrors: result.errors,
      timeouts: result.timeouts,
      shed,
      fiveXX,
      checkFailures,
      healthyAfter: healthy,
      renderCache,
      renderCacheAnswers: cacheAnswers,
      load: { before: loadBefore, after: loadavg() },
    };
    console.log(`\n${JSON.stringify(summary, null, 2)}`);
    if (renderCache === 'on') {
      const met = (value: number, target: number) => (value <= target ? 'met   ' : 'MISSED');
      console.log(
        `\n${met(result.latency.p99, P99_TARGET_MS)}  p99 ≤ ${P99_TARGET_MS} ms with the render cache on: ${result.latency.p99} ms (not part of the verdict)`,
      );
      console.log(
        `${met(memberPageP99, MEMBER_PAGE_P99_TARGET_MS)}  member pages p99 ≤ ${MEMBER_PAGE_P99_TARGET_MS} ms: ${memberPageP99} ms (not part of the verdict)`,
      );
    }
    const loginsRefused = stats.get('login')?.shed ?? 0;
    console.log(
      `\n5xx: ${allFiveXX}, of which documented shedding (anonymous pages, 503 + Retry-After): ${shed - loginsRefused}; failures: ${fiveXX}`,
    );
    console.log(`logins refused early (429 + Retry-After, 登录人数较多): ${loginsRefused} of ${stats.get('login')?.count ?? 0}`);
    const logLines = portal.output().split('\n');
    // Why proxied calls failed (connect timeout, ECONNRESET, …): overload and defects look alike in status codes.
    const proxyFailures = new Map<string, number>();
    for (const line of logLines) {
      const why = /proxy \S+ \S+ failed: ([^"]+)/.exec(line)?.[1];
      if (why) proxyFailures.set(why, (proxyFailures.get(why) ?? 0) + 1);
    }
    if (proxyFailures.size > 0) console.log(`\nproxied calls that failed, by cause: ${JSON.stringify(Object.fromEntries(proxyFailures))}`);
    const restarts = logLines.filter((line) => line.includes('embedded backend'));
    if (restarts.length > 0) console.log(`\nthe backend during the run:\n  ${restarts.slice(-10).join('\n  ')}`);
    if (failures.length > 0) console.log(`\nfirst failures:\n  ${failures.join('\n  ')}`);
    if (args.json) writeFileSync(args.json, `${JSON.stringify(summary, null, 2)}\n`);
    verdict = fiveXX === 0 && result.errors === 0 && result.timeouts === 0 && checkFailures === 0 && healthy;
  } finally {
    const code = await portal.stop('SIGTERM');
    if (code !== 0) {
      console.log(`the portal exited with ${code} after SIGTERM:\n${portal.output().slice(-4000)}`);
      verdict = false;
    }
  }
  console.log(verdict ? '\nload: PASS' : '\nload: FAIL');
  process.exit(verdict ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
