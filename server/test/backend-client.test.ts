/**
 * One backend client for the server's own calls, and login, RefreshToken and
 * logout as BFF routes rather than answers the proxy rewrites.
 */
import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '@shared/constants';
import { createApp } from '../src/app';
import { BackendClient } from '../src/upstream/backend-client';
import { API, OUR_PAGE, parseSetCookies, startPortal, type Portal } from './portal-fixture';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(() => portal.close());

const notRendered = { render: () => Promise.reject(new Error('not rendered')), assets: { css: [], bootstrapModule: '/x.js' } };

describe('login under another spelling of its path', () => {
  it.each(['/API/member/login', '/api/member/login/', '/api/Member/Login'])(
    '%s is still the BFF login: the token goes into the cookie, never into the body (regression: it passed through the proxy)',
    async (path) => {
      const res = await request(portal.app)
        .post(`${API}${path}`)
        .set(OUR_PAGE)
        .send({ username: 'demo', password: portal.backend.encrypt('demo123'), loginType: 'password' });
      expect(res.body.code).toBe(200);
      expect(res.body).not.toHaveProperty('token');
      expect(JSON.stringify(res.body)).not.toContain(parseSetCookies(res.headers['set-cookie']).get(TOKEN_COOKIE)?.value ?? '--');
      expect(parseSetCookies(res.headers['set-cookie']).get(TOKEN_COOKIE)?.attributes.httponly).toBe(true);
    },
  );
});

describe('RefreshToken', () => {
  it('a HEAD has no envelope to read: it passes through like any other call instead of failing as a 502', async () => {
    const res = await request(portal.app).head(`${API}/cms/system/RefreshToken`).set(OUR_PAGE);
    expect(res.status).toBeLessThan(500);
  });
});

describe('a backend behind a path prefix (BACKEND_URL=https://api.example.com/cms)', () => {
  let front: Server;
  let prefixed: string;
  const seen: string[] = [];

  beforeAll(async () => {
    // A gateway that serves the backend under /cms, as a reverse proxy in front of a Java backend would.
    front = createServer((req, res) => {
      const url = req.url ?? '/';
      if (!url.startsWith('/cms/')) {
        res.writeHead(404).end();
        return;
      }
      seen.push(`${req.method} ${url.slice(4)} ${req.headers['x-request-id'] ?? '-'}`);
      const upstream = httpRequest(new URL(url.slice(4), portal.backendURL), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    }).listen(0, '127.0.0.1');
    await once(front, 'listening');
    prefixed = `http://127.0.0.1:${(front.address() as AddressInfo).port}/cms`;
  });

  afterAll(() => {
    front.closeAllConnections();
    front.close();
  });

  it('is probed at its prefix by /healthz, as the proxy reaches it (regression: the probe dropped the prefix, 503)', async () => {
    const app = createApp({
      config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: false },
      backendURL: prefixed,
      renderer: notRendered,
      publicDir: 'client/public',
      log: () => undefined,
    });
    const health = await request(app).get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body.backend).toBe('up');
    const api = await request(app).get(`${API}/api/zb/search?pageSize=1`).set(OUR_PAGE);
    expect(api.body.code).toBe(200);
  });

  it("passes the request id on with the server's own calls", async () => {
    const client = new BackendClient(prefixed);
    const answer = await client.getEnvelope('/api/system/config/configKey/sys.site.title', { requestId: 'req-42' });
    expect(answer?.body.code).toBe(200);
    expect(seen).toContain('GET /api/system/config/configKey/sys.site.title req-42');
    client.agent.destroy();
  });
});
