/**
 * `/feeds/<token>.atom|.ics` on the portal streams the backend's private feed with the
 * right content type, needs no cookie and forwards none, and answers 404 for a malformed token
 * (without asking the backend), an unknown or reset one, and a backend without feeds.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import type { Renderer } from '../src/render/renderer';

const TOKEN = 'a'.repeat(20) + 'B_c-0123456789xyz';
const ATOM = '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>提醒</title></feed>';
const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

let backend: Server;
let seen: IncomingMessage[] = [];
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  backend = createServer((req, res) => {
    seen.push(req);
    if (req.url === `/api/ext/feeds/${TOKEN}.atom`) res.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end(ATOM);
    else if (req.url === `/api/ext/feeds/${TOKEN}.ics`) res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(ICS);
    else res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"code":404,"msg":"not found"}');
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

describe('/feeds/:file', () => {
  it('streams the Atom feed with its content type, sending no cookie to the backend', async () => {
    const res = await request(app).get(`/feeds/${TOKEN}.atom`).set('Cookie', 'member-token-nuxt=secret-session');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.text).toBe(ATOM);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.cookie).toBeUndefined();
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('tells the backend the origin the portal was reached at, for the feed’s links', async () => {
    await request(app).get(`/feeds/${TOKEN}.atom`).set('Host', 'www.portal.example');
    expect(seen[0]?.headers['x-forwarded-host']).toBe('www.portal.example');
    expect(seen[0]?.headers['x-forwarded-proto']).toBe('http');
    // Without TRUST_PROXY a client's own X-Forwarded-* is not believed.
    await request(app).get(`/feeds/${TOKEN}.atom`).set('Host', 'www.portal.example').set('X-Forwarded-Proto', 'https');
    expect(seen[1]?.headers['x-forwarded-proto']).toBe('http');
  });

  it('tells the backend the portal’s origin on proxied calls too, replacing a client’s own', async () => {
    await request(app)
      .get('/prod-api/api/zb/search?pageNum=1')
      .set('Host', 'www.portal.example')
      .set('X-Forwarded-Host', 'evil.example')
      .set('X-Forwarded-Proto', 'https');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers['x-forwarded-host']).toBe('www.portal.example');
    expect(String(seen[0]?.headers['x-forwarded-proto']).split(',')[0]).toBe('http');
  });

  it('streams the calendar as text/calendar', async () => {
    const res = await request(app).get(`/feeds/${TOKEN}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.text).toBe(ICS);
  });

  it('answers 404 for an unknown or reset token', async () => {
    const res = await request(app).get(`/feeds/${'z'.repeat(40)}.atom`);
    expect(res.status).toBe(404);
    expect(res.text).toBe('订阅链接不存在或已失效');
  });

  it.each([`${TOKEN}.xml`, 'short.atom', `${TOKEN}.atom.ics`, '..%2Fcms%2Falerts%2Flist.atom', `${'x'.repeat(200)}.ics`])(
    'answers 404 for %s without asking the backend',
    async (file) => {
      const res = await request(app).get(`/feeds/${file}`);
      expect(res.status).toBe(404);
      expect(seen).toHaveLength(0);
    },
  );
});
