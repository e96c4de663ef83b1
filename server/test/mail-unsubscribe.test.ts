/**
 * `POST /mail/unsubscribe?token=…` on the portal: the one-click unsubscribe a mail program posts
 * (RFC 8058, `List-Unsubscribe=One-Click` form body). It asks the backend's public call with the
 * token and no cookie, answers 200 text on success, 404 for a token the backend refuses, and 400
 * for a malformed one without asking.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import type { Renderer } from '../src/render/renderer';

const TOKEN = 'u'.repeat(43);
let backend: Server;
let seen: { url: string | undefined; cookie: string | undefined; body: string }[] = [];
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  backend = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ url: req.url, cookie: req.headers.cookie, body });
      const ok = req.method === 'POST' && req.url === '/api/ext/mail/unsubscribe' && JSON.parse(body).token === TOKEN;
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(
          JSON.stringify(ok ? { code: 200, msg: '已退订提醒邮件，可随时在会员中心重新开启', data: null } : { code: 500, msg: '链接无效' }),
        );
    });
  }).listen(0, '127.0.0.1');
  await once(backend, 'listening');
  const renderer: Renderer = {
    render: () => Promise.resolve({ type: 'redirect', status: 302, location: '/__rendered__' }),
    assets: { css: [], bootstrapModule: '/dist/entry.js' },
  };
  app = createApp({
    config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: false },
    backendURL: `http://127.0.0.1:${(backend.address() as AddressInfo).port}`,
    renderer,
    publicDir: 'client/public',
    log: () => undefined,
  });
});

beforeEach(() => {
  seen = [];
});

afterAll(async () => {
  backend.closeAllConnections();
  backend.close();
  await once(backend, 'close');
});

const oneClick = (token: string) =>
  request(app)
    .post(`/mail/unsubscribe?token=${token}`)
    .set('Cookie', 'member-token-nuxt=secret')
    .type('form')
    .send('List-Unsubscribe=One-Click');

describe('POST /mail/unsubscribe', () => {
  it('unsubscribes in one click through the backend, with the token and no cookie', async () => {
    const res = await oneClick(TOKEN);
    expect(res.status).toBe(200);
    expect(res.text).toBe('已退订提醒邮件，可随时在会员中心重新开启');
    expect(seen).toEqual([{ url: '/api/ext/mail/unsubscribe', cookie: undefined, body: JSON.stringify({ token: TOKEN }) }]);
  });

  it('answers 404 for a token the backend refuses and 400 for a malformed one, without asking', async () => {
    expect((await oneClick('v'.repeat(43))).status).toBe(404);
    expect((await oneClick('short')).status).toBe(400);
    expect(seen).toHaveLength(1);
  });
});
