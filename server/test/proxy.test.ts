/**
 * The API proxy: who gets the member's bearer, what passes through untouched, and how
 * a backend that is down or silent is answered.
 */
import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import cookieParser from 'cookie-parser';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PLATFORM_HEADER, PLATFORM_VALUE, TOKEN_COOKIE } from '@shared/constants';
import { createApp } from '../src/app';
import { Backends } from '../src/upstream/backends';
import { errorHandler } from '../src/http/errors';
import { apiProxy } from '../src/upstream/api-proxy';
import { API, OUR_PAGE, closedPort, loginThroughPortal, startPortal, type Portal } from './portal-fixture';

let portal: Portal;
let token: string;

beforeAll(async () => {
  portal = await startPortal();
  ({ token } = await loginThroughPortal(portal));
});

afterAll(() => portal.close());

/** `testToken` reports whether the backend saw a valid bearer. */
async function authenticatedAs(headers: Record<string, string>): Promise<boolean> {
  const res = await request(portal.app).get(`${API}/api/cmsData/testToken`).set(headers);
  expect(res.body.code).toBe(200);
  return res.body.data.authenticated as boolean;
}

const cookie = () => ({ Cookie: `${TOKEN_COOKIE}=${token}` });

describe('the bearer (spec §6)', () => {
  it('is added from the cookie for a same-origin call with the platform header', async () => {
    expect(token).not.toBe('');
    expect(await authenticatedAs({ ...cookie(), ...OUR_PAGE })).toBe(true);
  });

  it('is added when the Origin is ours and the browser sends no Sec-Fetch-Site', async () => {
    const res = await request(portal.app)
      .get(`${API}/api/cmsData/testToken`)
      .set({ ...cookie(), [PLATFORM_HEADER]: PLATFORM_VALUE })
      .set('Host', 'portal.example')
      .set('Origin', 'http://portal.example');
    expect(res.body.data.authenticated).toBe(true);
  });

  it('is not added without the platform header', async () => {
    expect(await authenticatedAs({ ...cookie(), 'Sec-Fetch-Site': 'same-origin' })).toBe(false);
  });

  it('is not added for another site, whatever headers it manages to send', async () => {
    expect(await authenticatedAs({ ...cookie(), [PLATFORM_HEADER]: PLATFORM_VALUE, Origin: 'https://evil.example' })).toBe(false);
    expect(await authenticatedAs({ ...cookie(), [PLATFORM_HEADER]: PLATFORM_VALUE, 'Sec-Fetch-Site': 'cross-site' })).toBe(false);
    expect(await authenticatedAs({ ...cookie(), [PLATFORM_HEADER]: PLATFORM_VALUE, 'Sec-Fetch-Site': 'same-site' })).toBe(false);
  });

  it('is not added when the call opts out (isToken: false travels as the istoken header)', async () => {
    expect(await authenticatedAs({ ...cookie(), ...OUR_PAGE, istoken: 'false' })).toBe(false);
  });

  it('never comes from the browser: its own Authorization header is dropped', async () => {
    expect(await authenticatedAs({ ...OUR_PAGE, Authorization: `Bearer ${token}` })).toBe(false);
  });
});

describe('pass-through', () => {
  it('streams answers unchanged, status and headers included', async () => {
    const path = '/api/zb/search?pageSize=50&keyword=%E9%81%93%E8%B7%AF';
    const direct = await request(portal.backendURL).get(path);
    const proxied = await request(portal.app).get(`${API}${path}`).set(OUR_PAGE);
    expect(proxied.status).toBe(200);
    expect(proxied.text).toBe(direct.text);
    expect(proxied.headers['content-type']).toBe(direct.headers['content-type']);
    expect(proxied.headers['cache-control']).toBe(direct.headers['cache-control']);
  });

  it('forwards request bodies (the proxy runs before any body parser)', async () => {
    const res = await request(portal.app).post(`${API}/api/member/checkUserNameUnique`).set(OUR_PAGE).send({ username: 'demo' });
    expect(res.body).toMatchObject({ code: 200, data: false });
  });

  it("passes the backend's HTTP errors through as they are", async () => {
    const res = await request(portal.app).get(`${API}/api/does/not/exist`).set(OUR_PAGE);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, msg: MESSAGES.notFound });
  });
});

describe('a backend that is down or silent', () => {
  it('down: 502 JSON with a Chinese message, within a second', async () => {
    const app = createApp({
      config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: false },
      backendURL: `http://127.0.0.1:${await closedPort()}`,
      renderer: { render: () => Promise.reject(new Error('not rendered')), assets: { css: [], bootstrapModule: '/x.js' } },
      publicDir: 'client/public',
      log: () => undefined,
    });
    const started = Date.now();
    const res = await request(app).get(`${API}/api/zb/search`).set(OUR_PAGE);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ code: 502, msg: MESSAGES.upstreamDown });
  });

  it('silent: 504 JSON once the upstream timeout passes', async () => {
    // A listener that accepts connections and never answers.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket)).listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const app = express().use(
      '/prod-api',
      cookieParser(),
      apiProxy({
        backends: new Backends(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`),
        log: () => undefined,
        upstreamTimeoutMs: 300,
      }),
      // The app's one error handler answers what the proxy throws (app.ts mounts it last).
      errorHandler(() => undefined),
    );
    try {
      const started = Date.now();
      const res = await request(app).get(`${API}/api/zb/search`).set(OUR_PAGE);
      expect(res.status).toBe(504);
      expect(res.body).toEqual({ code: 504, msg: MESSAGES.timeout });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      sockets.forEach((s) => s.destroy());
      silent.close();
    }
  });
});
