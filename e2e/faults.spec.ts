/**
 * Faults against the production build as real processes (each test starts its own portal on
 * free ports): the backend dying under load and coming back, an external backend doing the same,
 * SIGTERM while requests and writes are in flight, and the cluster's workers.
 *
 * kill -9 of the backend during writes (every acknowledged write survives) is
 * backend/test/process.test.ts.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { freePort, startProductionPortal, type ProductionPortal } from '../scripts/lib/production-portal';
import { OUR_PAGE, PortalClient } from '../scripts/lib/portal-client';
import { expect, test, waitForHydration } from './fixtures';
import { sleep, startTraffic, type Outcome } from './traffic';

const SMALL_SEED = { SEED_PROJECTS: '300', SEED_TENDERS: '400' };
const MIXED = ['/', '/xmk', '/zb', '/prod-api/api/zb/search', '/prod-api/api/cms/getHomeList/', '/support/notice'];

const alive = (pid: number | undefined) => {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Kills the embedded backend, and every replacement the supervisor starts, for `ms`: an outage of
 * known length, however fast the restart is.
 */
async function keepBackendDown(portal: ProductionPortal, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const pid = portal.backendPid();
    if (pid !== undefined && alive(pid)) process.kill(pid, 'SIGKILL');
    await sleep(50);
  }
}

async function timedFetch(url: string): Promise<{ status: number; text: string; ms: number }> {
  const started = Date.now();
  const res = await fetch(url);
  const text = await res.text();
  return { status: res.status, text, ms: Date.now() - started };
}

test.describe('the embedded backend dies under load', () => {
  let portal: ProductionPortal;
  test.beforeAll(async () => {
    portal = await startProductionPortal({ env: SMALL_SEED });
  });
  test.afterAll(async () => {
    await portal?.stop();
  });

  test('pages and calls fail fast with the error page, the SPA shows it, and all recover without a restart', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`${portal.url}/zb`);
    await waitForHydration(page);
    const serverPid = portal.child.pid;
    const firstBackend = portal.backendPid();
    // Steady traffic, light enough that a healthy page answers well within the second asked of a
    // failing one on a shared 2-core machine.
    const traffic = startTraffic(portal.url, (i) => ({ path: MIXED[1 + (i % (MIXED.length - 1))] ?? '/zb' }), 4);
    await sleep(1_000);

    const outage = keepBackendDown(portal, 6_000);
    const downFrom = Date.now();
    await sleep(300);

    // Pages: the error page with 502, within a second; health says 503; calls say 502 in Chinese.
    for (const path of ['/xmk', '/', `/zb?keyword=${encodeURIComponent('道路')}`]) {
      const res = await timedFetch(`${portal.url}${path}`);
      expect(res.status, path).toBe(502);
      expect(res.ms, path).toBeLessThan(1_000);
      expect(res.text, path).toContain('role="alert"');
      expect(res.text, path).toContain('服务暂时不可用');
    }
    expect((await fetch(`${portal.url}/healthz`)).status).toBe(503);
    const api = await fetch(`${portal.url}/prod-api/api/zb/search`, { headers: OUR_PAGE });
    expect(api.status).toBe(502);
    expect(await api.json()).toEqual({ code: 502, msg: '服务暂时不可用，请稍后再试' });

    // The SPA, already open, navigates into the outage: an error, not a blank page.
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '项目库' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('服务暂时不可用');
    await expect(page.getByRole('alert')).toBeVisible();

    await outage;
    const upFrom = Date.now();
    await expect.poll(async () => (await fetch(`${portal.url}/healthz`)).status, { timeout: 20_000 }).toBe(200);
    const recoveredAt = Date.now();

    // Recovered without restarting the server: same process, new backend.
    expect(portal.child.pid).toBe(serverPid);
    expect(portal.child.exitCode).toBeNull();
    expect(portal.backendPid()).not.toBe(firstBackend);
    await page.getByRole('link', { name: '重新加载' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '项目库' })).toBeVisible();

    await sleep(500);
    const outcomes = await traffic.stop();
    // The server never went away: every request got a whole answer.
    expect(outcomes.filter((o) => o.error !== undefined)).toEqual([]);
    const failed = outcomes.filter((o) => o.status !== 200);
    expect(failed.length).toBeGreaterThan(0);
    for (const o of failed) {
      expect([502, 503, 504], o.request.path).toContain(o.status);
      // Failing is fast, whatever was asked: no request waits on a dead backend.
      if (o.startedAt > downFrom + 300) expect(o.endedAt - o.startedAt, o.request.path).toBeLessThan(1_000);
    }
    // Once it was back, everything worked again.
    const afterRecovery = outcomes.filter((o) => o.startedAt > recoveredAt);
    expect(afterRecovery.length).toBeGreaterThan(0);
    expect(afterRecovery.filter((o) => o.status !== 200)).toEqual([]);
    expect(upFrom).toBeLessThan(recoveredAt);
  });
});

test.describe('an external backend (BACKEND_URL) goes away and comes back', () => {
  test('the portal answers 502 meanwhile and recovers by itself', async () => {
    test.setTimeout(90_000);
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-external-'));
    const port = await freePort();
    const backendURL = `http://127.0.0.1:${port}`;
    const startBackend = async () => {
      const child = spawn(process.execPath, ['dist/node/backend.js'], {
        env: { ...process.env, ...SMALL_SEED, BACKEND_PORT: String(port), DATA_DIR: dataDir },
        stdio: 'ignore',
      });
      await expect
        .poll(async () => (await fetch(`${backendURL}/api/system/config/configKey/sys.site.title`).catch(() => null))?.status, {
          timeout: 60_000,
        })
        .toBe(200);
      return child;
    };
    let backend = await startBackend();
    const portal = await startProductionPortal({ env: { BACKEND_URL: backendURL } });
    try {
      expect((await fetch(`${portal.url}/zb`)).status).toBe(200);
      backend.kill('SIGKILL');
      await new Promise((resolve) => backend.once('exit', resolve));

      const down = await timedFetch(`${portal.url}/zb`);
      expect(down.status).toBe(502);
      expect(down.ms).toBeLessThan(1_000);
      expect((await fetch(`${portal.url}/healthz`)).status).toBe(503);

      backend = await startBackend();
      await expect.poll(async () => (await fetch(`${portal.url}/healthz`)).status, { timeout: 10_000 }).toBe(200);
      expect((await fetch(`${portal.url}/zb`)).status).toBe(200);
      expect(portal.child.exitCode).toBeNull();
    } finally {
      await portal.stop();
      backend.kill('SIGTERM');
      await new Promise((resolve) => (backend.exitCode !== null ? resolve(null) : backend.once('exit', resolve)));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

test.describe('SIGTERM under load', () => {
  test('in-flight requests finish, later ones are refused cleanly, the exit is 0 and every acknowledged write is stored', async () => {
    test.setTimeout(90_000);
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-sigterm-'));
    try {
      // Pages rendered every time (no render cache): answers that take long enough to be in flight at the signal.
      const portal = await startProductionPortal({ dataDir, env: { ...SMALL_SEED, CAPTCHA_ENABLED: 'false', RENDER_CACHE_MB: '0' } });
      const cookie = await new PortalClient(portal.url).register('sigterm_1', 'Sigterm123');
      const write = (i: number) => ({
        method: 'PUT',
        path: '/prod-api/cms/baifang/addBaifangClient',
        headers: { ...OUR_PAGE, 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ companyName: `停机测试-${i}` }),
      });
      const traffic = startTraffic(portal.url, (i) => (i % 3 === 0 ? write(i) : { path: MIXED[i % MIXED.length] ?? '/' }), 12);
      await sleep(2_500);
      // Signal while some request has been under way for a while, so that one is surely in flight
      // (on a quiet machine most answers take well under 50 ms).
      for (const giveUpAt = Date.now() + 5_000; traffic.oldestPendingMs() < 40 && Date.now() < giveUpAt;) await sleep(1);

      // As a supervisor stops a service: the signal goes to the portal's whole process group.
      const signalledAt = Date.now();
      const exitCode = await portal.stop('SIGTERM', { group: true });
      const stoppedAt = Date.now();
      await sleep(300);
      const outcomes = await traffic.stop();

      expect(exitCode).toBe(0);
      expect(stoppedAt - signalledAt).toBeLessThan(10_000);
      expect(portal.output()).toContain('SIGTERM: finishing in-flight requests');

      // Requests already under way when the signal came got their whole answer.
      // Under way for 30 ms on loopback: the portal had the request before the signal.
      const inFlight = outcomes.filter((o) => o.startedAt < signalledAt - 30 && o.endedAt > signalledAt);
      expect(inFlight.length).toBeGreaterThan(0);
      expect(inFlight.filter((o) => o.status !== 200)).toEqual([]);
      // Once the server has turned one request away (it is draining), it turns away every later one:
      // a 503 on a kept-alive connection, or no connection at all. (A busy server may still serve a
      // request sent just after the signal, before its event loop got to the handler.)
      const refused = (o: Outcome) => o.status === 503 || ['ECONNREFUSED', 'UND_ERR_SOCKET', 'ECONNRESET'].includes(o.error ?? '');
      const firstRefusal = Math.min(...outcomes.filter(refused).map((o) => o.endedAt));
      expect(firstRefusal).toBeLessThan(Infinity);
      const later = outcomes.filter((o) => o.startedAt > firstRefusal);
      expect(later.length).toBeGreaterThan(0);
      expect(later.filter((o) => !refused(o)).map((o) => `${o.request.path}: ${o.status ?? o.error}`)).toEqual([]);
      for (const o of outcomes.filter((o) => o.status === 503)) {
        expect(JSON.parse(o.body ?? '')).toEqual({ code: 503, msg: '服务暂时不可用，请稍后再试' });
      }

      // The backend closed its database cleanly, and every write it acknowledged is in it.
      const acknowledged = outcomes
        .filter((o): o is Outcome & { body: string } => o.request.method === 'PUT' && o.status === 200 && o.body !== undefined)
        .filter((o) => (JSON.parse(o.body) as { code: number }).code === 200)
        .map((o) => (JSON.parse(o.request.body ?? '{}') as { companyName: string }).companyName);
      expect(acknowledged.length).toBeGreaterThan(0);
      const db = new Database(join(dataDir, 'cms.db'), { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const stored = new Set(
          (
            db.prepare("SELECT company_name AS name FROM visit_client WHERE company_name LIKE '停机测试-%'").all() as { name: string }[]
          ).map((r) => r.name),
        );
        expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
      } finally {
        db.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

test.describe('WEB_CONCURRENCY=2', () => {
  test('workers that cannot listen stop the portal with exit 1 instead of restarting forever', async () => {
    const taken = createNetServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-taken-'));
    try {
      const child = spawn(process.execPath, ['dist/node/server.js'], {
        env: {
          ...process.env,
          ...SMALL_SEED,
          NODE_ENV: 'production',
          WEB_CONCURRENCY: '2',
          HOST: '127.0.0.1',
          PORT: String((taken.address() as AddressInfo).port),
          BACKEND_PORT: String(await freePort()),
          DATA_DIR: dataDir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code, output).toBe(1);
      expect(output).toMatch(/failed to start/);
    } finally {
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('two workers share one backend, a dead worker is replaced, and SIGTERM stops them all with exit 0', async () => {
    test.setTimeout(90_000);
    const portal = await startProductionPortal({ env: { ...SMALL_SEED, WEB_CONCURRENCY: '2' } });
    const workers = () => portal.children().filter((c) => c.command.includes('server.js'));
    const listening = () => [...portal.output().matchAll(/portal worker (\d+) listening/g)].map((m) => Number(m[1]));
    const backend = portal.backendPid();
    try {
      // The portal answers as soon as one worker listens; the test starts once both do.
      await expect.poll(() => listening().length, { timeout: 15_000 }).toBe(2);
      expect(workers()).toHaveLength(2);
      expect(portal.children().filter((c) => c.command.includes('backend.js'))).toHaveLength(1);

      const traffic = startTraffic(portal.url, (i) => ({ path: MIXED[i % MIXED.length] ?? '/' }), 6);
      await sleep(1_000);
      const victim = workers()[0]?.pid;
      if (victim === undefined) throw new Error('no worker');
      process.kill(victim, 'SIGKILL');
      const killedAt = Date.now();
      await expect.poll(() => listening().filter((pid) => pid !== victim && alive(pid)).length, { timeout: 15_000 }).toBe(2);
      await sleep(1_000);
      const outcomes = await traffic.stop();
      // Requests the dead worker held are lost with it, and so can be a connection the primary
      // handed it before it noticed the death; everything after went to the other workers.
      const after = outcomes.filter((o) => o.startedAt > killedAt + 500);
      expect(after.length).toBeGreaterThan(0);
      expect(after.filter((o) => o.status !== 200)).toEqual([]);
    } finally {
      const all = portal.children().map((c) => c.pid);
      const exitCode = await portal.stop('SIGTERM');
      expect(exitCode, portal.output()).toBe(0);
      expect(all.filter(alive)).toEqual([]);
      expect(alive(backend)).toBe(false);
    }
  });
});
