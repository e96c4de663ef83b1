/**
 * two portal processes on one backend, behind a round-robin proxy on loopback. A
 * member's session, server rendering and the duplicate-submit guard must work whichever instance
 * answers, because no instance keeps anything another one needs (ARCHITECTURE.md).
 *
 * they share one real redis-server (REDIS_URL), so a login limit of 5 holds across
 * both and a page rendered by one is served by the other; with Redis gone both keep serving,
 * count locally and say `degraded`, and with Redis back they are healthy again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PortalClient } from '../scripts/lib/portal-client';
import { freePort, startProductionPortal, type ProductionPortal } from '../scripts/lib/production-portal';
import { startRedisServer, type RedisServer } from '../scripts/lib/redis-server';
import { expect, expectCleanConsole, test, waitForHydration } from './fixtures';

interface Served {
  method: string;
  path: string;
  instance: number;
}

/** A page of the portal: neither a call nor an asset. */
const isDocument = (s: Served) => !s.path.startsWith('/prod-api') && !s.path.startsWith('/dist/') && !/\.(svg|ico|txt)$/.test(s.path);

/**
 * Hands each request to the next instance in turn, whatever connection it came on. Each kind of
 * request (pages, calls, assets) takes turns on its own, so that pages and calls alternate
 * between the instances whatever number of the others each page brings.
 */
function roundRobin(upstreams: string[], log: Served[]): Server {
  const next = { page: 0, call: 0, asset: 0 };
  return createServer((req, res) => {
    const path = req.url ?? '/';
    const kind = path.startsWith('/prod-api') ? 'call' : isDocument({ method: req.method ?? 'GET', path, instance: 0 }) ? 'page' : 'asset';
    const instance = next[kind]++ % upstreams.length;
    log.push({ method: req.method ?? 'GET', path: req.url ?? '/', instance });
    const forwarded = httpRequest(new URL(req.url ?? '/', upstreams[instance]), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
}

test.describe('two instances behind a round-robin proxy', () => {
  const served: Served[] = [];
  let dataDir: string;
  let backend: ChildProcess;
  let portals: ProductionPortal[] = [];
  let proxy: Server;
  let url: string;
  let redis: RedisServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = mkdtempSync(join(tmpdir(), 'portal-scale-'));
    const port = await freePort();
    backend = spawn(process.execPath, ['dist/node/backend.js'], {
      env: {
        ...process.env,
        BACKEND_PORT: String(port),
        DATA_DIR: dataDir,
        CAPTCHA_ENABLED: 'false',
        SEED_PROJECTS: '300',
        SEED_TENDERS: '400',
      },
      stdio: 'ignore',
    });
    const backendURL = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await fetch(`${backendURL}/api/system/config/configKey/sys.site.title`).catch(() => null))?.status, {
        timeout: 60_000,
      })
      .toBe(200);
    redis = await startRedisServer();
    portals = await Promise.all(
      [0, 1].map(() =>
        startProductionPortal({
          // TRUST_PROXY: the limit tests name their client in X-Forwarded-For, apart from the browser's.
          env: { BACKEND_URL: backendURL, REDIS_URL: redis.url, RATE_LIMIT_LOGIN: '5/1m', TRUST_PROXY: 'true' },
        }),
      ),
    );
    proxy = roundRobin(
      portals.map((p) => p.url),
      served,
    ).listen(0, '127.0.0.1');
    await once(proxy, 'listening');
    url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    proxy?.closeAllConnections();
    proxy?.close();
    await Promise.all(portals.map((p) => p.stop()));
    backend?.kill('SIGTERM');
    if (backend && backend.exitCode === null) await once(backend, 'exit');
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a member registers, reloads and navigates across both instances and stays logged in', async ({ page, consoleProblems }) => {
    test.setTimeout(60_000);
    const username = `rr_${Date.now().toString(36)}`;
    await page.goto(`${url}/user_register`);
    await waitForHydration(page);
    await page.getByLabel('用户名', { exact: true }).fill(username);
    await page.getByLabel('密码', { exact: true }).fill('Scale12345');
    await page.getByLabel('确认密码', { exact: true }).fill('Scale12345');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /^注\s*册$/ }).click();
    await expect(page).toHaveURL(`${url}/user`);

    const member = page.getByRole('banner').getByRole('link', { name: username });
    const from = served.length;
    // Server rendering with the member's cookie, on one instance and then the other.
    for (const path of ['/user', '/user/favorite', '/zb', '/user', '/xmk', '/user/logscore']) {
      const response = await page.goto(`${url}${path}`);
      expect(response?.status(), path).toBe(200);
      await expect(member, path).toBeVisible();
      expect(await response?.text(), path).toContain(`<span class="site-member-text">${username}</span>`);
    }
    await waitForHydration(page);
    // Client-side navigations: every one re-reads the member info (spec §4) from either instance.
    for (const name of ['项目库', '招标信息', '首页']) {
      await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name }).click();
      await expect(member).toBeVisible();
    }
    const documents = served.slice(from).filter(isDocument);
    expect(new Set(documents.map((s) => s.instance))).toEqual(new Set([0, 1]));
    const calls = served.slice(from).filter((s) => s.path.startsWith('/prod-api/'));
    expect(new Set(calls.map((s) => s.instance))).toEqual(new Set([0, 1]));

    await expectCleanConsole(consoleProblems);

    // The browser's own cookie, call after call (the page closed, so nothing else goes through):
    // one instance, then the other, the same member.
    await page.goto('about:blank');
    const before = served.length;
    for (let i = 0; i < 4; i++) {
      const res = await page.request.get(`${url}/prod-api/cms/member/getMemberInfo`, {
        headers: { platform: 'cmsMember', 'Sec-Fetch-Site': 'same-origin' },
      });
      expect(((await res.json()) as { user?: { userName?: string } }).user?.userName).toBe(username);
    }
    expect(
      served
        .slice(before)
        .map((s) => s.instance)
        .sort(),
    ).toEqual([0, 0, 1, 1]);
  });

  test('the duplicate-submit guard lives in the browser, so it holds whichever instance would answer', async ({ page }) => {
    await page.goto(`${url}/user_login`);
    await waitForHydration(page);
    await page.getByLabel('用户名', { exact: true }).fill('demo');
    await page.getByLabel('密码', { exact: true }).fill('demo123');
    const from = served.length;
    await page.getByRole('button', { name: /^登\s*录$/ }).dblclick();
    await expect(page.getByText('数据正在处理，请勿重复提交')).toBeVisible();
    await expect(page).toHaveURL(`${url}/user`);
    // Two clicks, one login: the second never left the browser for either instance.
    expect(served.slice(from).filter((s) => s.method === 'POST' && s.path === '/prod-api/api/member/login')).toHaveLength(1);
  });

  test('anonymous pages render the same on both instances', async ({ request }) => {
    const texts = [];
    for (let i = 0; i < 2; i++) {
      const res = await request.get(`${url}/support/about`);
      expect(res.status()).toBe(200);
      // What a visitor sees; nonces and fetch times in the page state differ per response.
      texts.push(/<main[\s\S]*<\/main>/.exec(await res.text())?.[0]);
    }
    expect(texts[0]).toContain('关于我们');
    expect(
      served
        .slice(-2)
        .map((s) => s.instance)
        .sort(),
    ).toEqual([0, 1]);
    expect(texts[0]).toBe(texts[1]);
  });

  /** `count` logins of the demo member as `clientIp`, through `to` (the proxy or one instance): the envelope codes. */
  async function logins(to: string, clientIp: string, count: number): Promise<number[]> {
    const client = new PortalClient(to);
    const password = await client.encrypt('demo123');
    const codes = [];
    for (let i = 0; i < count; i++) {
      const { body } = await client.api('POST', '/api/member/login', {
        body: { username: 'demo', password, loginType: 'password' },
        clientIp,
      });
      codes.push(body.code);
    }
    return codes;
  }

  const health = async (portal: ProductionPortal) =>
    (await fetch(`${portal.url}/healthz`)).json() as Promise<{ status: string; reason?: string }>;

  test('a login limit of 5 holds across both instances: the 6th attempt is refused on either', async () => {
    const from = served.length;
    expect(await logins(url, '198.51.100.16', 7)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const answeredBy = served
      .slice(from)
      .filter((s) => s.path === '/prod-api/api/member/login')
      .map((s) => s.instance);
    // Alternating: each instance let through at most 3 of the 5, and each refused one.
    expect(answeredBy.slice(5).sort()).toEqual([0, 1]);
    expect(await redis.keys('portal:rl:login:*')).toContain('portal:rl:login:198.51.100.16');
  });

  test('a page rendered by one instance is served by the other from the shared cache', async ({ request }) => {
    const path = `/zb?keyword=${encodeURIComponent(`共享${Date.now().toString(36)}`)}`;
    const first = await request.get(`${url}${path}`);
    expect(first.status()).toBe(200);
    expect(first.headers()['x-render-cache']).toBe('miss');
    await expect.poll(async () => (await redis.keys('portal:page:*/zb?keyword=*')).length, { timeout: 5_000 }).toBeGreaterThan(0);
    const second = await request.get(`${url}${path}`);
    expect(second.headers()['x-render-cache']).toBe('hit');
    expect(
      served
        .slice(-2)
        .map((s) => s.instance)
        .sort(),
    ).toEqual([0, 1]);
    // What a visitor sees is the same; each answer carries its own nonce.
    const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0];
    expect(main(await second.text())).toBe(main(await first.text()));
  });

  test('with Redis gone both keep serving, count locally and say degraded; with Redis back, healthy', async ({ page, consoleProblems }) => {
    test.setTimeout(60_000);
    await redis.stop();
    for (const portal of portals) {
      await expect.poll(async () => (await health(portal)).status, { timeout: 10_000 }).toBe('degraded');
      const res = await fetch(`${portal.url}/healthz`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { reason?: string }).reason).toMatch(/^Redis 不可用/);
    }
    // Each instance renders its pages (every time: no shared cache, and no error)…
    for (const portal of portals) {
      for (let n = 0; n < 2; n++) {
        const res = await fetch(`${portal.url}/xmk?keyword=outage`);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-render-cache')).toBe('miss');
      }
    }
    // …and a visitor browses through the proxy without noticing.
    for (const path of ['/zb', '/xmk', '/']) {
      const response = await page.goto(`${url}${path}`);
      expect(response?.status(), path).toBe(200);
    }
    await waitForHydration(page);
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '招标信息' }).click();
    await expect(page).toHaveURL(`${url}/zb`);
    await expectCleanConsole(consoleProblems);
    // Limits still hold, each instance counting on its own.
    for (const portal of portals) expect(await logins(portal.url, '198.51.100.17', 6)).toEqual([200, 200, 200, 200, 200, 429]);

    await redis.start();
    for (const portal of portals) await expect.poll(async () => (await health(portal)).status, { timeout: 15_000 }).toBe('ok');
    expect(await logins(url, '198.51.100.18', 6)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(portals.map((p) => p.output()).join('')).toContain('redis: connected again');
  });
});
