/**
 * `npm run test:fuzz`: thousands of seeded hostile requests against the production
 * build — every route of spec §2 as a page, every path of §7 through the `/prod-api` proxy and
 * straight to the backend — then the verdict: no crash (the portal and its backend are the same
 * processes at the end), and no finding of `checks.ts` on any answer. Programmer errors the
 * portal or the backend logged during the run are findings too.
 *
 *   npm run test:fuzz                      # 6000 requests
 *   npm run test:fuzz -- --quick           # 1500 (CI)
 *   options: --requests N --seed N --concurrency N --only N (replay one case of the seed)
 *
 * Needs `npm run build` first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { TOKEN_COOKIE } from '@shared/constants';
import { PortalClient } from '../lib/portal-client';
import { startProductionPortal } from '../lib/production-portal';
import { seededRandom } from '../lib/random';
import { makeCase, type FuzzCase, type FuzzContext } from './cases';
import { check, describe, type Finding } from './checks';
import { sendRaw } from './raw-http';

const PRODUCT = 'prod-api';
const REQUEST_TIMEOUT_MS = 20_000;
/** Log lines that mean something went wrong inside rather than a request being refused. */
const PROGRAMMER_ERRORS = /unhandled error|render error|render failed|embedded backend exited|Uncaught|TypeError|ReferenceError/;

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    requests: { type: 'string' },
    seed: { type: 'string', default: '20240612' },
    concurrency: { type: 'string', default: '8' },
    only: { type: 'string' },
  },
});
const total = Number(args.requests ?? (args.quick ? 1500 : 6000));
const seed = Number(args.seed);

async function main() {
  const started = Date.now();
  const portal = await startProductionPortal({ env: { CAPTCHA_ENABLED: 'false', TRUST_PROXY: 'true' } });
  let findings: Finding[] = [];
  let crashed: boolean;
  try {
    const client = new PortalClient(portal.url, PRODUCT);
    const cookie = await client.register('fuzzer', 'Fuzz12345', '10.200.0.1');
    const ids = async (type: 'xmk' | 'zb') =>
      ((await client.api('GET', `/api/${type}/search?pageSize=50`)).body.rows as { id: number }[]).map((r) => r.id);
    const ctx: FuzzContext = {
      marker: `fzx${seed}`,
      product: PRODUCT,
      memberToken: cookie.slice(TOKEN_COOKIE.length + 1),
      adminToken: readFileSync(join(portal.dataDir, 'admin-token'), 'utf8').trim(),
      xmkIds: await ids('xmk'),
      zbIds: await ids('zb'),
    };
    const backendPid = portal.backendPid();
    const logBefore = portal.output().length;

    const random = seededRandom(seed);
    const cases: FuzzCase[] = Array.from({ length: total }, (_, n) => makeCase(random, ctx, n));
    const queue = args.only === undefined ? cases : cases.filter((c) => c.n === Number(args.only));
    const statuses = new Map<string, number>();
    let next = 0;
    const worker = async () => {
      while (next < queue.length) {
        const c = queue[next++];
        if (!c) break;
        const port = c.target === 'backend' ? portal.backendPort : portal.port;
        const outcome = await sendRaw(port, c.request, REQUEST_TIMEOUT_MS);
        const key = `${c.target} ${outcome.ok ? outcome.response.status : 'none'}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        for (const problem of check(c, outcome, ctx.marker, process.cwd())) {
          findings.push({ n: c.n, target: c.target, route: c.route, strategy: c.strategy, request: describe(c), problem });
        }
        if (args.only !== undefined && outcome.ok) {
          console.log(
            outcome.response.status,
            Object.fromEntries(outcome.response.headers),
            outcome.response.body.toString('utf8').slice(0, 3000),
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Number(args.concurrency) }, worker));

    // Crashes: the server must still answer, and its backend must be the process it started with
    // (the supervisor would otherwise hide a crash by restarting it).
    crashed = portal.child.exitCode !== null || portal.backendPid() !== backendPid || (await fetch(`${portal.url}/healthz`)).status !== 200;
    const logged = portal
      .output()
      .slice(logBefore)
      .split('\n')
      .filter((line) => PROGRAMMER_ERRORS.test(line));
    findings = findings.concat(
      logged
        .slice(0, 50)
        .map((line) => ({ n: -1, target: 'log', route: '', strategy: '', request: '', problem: `logged: ${line.slice(0, 200)}` })),
    );

    console.log(`fuzz: ${queue.length} requests, seed ${seed}, ${Math.round((Date.now() - started) / 1000)} s`);
    console.log(
      [...statuses]
        .sort()
        .map(([k, v]) => `  ${k}: ${v}`)
        .join('\n'),
    );
    const byProblem = new Map<string, Finding[]>();
    for (const f of findings) {
      const key = `${f.target}: ${f.problem.replace(/[0-9a-f]{8,}|\d+/g, '#').slice(0, 90)}`;
      byProblem.set(key, [...(byProblem.get(key) ?? []), f]);
    }
    for (const [problem, list] of byProblem) {
      console.log(`\n${list.length} × ${problem}`);
      for (const f of list.slice(0, 3))
        console.log(`    case ${f.n} (${f.route}, ${f.strategy}): ${f.request}\n      ${f.problem.slice(0, 200)}`);
    }
    if (crashed) console.log('\nthe portal or its backend crashed during the run');
  } finally {
    const code = await portal.stop('SIGTERM');
    if (code !== 0) {
      console.log(`the portal exited with ${code} after SIGTERM`);
      crashed = true;
    }
  }
  const pass = findings.length === 0 && !crashed;
  console.log(pass ? '\nfuzz: PASS (no findings)' : `\nfuzz: FAIL (${findings.length} findings)`);
  process.exit(pass ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
