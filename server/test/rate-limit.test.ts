/**
 * Per-client-IP limits on captcha, login, registration and messages (issue 8 §4): the counter, the
 * client key, the settings, and the limiter in front of the real backend.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/constants';
import { createApp } from '../src/app';
import { ConfigError, parseConfig, rateLimitSettings } from '../src/config';
import { FixedWindowCounter, clientKey, parseRateLimit, type RateLimitSettings } from '../src/rate-limit';
import { API, OUR_PAGE, startPortal, type Portal } from './portal-fixture';

describe('the fixed-window counter', () => {
  it('counts per key and starts again when the window has passed', () => {
    const counter = new FixedWindowCounter({ limit: 2, windowMs: 1_000 });
    expect(counter.hit('a', 0)).toEqual({ count: 1, resetInMs: 1_000 });
    expect(counter.hit('a', 400).count).toBe(2);
    expect(counter.hit('b', 400).count).toBe(1);
    expect(counter.hit('a', 999)).toEqual({ count: 3, resetInMs: 1 });
    expect(counter.hit('a', 1_000).count).toBe(1);
  });

  it('tracks a bounded number of clients however many addresses arrive', () => {
    const counter = new FixedWindowCounter({ limit: 1, windowMs: 60_000 }, 100);
    for (let i = 0; i < 1_000; i++) counter.hit(`10.0.${i >> 8}.${i & 255}`, 5);
    expect(counter.size).toBeLessThanOrEqual(100);
  });
});

describe('the client a limit counts against', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('%s → %s', (ip, key) => expect(clientKey(ip)).toBe(key));
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

  it('limits the user-name check, so it cannot list the members (issue 11)', async () => {
    const app = portalApp();
    const check = (username: string) =>
      request(app).post(`${API}/api/member/checkUserNameUnique`).set(OUR_PAGE).send({ username });
    expect((await check('demo')).body).toEqual({ code: 200, msg: '用户名已存在', data: false });
    expect((await check('free_name_1')).body.data).toBe(true);
    const over = await check('vip');
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ code: 429, msg: MESSAGES.rateLimited });
    expect(rateLimitSettings(parseConfig({ RATE_LIMIT_CHECK_NAME: '5/1m' })).checkName).toEqual({ limit: 5, windowMs: 60_000 });
    expect(() => parseConfig({ RATE_LIMIT_CHECK_NAME: 'many' })).toThrow(/RATE_LIMIT_CHECK_NAME/);
  });

  it('a limit that is off never refuses', async () => {
    const app = portalApp(false, { ...limits, login: null });
    for (let i = 0; i < 6; i++) expect((await login(app, 'demo123')).status).toBe(200);
  });
});
