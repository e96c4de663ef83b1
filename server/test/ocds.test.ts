/**
 * `/ocds/releases.json` and `/ocds/records/<ocid>.json` on the portal: streamed from the backend's
 * `/api/ext/ocds/…` with the query as sent, public (no cookie forwarded), cacheable; the backend's
 * 400 passes; a backend whose capabilities lack `ocds` is never asked and both paths are 404.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { createApp } from '../src/app';
import type { Renderer } from '../src/render/renderer';

let features: string[] = ['ocds'];
let seen: IncomingMessage[] = [];
let backend: Server;
let app: ReturnType<typeof createApp>;

function portal() {
  const renderer: Renderer = {
    render: () => Promise.resolve({ type: 'redirect', status: 302, location: '/__rendered__' }),
    assets: { css: [], bootstrapModule: '/dist/entry.js' },
  };
  return createApp({
    config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: false },
    backendURL: `http://127.0.0.1:${(backend.address() as AddressInfo).port}`,
    renderer,
    publicDir: 'client/public',
    log: () => undefined,
  });
}

beforeAll(async () => {
  backend = createServer((req, res) => {
    if (req.url === ENDPOINTS.capabilities.path) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code: 200, msg: '操作成功', data: features }));
      return;
    }
    seen.push(req);
    if (req.url?.startsWith('/api/ext/ocds/releases.json')) {
      if (req.url.includes('pageSize=0')) {
        res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"code":400,"msg":"pageSize 必须是 1 到 1000 的整数"}');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' });
      // Written in pieces, as the backend writes a page.
      res.write('{"releases":[');
      setTimeout(() => res.end(`{"id":"a#1"}],"links":{},"query":${JSON.stringify(req.url)}}`), 20);
    } else if (req.url === '/api/ext/ocds/records/ocds-xxxxxx-LCDC-2026-0133.json') {
      res
        .writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' })
        .end('{"records":[]}');
    } else res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"code":404,"msg":"not found"}');
  }).listen(0, '127.0.0.1');
  await once(backend, 'listening');
});

beforeEach(() => {
  seen = [];
  features = ['ocds'];
  app = portal();
});

afterAll(async () => {
  backend.closeAllConnections();
  backend.close();
  await once(backend, 'close');
});

describe('/ocds', () => {
  it('streams a page with its query, public and cacheable, sending no cookie', async () => {
    const res = await request(app).get('/ocds/releases.json?since=2026-11-01&pageSize=5').set('Cookie', 'member-token-nuxt=secret-session');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(JSON.parse(res.text)).toEqual({
      releases: [{ id: 'a#1' }],
      links: {},
      query: '/api/ext/ocds/releases.json?since=2026-11-01&pageSize=5',
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.cookie).toBeUndefined();
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('serves a record, passes a 400, and answers 404 for an unknown or malformed ocid', async () => {
    const record = await request(app).get('/ocds/records/ocds-xxxxxx-LCDC-2026-0133.json');
    expect(record.status).toBe(200);
    expect(record.text).toBe('{"records":[]}');
    const bad = await request(app).get('/ocds/releases.json?pageSize=0');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('pageSize 必须是 1 到 1000 的整数');
    expect((await request(app).get('/ocds/records/ocds-xxxxxx-NONE.json')).status).toBe(404);
    seen = [];
    expect((await request(app).get('/ocds/records/ocds-xxxxxx-NONE.xml')).status).toBe(404);
    expect(seen).toHaveLength(0);
  });

  it('is 404 without asking when the backend has no feed', async () => {
    features = ['company'];
    app = portal();
    expect((await request(app).get('/ocds/releases.json')).status).toBe(404);
    expect((await request(app).get('/ocds/records/ocds-xxxxxx-LCDC-2026-0133.json')).status).toBe(404);
    expect(seen).toHaveLength(0);
  });
});
