/**
 * Per-client-IP limits on captcha, login, registration, messages and password recovery: the sliding
 * window, the client key, the settings, and the limiter in front of the real backend.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/constants';
import { createApp } from '../src/app';
import { ConfigError, parseConfig, rateLimitSettings } from '../src/config';
import { SlidingWindowStore, parseRateLimit, type RateLimitSettings } from '../src/scale/rate-limit';
import { API, OUR_PAGE, startPortal, type Portal } from './portal-fixture';

describe('the sliding window', () => {
  it('lets the limit through per key and refuses the next, without counting refusals', () => {
    let now = 0;
    const store = new SlidingWindowStore({ limit: 2, windowMs: 1_000 }, () => now);
    expect(store.increment('a').totalHits).toBe(1);
    now = 400;
    expect(store.increment('a').totalHits).toBe(2);
    expect(store.increment('b').totalHits).toBe(1);
    const refused = store.increment('a');
    expect(refused.totalHits).toBe(3);
    expect(store.refusals('a')).toBe(1);
    expect(store.increment('a').totalHits).toBe(3);
    expect(store.refusals('a')).toBe(2);
    // The call at 0 leaves the window at 1 000; then one more fits.
    expect(refused.resetTime?.getTime()).toBe(1_000);
    now = 1_000;
    expect(store.increment('a').totalHits).toBe(2);
    expect(store.refusals('a')).toBe(0);
  });

  it('does not give a fresh allowance at the window boundary, as a fixed window would', () => {
    let now = 900;
    const store = new SlidingWindowStore({ limit: 4, windowMs: 1_000 }, () => now);
    for (let i = 0; i < 4; i++) expect(store.increment('a').totalHits).toBeLessThanOrEqual(4);
    now = 1_899;
    // A fixed window on the clock would start afresh at 1 000 and let four more through; here the
    // four calls made at 900 hold the place until 1 900.
    expect(store.increment('a').totalHits).toBe(5);
    now = 1_900;
    expect(store.increment('a').totalHits).toBe(1);
  });

  it('remembers a bounded number of calls however many addresses arrive', () => {
    const store = new SlidingWindowStore({ limit: 1, windowMs: 60_000 }, () => 5, 100);
    for (let i = 0; i < 1_000; i++) store.increment(`10.0.${i >> 8}.${i & 255}`);
    expect(store.size).toBeLessThanOrEqual(100);
    expect(store.increment('10.0.3.231').totalHits).toBe(2);
  });
});

describe('settings', () => {
  it.each([
    ['30/1m', { limit: 30, windowMs: 60_000 }],
    ['10/1h', { limit: 10, windowMs: 3_600_000 }],
    ['5/30s', { limit: 5, windowMs: 30_000 }],
    ['off', 'off'],
    ['30', null],
    ['0/1m', null],
    ['30/1d', null],
  ])('%s reads as %j', (text, value) => expect(parseRateLimit(text)).toEqual(value));

  it('have defaults, can be changed or turned off, and a bad value names the variable', () => {
    const defaults = rateLimitSettings(parseConfig({}));
    expect(defaults.login).toEqual({ limit: 30, windowMs: 60_000 });
    const tuned = rateLimitSettings(parseConfig({ RATE_LIMIT_LOGIN: '5/1m', RATE_LIMIT_CAPTCHA: 'off' }));
    expect(tuned).toMatchObject({ login: { limit: 5, windowMs: 60_000 }, captcha: null });
    expect(() => parseConfig({ RATE_LIMIT_MESSAGE: 'lots' })).toThrow(ConfigError);
    expect(() => parseConfig({ RATE_LIMIT_MESSAGE: 'lots' })).toThrow(/RATE_LIMIT_MESSAGE/);
  });
});

describe('the limiter in front of the backend', () => {
  let portal: Portal;
  const limits: RateLimitSettings = {
    captcha: { limit: 3, windowMs: 60_000 },
    login: { limit: 3, windowMs: 60_000 },
    register: { limit: 2, windowMs: 3_600_000 },
    message: { limit: 2, windowMs: 600_000 },
    checkName: { limit: 2, windowMs: 600_000 },
    recover: { limit: 2, windowMs: 3_600_000 },
  };
  /** A fresh portal (so fresh counters) in front of the shared backend. */
  const portalApp = (trustProxy = false, rateLimits = limits) =>
    createApp({
      config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: trustProxy },
      backendURL: portal.backendURL,
      renderer: { render: () => Promise.reject(new Error('not rendered')), assets: { css: [], bootstrapModule: '/x.js' } },
      publicDir: 'client/public',
      rateLimits,
      log: () => undefined,
    });
  const login = (app: ReturnType<typeof portalApp>, password: string, headers: Record<string, string> = {}, path = '/api/member/login') =>
    request(app)
      .post(`${API}${path}`)
      .set(OUR_PAGE)
      .set(headers)
      .send({ username: 'demo', password: portal.backend.encrypt(password) });

  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  it('answers 429 in the envelope with a Chinese message once a client is over, and the backend never sees those', async () => {
    const app = portalApp();
    for (let i = 0; i < 3; i++) expect((await login(app, 'wrong-password')).body.msg).toMatch(/^用户不存在\/密码错误/);
    for (let i = 0; i < 5; i++) {
      const res = await login(app, 'wrong-password');
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ code: 429, msg: MESSAGES.rateLimited });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // Eight wrong passwords were sent, but only three reached the backend: five would have locked
    // the account.
    expect((await login(portalApp(), 'demo123')).body.code).toBe(200);
  });

  it('counts every spelling of the login path together', async () => {
    const app = portalApp();
    for (const path of ['/api/member/login/', '/API/member/login', '/api/member/%6Cogin']) await login(app, 'demo123', {}, path);
    expect((await login(app, 'demo123')).status).toBe(429);
  });

  it('behind TRUST_PROXY counts the address our proxy reports, whatever the client wrote before it', async () => {
    const app = portalApp(true);
    for (let i = 0; i < 3; i++) {
      expect((await login(app, 'demo123', { 'X-Forwarded-For': `198.51.100.${i}, 203.0.113.7` })).status).toBe(200);
    }
    expect((await login(app, 'demo123', { 'X-Forwarded-For': '198.51.100.99, 203.0.113.7' })).status).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await login(app, 'demo123', { 'X-Forwarded-For': '203.0.113.8' })).status).toBe(200);
  });

  it('counts IPv6 clients by their /56, and IPv4-mapped addresses as the IPv4 address', async () => {
    const app = portalApp(true);
    const from = (ip: string) => login(app, 'demo123', { 'X-Forwarded-For': ip });
    // Three addresses in 2001:db8:1:200::/56 (different /64s) use up one allowance together.
    for (const ip of ['2001:db8:1:200::1', '2001:db8:1:2ff::9', '2001:db8:1:234:aaaa::1']) expect((await from(ip)).status).toBe(200);
    expect((await from('2001:db8:1:2aa::5')).status).toBe(429);
    // The next /56 is another subscriber.
    expect((await from('2001:db8:1:300::1')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await from('203.0.113.50')).status).toBe(200);
    expect((await from('::ffff:203.0.113.50')).status).toBe(200);
    expect((await from('203.0.113.50')).status).toBe(429);
  });

  it('without TRUST_PROXY ignores X-Forwarded-For entirely', async () => {
    const app = portalApp(false);
    for (let i = 0; i < 3; i++) await login(app, 'demo123', { 'X-Forwarded-For': `198.51.100.${i}` });
    expect((await login(app, 'demo123', { 'X-Forwarded-For': '198.51.100.200' })).status).toBe(429);
  });

  it('limits captcha images (GET and HEAD), registrations and messages, and nothing else', async () => {
    const app = portalApp();
    for (let i = 0; i < 3; i++) expect((await request(app).get(`${API}/captchaImage`).set(OUR_PAGE)).status).toBe(200);
    expect((await request(app).head(`${API}/captchaImage`).set(OUR_PAGE)).status).toBe(429);

    const register = () => request(app).post(`${API}/api/member/reg`).set(OUR_PAGE).send({ username: 'x' });
    for (let i = 0; i < 2; i++) expect((await register()).status).toBe(200);
    expect((await register()).body).toEqual({ code: 429, msg: MESSAGES.rateLimited });

    const message = () => request(app).put(`${API}/api/cms/addMsg`).set(OUR_PAGE).send({ name: '张三' });
    for (let i = 0; i < 2; i++) expect((await message()).status).toBe(200);
    expect((await message()).status).toBe(429);

    for (let i = 0; i < 10; i++) {
      expect((await request(app).get(`${API}/api/zb/search`).set(OUR_PAGE)).status).toBe(200);
    }
  });

  it('limits the user-name check, so it cannot list the members', async () => {
    const app = portalApp();
    const check = (username: string) => request(app).post(`${API}/api/member/checkUserNameUnique`).set(OUR_PAGE).send({ username });
    expect((await check('demo')).body).toEqual({ code: 200, msg: '用户名已存在', data: false });
    expect((await check('free_name_1')).body.data).toBe(true);
    const over = await check('vip');
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ code: 429, msg: MESSAGES.rateLimited });
    expect(rateLimitSettings(parseConfig({ RATE_LIMIT_CHECK_NAME: '5/1m' })).checkName).toEqual({ limit: 5, windowMs: 60_000 });
    expect(() => parseConfig({ RATE_LIMIT_CHECK_NAME: 'many' })).toThrow(/RATE_LIMIT_CHECK_NAME/);
  });

  it('limits password-recovery requests, each of which may mail someone', async () => {
    const app = portalApp();
    const recover = () => request(app).post(`${API}/api/ext/password/recover`).set(OUR_PAGE).send({ account: 'demo' });
    for (let i = 0; i < 2; i++) expect((await recover()).status).toBe(200);
    expect((await recover()).body).toEqual({ code: 429, msg: MESSAGES.rateLimited });
    expect(rateLimitSettings(parseConfig({})).recover).toEqual({ limit: 10, windowMs: 3_600_000 });
    expect(() => parseConfig({ RATE_LIMIT_RECOVER: 'many' })).toThrow(/RATE_LIMIT_RECOVER/);
  });

  it('a limit that is off never refuses', async () => {
    const app = portalApp(false, { ...limits, login: null });
    for (let i = 0; i < 6; i++) expect((await login(app, 'demo123')).status).toBe(200);
  });
});
