/**
 * The member session's cookies through the portal (spec §4): login moves the token into
 * an HttpOnly cookie, RefreshToken extends it, logout and any 401 clear it, and a token the backend
 * no longer knows cannot trap the browser between /user and /user_login.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGOUT_MARK_COOKIE, MESSAGES, RANDOM_PASSWORD_COOKIE, TOKEN_COOKIE } from '@shared/constants';
import { passwordWorkBusy } from '../../backend/src/modules/auth/password-pool';
import { until } from '../../backend/test/partial-download';
import { createApp } from '../src/app';
import {
  API,
  OUR_PAGE,
  RENDERED,
  closedPort,
  isCleared,
  loginThroughPortal,
  parseSetCookies,
  startPortal,
  type Portal,
} from './portal-fixture';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(() => portal.close());

describe('login', () => {
  it('keeps the token out of the body and in an HttpOnly, SameSite=Lax cookie that lives as long as the token', async () => {
    const { res, cookies } = await loginThroughPortal(portal);
    expect(res.body.code).toBe(200);
    expect(res.body).not.toHaveProperty('token');
    expect(res.body).not.toHaveProperty('randomPassword');
    expect(res.body.expiresIn).toBe(1800);
    expect(res.text).not.toContain(cookies.get(TOKEN_COOKIE)?.value);

    const token = cookies.get(TOKEN_COOKIE);
    expect(token?.value).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(token?.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/', 'max-age': '1800' });
    expect(token?.attributes).not.toHaveProperty('secure');

    const randomPassword = cookies.get(RANDOM_PASSWORD_COOKIE);
    expect(randomPassword?.value).not.toBe('');
    expect(randomPassword?.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/', 'max-age': '1800' });
  });

  it("the cookie then authenticates the member's calls", async () => {
    const { cookieHeader } = await loginThroughPortal(portal);
    const res = await request(portal.app).get(`${API}/cms/member/getMemberInfo`).set(OUR_PAGE).set('Cookie', cookieHeader);
    expect(res.body).toMatchObject({ code: 200, user: { userName: 'demo' } });
  });

  it('sets no cookie when the login fails, and passes the message on', async () => {
    const res = await request(portal.app)
      .post(`${API}/api/member/login`)
      .set(OUR_PAGE)
      .send({ username: 'demo', password: portal.backend.encrypt('wrong-password') });
    expect(res.body).toEqual({ code: 500, msg: expect.stringMatching(/^用户不存在\/密码错误，还可尝试\d次$/) });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('passes on a login refused under load: 429, Retry-After and the message, no cookie', async () => {
    const verify = vi.spyOn(portal.backend.context.hasher, 'verify').mockRejectedValueOnce(passwordWorkBusy(2400));
    try {
      const res = await request(portal.app)
        .post(`${API}/api/member/login`)
        .set(OUR_PAGE)
        .send({ username: 'demo', password: portal.backend.encrypt('demo123') });
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBe('3');
      expect(res.body).toEqual({ code: 429, msg: MESSAGES.loginBusy });
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      verify.mockRestore();
    }
  });

  it('sets no cookie for a login posted from another site, and still hides the token', async () => {
    const res = await request(portal.app)
      .post(`${API}/api/member/login`)
      .set({ platform: 'cmsMember', Origin: 'https://evil.example' })
      .send({ username: 'demo', password: portal.backend.encrypt('demo123') });
    expect(res.body.code).toBe(200);
    expect(res.body).not.toHaveProperty('token');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('marks the cookies Secure behind a TLS-terminating proxy (TRUST_PROXY) and only then', async () => {
    const behindTls = createApp({
      config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: true },
      backendURL: portal.backendURL,
      renderer: { render: () => Promise.reject(new Error('not rendered')), assets: { css: [], bootstrapModule: '/x.js' } },
      publicDir: 'client/public',
      log: () => undefined,
    });
    const login = (app: typeof behindTls) =>
      request(app)
        .post(`${API}/api/member/login`)
        .set(OUR_PAGE)
        .set('X-Forwarded-Proto', 'https')
        .send({ username: 'demo', password: portal.backend.encrypt('demo123') });
    const secure = parseSetCookies((await login(behindTls)).headers['set-cookie']);
    expect(secure.get(TOKEN_COOKIE)?.attributes.secure).toBe(true);
    // Without TRUST_PROXY anyone could claim HTTPS with a header: it is ignored.
    const plain = parseSetCookies((await login(portal.app)).headers['set-cookie']);
    expect(plain.get(TOKEN_COOKIE)?.attributes).not.toHaveProperty('secure');
  });
});

describe('login lockout through the portal', () => {
  it('locks the client that guessed, not the owner, and a forged client header changes nothing', async () => {
    const behindProxy = createApp({
      config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: true },
      backendURL: portal.backendURL,
      renderer: { render: () => Promise.reject(new Error('not rendered')), assets: { css: [], bootstrapModule: '/x.js' } },
      publicDir: 'client/public',
      log: () => undefined,
    });
    const login = (client: string, password: string, headers: Record<string, string> = {}) =>
      request(behindProxy)
        .post(`${API}/api/member/login`)
        .set(OUR_PAGE)
        .set('X-Forwarded-For', client)
        .set(headers)
        .send({ username: 'vip', password: portal.backend.encrypt(password) });
    const attacker = '198.51.100.7';
    for (const left of [4, 3, 2, 1]) {
      expect((await login(attacker, 'guess')).body).toEqual({ code: 500, msg: `用户不存在/密码错误，还可尝试${left}次` });
    }
    expect((await login(attacker, 'guess')).body).toEqual({ code: 500, msg: '密码输入错误5次，账号锁定10分钟' });
    expect((await login(attacker, 'vip123')).body.msg).toBe('密码输入错误5次，账号锁定10分钟');
    expect((await login(attacker, 'vip123', { 'X-Portal-Client': '192.0.2.1' })).body.msg).toBe('密码输入错误5次，账号锁定10分钟');
    // The owner, elsewhere, is not locked out.
    expect((await login('203.0.113.9', 'vip123')).body.code).toBe(200);
  });
});

describe('logout', () => {
  it('clears both cookies and ends the token at the backend', async () => {
    const { cookieHeader } = await loginThroughPortal(portal);
    const res = await request(portal.app).post(`${API}/logout`).set(OUR_PAGE).set('Cookie', cookieHeader);
    expect(res.body).toMatchObject({ code: 200 });
    const cookies = parseSetCookies(res.headers['set-cookie']);
    expect(isCleared(cookies.get(TOKEN_COOKIE))).toBe(true);
    expect(isCleared(cookies.get(RANDOM_PASSWORD_COOKIE))).toBe(true);

    const after = await request(portal.app).get(`${API}/api/cmsData/testToken`).set(OUR_PAGE).set('Cookie', cookieHeader);
    expect(after.body.data.authenticated).toBe(false);
  });

  it('clears the cookies even when the backend is down', async () => {
    const app = createApp({
      config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: false },
      backendURL: `http://127.0.0.1:${await closedPort()}`,
      renderer: { render: () => Promise.reject(new Error('not rendered')), assets: { css: [], bootstrapModule: '/x.js' } },
      publicDir: 'client/public',
      log: () => undefined,
    });
    const res = await request(app).post(`${API}/logout`).set(OUR_PAGE).set('Cookie', `${TOKEN_COOKIE}=abc`);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ code: 502, msg: MESSAGES.upstreamDown });
    expect(isCleared(parseSetCookies(res.headers['set-cookie']).get(TOKEN_COOKIE))).toBe(true);
  });
});

describe('a logout that never reached the portal', () => {
  const mark = `${LOGOUT_MARK_COOKIE}=1`;

  it('ends on the next page load: the cookies go, the token dies at the backend, the page is a visitor’s', async () => {
    const { cookieHeader, token } = await loginThroughPortal(portal);
    // The SPA marked the logout; its POST /logout was lost. The browser reloads /user.
    const page = await request(portal.app).get('/user').set('Cookie', `${cookieHeader}; ${mark}`);
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe('/user_login?redirect=%2Fuser');
    const cookies = parseSetCookies(page.headers['set-cookie']);
    expect(isCleared(cookies.get(TOKEN_COOKIE))).toBe(true);
    expect(isCleared(cookies.get(RANDOM_PASSWORD_COOKIE))).toBe(true);
    expect(isCleared(cookies.get(LOGOUT_MARK_COOKIE))).toBe(true);
    await until(async () => {
      const check = await request(portal.app).get(`${API}/api/cmsData/testToken`).set(OUR_PAGE).set('Cookie', `${TOKEN_COOKIE}=${token}`);
      return check.body.data.authenticated === false;
    });
  });

  it('ends on the next API call too, which goes on without the bearer', async () => {
    const { cookieHeader } = await loginThroughPortal(portal);
    const res = await request(portal.app).get(`${API}/cms/favorite/list/`).set(OUR_PAGE).set('Cookie', `${cookieHeader}; ${mark}`);
    expect(res.body.code).toBe(401);
    expect(isCleared(parseSetCookies(res.headers['set-cookie']).get(TOKEN_COOKIE))).toBe(true);
  });

  it('is cleared by a logout that arrives, and by the next login', async () => {
    const { cookieHeader } = await loginThroughPortal(portal);
    const out = await request(portal.app).post(`${API}/logout`).set(OUR_PAGE).set('Cookie', `${cookieHeader}; ${mark}`);
    expect(out.body.code).toBe(200);
    expect(isCleared(parseSetCookies(out.headers['set-cookie']).get(LOGOUT_MARK_COOKIE))).toBe(true);
    const login = await request(portal.app)
      .post(`${API}/api/member/login`)
      .set(OUR_PAGE)
      .set('Cookie', mark)
      .send({ username: 'demo', password: portal.backend.encrypt('demo123'), loginType: 'password' });
    const cookies = parseSetCookies(login.headers['set-cookie']);
    expect(cookies.get(TOKEN_COOKIE)?.value).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(isCleared(cookies.get(LOGOUT_MARK_COOKIE))).toBe(true);
  });
});

describe('a body code 401', () => {
  it('clears the cookies on any call', async () => {
    const { cookieHeader } = await loginThroughPortal(portal);
    await request(portal.app).post(`${API}/logout`).set(OUR_PAGE).set('Cookie', cookieHeader);
    // The browser kept the cookie (say it was sent before logout finished); the backend refuses it.
    const res = await request(portal.app).get(`${API}/cms/favorite/list/`).set(OUR_PAGE).set('Cookie', cookieHeader);
    expect(res.body).toEqual({ code: 401, msg: MESSAGES.unauthorized });
    const cookies = parseSetCookies(res.headers['set-cookie']);
    expect(isCleared(cookies.get(TOKEN_COOKIE))).toBe(true);
    expect(isCleared(cookies.get(RANDOM_PASSWORD_COOKIE))).toBe(true);
  });

  it('touches no cookie for a call that did not carry our bearer, even when it is refused', async () => {
    const { cookieHeader } = await loginThroughPortal(portal);
    const res = await request(portal.app)
      .get(`${API}/cms/system/RefreshToken`)
      .set({ platform: 'cmsMember', Origin: 'https://evil.example' })
      .set('Cookie', cookieHeader);
    expect(res.body.code).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('leaves the cookies alone on answers that are not 401', async () => {
    const { cookieHeader } = await loginThroughPortal(portal);
    const res = await request(portal.app).get(`${API}/cms/favorite/list/`).set(OUR_PAGE).set('Cookie', cookieHeader);
    expect(res.body.code).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('RefreshToken', () => {
  it("extends the cookies to the token's new expiry", async () => {
    const { cookieHeader } = await loginThroughPortal(portal);
    portal.backend.clock.advance(25 * 60_000);
    const res = await request(portal.app).get(`${API}/cms/system/RefreshToken`).set(OUR_PAGE).set('Cookie', cookieHeader);
    expect(res.body).toMatchObject({ code: 200, expiresIn: 1800 });
    const cookies = parseSetCookies(res.headers['set-cookie']);
    expect(cookies.get(TOKEN_COOKIE)?.attributes).toMatchObject({ httponly: true, 'max-age': '1800' });
    expect(cookies.get(RANDOM_PASSWORD_COOKIE)?.attributes).toMatchObject({ httponly: true, 'max-age': '1800' });

    // 29 minutes after the refresh (54 after login) the token is still good.
    portal.backend.clock.advance(29 * 60_000);
    const info = await request(portal.app).get(`${API}/cms/member/getMemberInfo`).set(OUR_PAGE).set('Cookie', cookieHeader);
    expect(info.body.code).toBe(200);
  });
});

describe('pages and a token the backend no longer knows', () => {
  it('a live token on /user_login goes to /user (the guard)', async () => {
    const { cookieHeader } = await loginThroughPortal(portal);
    const res = await request(portal.app).get('/user_login').set('Cookie', cookieHeader);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/user');
  });

  it('a dead token on /user_login is dropped and the login page renders', async () => {
    const { cookieHeader } = await loginThroughPortal(portal);
    await request(portal.app).post(`${API}/logout`).set(OUR_PAGE).set('Cookie', cookieHeader);
    const res = await request(portal.app).get('/user_login?redirect=%2Fuser').set('Cookie', cookieHeader);
    expect(res.headers.location).toBe(RENDERED);
    expect(isCleared(parseSetCookies(res.headers['set-cookie']).get(TOKEN_COOKIE))).toBe(true);
  });
});
