/**
 * Scale-out on Redis, with a real redis-server on loopback: two portal apps on one
 * backend share a login limit and the render cache through it; with Redis gone both keep serving,
 * count locally and say `degraded`; with Redis back they share again. The browser flow through
 * two production processes is e2e/scale-out.spec.ts.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/constants';
import { startRedisServer, type RedisServer } from '../../scripts/lib/redis-server';
import { createApp } from '../src/app';
import { ConfigError, parseConfig } from '../src/config';
import { connectRedis, reconnectDelay, RECONNECT_MAX_MS, type SharedRedis } from '../src/scale/redis';
import { decodePage, encodePage, RedisPageStore } from '../src/scale/redis-page-store';
import { keepMs } from '../src/render/cache';
import { RenderGate } from '../src/render/gate';
import type { Renderer } from '../src/render/renderer';
import { API, OUR_PAGE, startPortal, type Portal } from './portal-fixture';

const PREFIX = 'portal-test:';

/** A renderer that counts its renders and puts the response's nonce where a real page has it. */
function countingRenderer(): Renderer & { count: number } {
  const renderer = {
    count: 0,
    assets: { css: [], bootstrapModule: '/dist/entry.js' },
    render(opts: Parameters<Renderer['render']>[0]) {
      renderer.count++;
      const path = new URL(opts.request.url).pathname;
      const html = `<!doctype html><script nonce="${opts.nonce}">1</script><main>页面 ${path}</main><script nonce="${opts.nonce}">2</script>`;
      return Promise.resolve({
        type: 'html' as const,
        status: 200,
        hadErrors: () => false,
        stream: {
          pipe: <W extends NodeJS.WritableStream>(destination: W) => {
            destination.end(html);
            return destination;
          },
          abort: () => undefined,
        },
      });
    },
  };
  return renderer;
}

const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const nonceOf = (res: request.Response) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(res.headers['content-security-policy']))?.[1];

describe('two instances sharing one Redis', () => {
  let redisServer: RedisServer;
  let portal: Portal;
  const clients: SharedRedis[] = [];
  const instances: { app: ReturnType<typeof createApp>; renderer: ReturnType<typeof countingRenderer>; redis: SharedRedis }[] = [];
  const logged: string[] = [];

  beforeAll(async () => {
    redisServer = await startRedisServer();
    portal = await startPortal();
    for (let i = 0; i < 2; i++) {
      const redis = connectRedis({ url: redisServer.url, prefix: PREFIX, log: (message) => logged.push(message) });
      clients.push(redis);
      const renderer = countingRenderer();
      const app = createApp({
        config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: true },
        backendURL: portal.backendURL,
        renderer,
        publicDir: 'client/public',
        rateLimits: {
          captcha: null,
          login: { limit: 5, windowMs: 60_000 },
          register: null,
          message: null,
          checkName: null,
          recover: null,
        },
        renderCache: { maxBytes: 8 * 1024 * 1024, ttlMs: 30_000 },
        redis,
        log: () => undefined,
      });
      instances.push({ app, renderer, redis });
    }
    await until(() => clients.every((c) => c.isReady()));
  }, 30_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await portal?.close();
    await redisServer?.stop();
  });

  /** A login from `client` (a forwarded address: each test its own) through instance `i`. */
  const appOf = (i: number) => {
    const app = instances[i]?.app;
    if (!app) throw new Error(`no instance ${i}`);
    return app;
  };
  const login = (i: number, client: string) =>
    request(appOf(i))
      .post(`${API}/api/member/login`)
      .set(OUR_PAGE)
      .set('X-Forwarded-For', client)
      .send({ username: 'demo', password: portal.backend.encrypt('demo123') });
  const health = (i: number) => request(appOf(i)).get('/healthz');
  const page = (i: number, path: string) => request(appOf(i)).get(path);

  it('a login limit of 5 holds across both: the 6th attempt is refused on either', async () => {
    const statuses = [];
    for (let n = 0; n < 5; n++) statuses.push((await login(n % 2, '198.51.100.1')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    for (const i of [0, 1]) {
      const refused = await login(i, '198.51.100.1');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ code: 429, msg: MESSAGES.rateLimited });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Another client has its own count; the counts are readable keys under the prefix.
    expect((await login(1, '198.51.100.2')).status).toBe(200);
    expect(await redisServer.keys(`${PREFIX}rl:login:*`)).toEqual(
      expect.arrayContaining([`${PREFIX}rl:login:198.51.100.1`, `${PREFIX}rl:login:198.51.100.2`]),
    );
  });

  it('a page rendered by one is served by the other, with the other answer’s own nonce', async () => {
    const first = await page(0, '/zb?keyword=shared');
    expect(first.headers['x-render-cache']).toBe('miss');
    await until(async () => (await redisServer.keys(`${PREFIX}page:/zb?keyword=shared`)).length === 1);
    const second = await page(1, '/zb?keyword=shared');
    expect(second.headers['x-render-cache']).toBe('hit');
    expect([instances[0]?.renderer.count, instances[1]?.renderer.count]).toEqual([1, 0]);
    const nonce = nonceOf(second);
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(nonceOf(first));
    expect(second.text).toBe(first.text.replaceAll(String(nonceOf(first)), String(nonce)));
    expect(second.text).toContain('<main>页面 /zb</main>');
  });

  it('concurrent misses on one instance render once', async () => {
    const before = instances[0]?.renderer.count ?? 0;
    const answers = await Promise.all(Array.from({ length: 6 }, () => page(0, '/xmk?keyword=burst')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((instances[0]?.renderer.count ?? 0) - before).toBe(1);
  });

  it('a page past its time stays in Redis as a stale copy, served marked stale while renders are busy', async () => {
    const redis = clients[0];
    if (!redis) throw new Error('no client');
    let now = Date.now();
    const renderer = countingRenderer();
    const gate = new RenderGate({ maxInFlight: 1, maxQueued: 4, maxWaitMs: 30_000, memberReserve: 0, anonymousMinimum: 0 });
    const app = createApp({
      config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: true },
      backendURL: portal.backendURL,
      renderer,
      publicDir: 'client/public',
      renderCache: { maxBytes: 8 * 1024 * 1024, ttlMs: 30_000, staleMs: 60_000, now: () => now },
      redis,
      renderGate: gate,
      log: () => undefined,
    });
    const path = '/zb?keyword=stale-in-redis';
    expect((await request(app).get(path)).headers['x-render-cache']).toBe('miss');
    const key = `${PREFIX}page:${path}`;
    await until(async () => (await redisServer.keys(key)).length === 1);
    // Redis keeps it for its time to live and its stale time together.
    const pttl = Number(await redis.send(['PTTL', key]));
    expect(pttl).toBeGreaterThan(80_000);
    expect(pttl).toBeLessThanOrEqual(90_000);

    now += 40_000;
    const slot = gate.tryAcquire('anonymous');
    const stale = await request(app).get(path);
    expect(stale.status).toBe(200);
    expect(stale.headers['x-render-cache']).toBe('stale');
    expect(stale.headers['cache-control']).toBe('public, max-age=5');
    expect(stale.headers.age).toBe('40');
    expect(stale.text).toContain('<main>页面 /zb</main>');
    expect(renderer.count).toBe(1);
    slot?.();
    expect((await request(app).get(path)).headers['x-render-cache']).toBe('miss');
    expect(renderer.count).toBe(2);

    // Past both, the store has nothing, whatever Redis still holds.
    now += 90_000;
    const store = new RedisPageStore(redis, keepMs({ ttlMs: 30_000, staleMs: 60_000 }), () => now);
    expect(await store.get(path)).toBeNull();
  });

  it('clearing (the backend went down) drops this portal’s pages and nothing else', async () => {
    const redis = clients[0];
    if (!redis) throw new Error('no client');
    const store = new RedisPageStore(redis, 30_000);
    const stored = { parts: [Buffer.from('页')], bytes: 0, storedAt: Date.now() };
    store.set('/a', stored);
    store.set('/b?x=1', stored);
    await redis.send(['SET', 'other-site:page:/a', 'kept']);
    await until(async () => (await redisServer.keys(`${PREFIX}page:/[ab]*`)).length === 2);
    expect((await store.get('/a'))?.parts[0]?.toString('utf8')).toBe('页');
    store.clear();
    await until(async () => (await redisServer.keys(`${PREFIX}page:/[ab]*`)).length === 0);
    expect(await redis.send(['GET', 'other-site:page:/a'])).toBe('kept');
  });

  it('with Redis down both keep serving, count locally and say degraded; with Redis back, healthy and shared again', async () => {
    expect((await health(0)).body).toMatchObject({ status: 'ok', backend: 'up', redis: 'up' });
    await redisServer.stop();
    await until(() => clients.every((c) => !c.isReady()));

    for (const i of [0, 1]) {
      const res = await health(i);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'degraded', backend: 'up', redis: 'down' });
      expect(res.body.reason).toMatch(/^Redis 不可用/);
    }
    // Pages: rendered every time, no error.
    const renders = instances[1]?.renderer.count ?? 0;
    for (let n = 0; n < 3; n++) {
      const res = await page(1, '/zb?keyword=outage');
      expect(res.status).toBe(200);
      expect(res.text).toContain('页面 /zb');
    }
    expect((instances[1]?.renderer.count ?? 0) - renders).toBe(3);
    // Limits: each instance counts on its own, and still refuses the 6th.
    for (const i of [0, 1]) {
      const statuses = [];
      for (let n = 0; n < 6; n++) statuses.push((await login(i, '198.51.100.3')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
    expect(logged).toContain('redis: unavailable, counting locally and rendering without the shared cache');

    await redisServer.start();
    await until(async () => (await health(0)).body.status === 'ok' && (await health(1)).body.status === 'ok');
    expect(logged).toContain('redis: connected again');
    // A stuck Redis (connection open, no answers): the same, after the command timeout.
    redisServer.pause();
    try {
      const stuck = await health(0);
      expect(stuck.status).toBe(200);
      expect(stuck.body).toMatchObject({ status: 'degraded', redis: 'down' });
      expect(stuck.body.reason).toMatch(/PING/);
      expect((await login(0, '198.51.100.5')).status).toBe(200);
      expect((await page(0, '/zb?keyword=stuck')).status).toBe(200);
    } finally {
      redisServer.resume();
    }
    await until(async () => (await health(0)).body.status === 'ok');
    // Shared again: 5 across both, then refused.
    const statuses = [];
    for (let n = 0; n < 6; n++) statuses.push((await login(n % 2, '198.51.100.4')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await redisServer.keys(`${PREFIX}rl:login:198.51.100.4`)).toHaveLength(1);
  }, 60_000);
});

describe('the Redis pieces', () => {
  it('a stored page reads back part for part, and anything else reads as a miss', () => {
    const parts = [Buffer.from('<script nonce="'), Buffer.from('">页</script><p nonce="'), Buffer.from('"></p>')];
    const page = { parts, bytes: 0, storedAt: 1_700_000_000_123 };
    const back = decodePage(encodePage(page));
    expect(back?.parts.map((p) => p.toString('utf8'))).toEqual(parts.map((p) => p.toString('utf8')));
    expect(back?.storedAt).toBe(page.storedAt);
    expect(decodePage(Buffer.from('a page someone else wrote'))).toBeNull();
    expect(decodePage(encodePage(page).subarray(0, 30))).toBeNull();
  });

  it('reconnects after a growing, bounded delay', () => {
    const delays = [0, 1, 2, 3, 10, 50].map((n) => reconnectDelay(n, () => 0.5));
    expect(delays.slice(0, 4)).toEqual([100, 200, 400, 800]);
    expect(delays.slice(4)).toEqual([RECONNECT_MAX_MS, RECONNECT_MAX_MS]);
  });

  it('REDIS_URL must be a redis address, REDIS_PREFIX a short plain name', () => {
    expect(parseConfig({}).REDIS_URL).toBeUndefined();
    expect(parseConfig({}).REDIS_PREFIX).toBe('portal:');
    expect(parseConfig({ REDIS_URL: 'redis://:secret@10.0.0.5:6379/2' }).REDIS_URL).toBe('redis://:secret@10.0.0.5:6379/2');
    expect(() => parseConfig({ REDIS_URL: 'http://10.0.0.5' })).toThrow(ConfigError);
    expect(() => parseConfig({ REDIS_URL: 'http://10.0.0.5' })).toThrow(/REDIS_URL: 应为 redis:\/\/ 或 rediss:\/\/ 地址/);
    expect(() => parseConfig({ REDIS_PREFIX: 'a b' })).toThrow(/REDIS_PREFIX/);
  });

  it('a Redis that never answers: the portal serves and says why it is degraded', async () => {
    const redisServer = await startRedisServer();
    await redisServer.stop();
    const portal = await startPortal();
    const redis = connectRedis({ url: redisServer.url, prefix: PREFIX, log: () => undefined });
    try {
      const app = createApp({
        config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: false },
        backendURL: portal.backendURL,
        renderer: countingRenderer(),
        publicDir: 'client/public',
        rateLimits: { captcha: null, login: { limit: 2, windowMs: 60_000 }, register: null, message: null, checkName: null, recover: null },
        renderCache: { maxBytes: 1024 * 1024, ttlMs: 30_000 },
        redis,
        log: () => undefined,
      });
      await until(async () => /ECONNREFUSED/.test(String((await request(app).get('/healthz')).body.reason)));
      const res = await request(app).get('/healthz');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('degraded');
      expect((await request(app).get('/zb')).status).toBe(200);
      const login = () =>
        request(app)
          .post(`${API}/api/member/login`)
          .set(OUR_PAGE)
          .send({ username: 'demo', password: portal.backend.encrypt('demo123') });
      expect([(await login()).status, (await login()).status, (await login()).status]).toEqual([200, 200, 429]);
    } finally {
      await redis.close();
      await portal.close();
    }
  });
});
