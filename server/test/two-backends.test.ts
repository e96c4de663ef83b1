/**
 * Two backends (EXT_BACKEND_URL): the CMS played by an embedded backend with BACKEND_EXTENSIONS=off,
 * the extensions served by a second one with them on, each its own process on its own database,
 * and the portal in front of both. Spec calls reach the CMS, ext calls the other (told apart by
 * data only one of them has), feed links carry the portal's origin; the extensions' backend killed,
 * every page still answers 200 without its features and /healthz says degraded; started again, the
 * features come back.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { createDevRenderer } from '../src/render/renderer';
import { CAPABILITIES_RETRY_MS } from '../src/upstream/capabilities';

const API = '/prod-api';
const ERROR_TEXTS = ['页面加载失败', '服务暂时不可用', '系统未知错误', '出错了'];
/** Links to pages only the extensions offer (companies, goods, alerts, visit records). */
const EXT_LINK = /href="\/(user\/alerts|company|open-data)[^"]*"/;

interface BackendProcess {
  child: ChildProcess;
  url: string;
  port: number;
}

/** `backend/src/index.ts` as `npm run backend` runs it, on `dataDir`; resolves once it listens. */
async function startBackend(dataDir: string, env: Record<string, string>, port = 0): Promise<BackendProcess> {
  const base = { ...process.env };
  for (const name of ['SITE_URL', 'SMTP_URL', 'BACKEND_EXTENSIONS', 'ADMIN_TOKEN']) delete base[name];
  const child = fork(join(process.cwd(), 'backend/src/index.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...base,
      DATA_DIR: dataDir,
      BACKEND_PORT: String(port),
      CAPTCHA_ENABLED: 'false',
      DEMO_TOP_UP: 'false',
      DEMO_FEED: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`backend exited during start-up (code ${String(code)})`))),
  ])) as [{ type?: string; port?: number }];
  if (message.type !== 'ready' || typeof message.port !== 'number') throw new Error('backend did not report ready');
  return { child, port: message.port, url: `http://127.0.0.1:${message.port}` };
}

async function kill(backend: BackendProcess): Promise<void> {
  if (backend.child.exitCode !== null || backend.child.signalCode !== null) return;
  const exited = once(backend.child, 'exit');
  backend.child.kill('SIGKILL');
  await exited;
}

/** A member token from the backend at `url` itself (captcha off): the password RSA-encrypted with its published key. */
async function login(url: string, username: string, password: string): Promise<string> {
  const key = (await request(url).get('/api/system/config/configKey/sys.login.publicKey')).body.msg as string;
  const encrypted = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(password)).toString('base64');
  const res = await request(url).post('/api/member/login').send({ username, password: encrypted });
  if (res.body.code !== 200) throw new Error(`login failed: ${String(res.body.msg)}`);
  return res.body.token as string;
}

/** Polls `check` until it holds or `ms` pass; every answer on the way goes through `each`. */
async function until<T>(ms: number, ask: () => Promise<T>, check: (value: T) => boolean, each: (value: T) => void = () => undefined) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await ask();
    each(value);
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('the portal with a CMS and an extensions’ backend', () => {
  const dirs = { cms: mkdtempSync(join(tmpdir(), 'two-backends-cms-')), ext: mkdtempSync(join(tmpdir(), 'two-backends-ext-')) };
  let cms: BackendProcess;
  let ext: BackendProcess;
  let app: ReturnType<typeof createApp>;
  let closeRenderer: () => Promise<void>;

  beforeAll(async () => {
    // Different seeds, so an answer tells which backend gave it.
    [cms, ext] = await Promise.all([
      startBackend(dirs.cms, { BACKEND_EXTENSIONS: 'off', SEED_PROJECTS: '30', SEED_TENDERS: '40' }),
      startBackend(dirs.ext, { SEED_PROJECTS: '20', SEED_TENDERS: '25' }),
    ]);
    const dev = await createDevRenderer(process.cwd());
    closeRenderer = () => dev.vite.close();
    app = createApp({
      config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: false },
      backendURL: cms.url,
      extBackendURL: ext.url,
      renderer: dev.renderer,
      publicDir: 'client/public',
      // Pages kept for a while: a change of the backends' features must not serve an old one.
      renderCache: { maxBytes: 16 * 1024 * 1024, ttlMs: 60_000 },
      log: () => undefined,
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([cms && kill(cms), ext && kill(ext)]);
    await closeRenderer?.();
    for (const dir of Object.values(dirs)) rmSync(dir, { recursive: true, force: true });
  });

  it('sends the spec’s calls to the CMS and the ext calls to the extensions’ backend', async () => {
    const search = '/api/zb/search?pageNum=1&pageSize=1';
    const [viaPortal, fromCms, fromExt] = await Promise.all([
      request(app).get(API + search),
      request(cms.url).get(search),
      request(ext.url).get(search),
    ]);
    expect(fromCms.body.total).not.toBe(fromExt.body.total);
    expect(viaPortal.body.total).toBe(fromCms.body.total);

    // The CMS has no company calls at all (404); the extensions' backend has them.
    const companies = '/api/cmsData/company/list?pageNum=1&pageSize=5';
    expect((await request(cms.url).get(companies)).status).toBe(404);
    const viaPortalCompanies = await request(app).get(API + companies);
    expect(viaPortalCompanies.body.code).toBe(200);
    expect(viaPortalCompanies.body.rows).toEqual((await request(ext.url).get(companies)).body.rows);

    const capabilities = await request(app).get(`${API}/api/ext/capabilities`);
    expect(capabilities.body.data).toContain('company');
  });

  it('renders pages with the CMS’s notices and the extensions’ features', async () => {
    const home = await request(app).get('/');
    expect(home.status).toBe(200);
    expect(home.text).toMatch(EXT_LINK);

    // The company list is an ext page: its rows come from the extensions' backend in the render.
    const company = (await request(ext.url).get('/api/cmsData/company/list?pageNum=1&pageSize=1')).body.rows[0] as { name: string };
    const companies = await request(app).get('/company');
    expect(companies.status).toBe(200);
    expect(companies.text).toContain(company.name);

    const total = (await request(cms.url).get('/api/zb/search?pageNum=1&pageSize=1')).body.total as number;
    const zb = await request(app).get('/zb');
    expect(zb.status).toBe(200);
    expect(zb.text).toContain(String(total));
    for (const text of ERROR_TEXTS) expect(home.text + companies.text + zb.text).not.toContain(text);
  });

  it('links a member’s feeds to the portal’s origin, not to a backend', async () => {
    const token = await login(ext.url, 'demo', 'demo123');
    const feeds = (await request(ext.url).get('/cms/alerts/feeds').set('Authorization', `Bearer ${token}`)).body.data as { atom: string };
    const atom = await request(app).get(feeds.atom).set('Host', 'www.portal.example');
    expect(atom.status).toBe(200);
    expect(atom.text).toContain(`href="http://www.portal.example${feeds.atom}"`);
    expect(atom.text).not.toContain(`:${ext.port}`);
    expect(atom.text).not.toContain(`:${cms.port}`);
  });

  it('hides the extensions while their backend is down and shows them again when it is back', async () => {
    // Kept in the render cache with the extensions' links.
    expect((await request(app).get('/')).text).toMatch(EXT_LINK);
    await kill(ext);

    const statuses: number[] = [];
    const home = await until(
      5_000,
      () => request(app).get('/'),
      (res) => !EXT_LINK.test(res.text),
      (res) => statuses.push(res.status),
    );
    expect(home.text).not.toMatch(EXT_LINK);
    // Not one error page on the way.
    expect(statuses.every((status) => status === 200)).toBe(true);

    const health = await request(app).get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'degraded', backend: 'up', ext: 'down' });
    expect(health.body.reason).toContain('扩展后端不可用');

    for (const path of ['/', '/zb', '/xmk']) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toMatch(EXT_LINK);
      for (const text of ERROR_TEXTS) expect(res.text.includes(text), `${path} shows ${text}`).toBe(false);
    }
    // An extension's page is the ordinary 404 page, as against a CMS without it.
    const company = await request(app).get('/company');
    expect(company.status).toBe(404);
    expect(company.text).toContain('页面不存在');
    // Its calls answer a JSON 502, never a page.
    const call = await request(app).get(`${API}/api/cmsData/company/list?pageNum=1&pageSize=1`);
    expect(call.status).toBe(502);
    expect(call.type).toBe('application/json');

    ext = await startBackend(dirs.ext, {}, ext.port);
    const back = await until(
      CAPABILITIES_RETRY_MS + 5_000,
      () => request(app).get('/'),
      (res) => EXT_LINK.test(res.text),
    );
    expect(back.status).toBe(200);
    expect(back.text).toMatch(EXT_LINK);
    expect((await request(app).get('/company')).status).toBe(200);
    expect((await request(app).get('/healthz')).body).toMatchObject({ status: 'ok', ext: 'up' });
  }, 60_000);
});
