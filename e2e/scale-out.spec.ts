/**
 * Issue 8 §5: two portal processes on one backend, behind a round-robin proxy on loopback. A
 * member's session, server rendering and the duplicate-submit guard must work whichever instance
 * answers, because no instance keeps anything another one needs (ARCHITECTURE.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startProductionPortal, type ProductionPortal } from '../scripts/lib/production-portal';
import { expect, expectCleanConsole, test, waitForHydration } from './fixtures';

interface Served {
  method: string;
  path: string;
  instance: number;
}

/** Hands each request to the next instance in turn, whatever connection it came on. */
function roundRobin(upstreams: string[], log: Served[]): Server {
  let next = 0;
  return createServer((req, res) => {
    const instance = next++ % upstreams.length;
    log.push({ method: req.method ?? 'GET', path: req.url ?? '/', instance });
    const forwarded = httpRequest(new URL(req.url ?? '/', upstreams[instance]), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
}

const isDocument = (s: Served) => !s.path.startsWith('/prod-api') && !s.path.startsWith('/dist/') && !/\.(svg|ico|txt)$/.test(s.path);

test.describe('two instances behind a round-robin proxy', () => {
  const served: Served[] = [];
  let dataDir: string;
  let backend: ChildProcess;
  let portals: ProductionPortal[] = [];
  let proxy: Server;
  let url: string;

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
    portals = await Promise.all([0, 1].map(() => startProductionPortal({ env: { BACKEND_URL: backendURL } })));
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
});
