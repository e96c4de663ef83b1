/**
 * `GET /metrics` of the server: Prometheus text for this machine (or METRICS_TOKEN), never through
 * the API proxy; requests per route group (contract endpoint, page route pattern), renders in
 * flight, queued and shed, render-cache results, and the calls to the backend with their latency.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExposition, sampleValue, type Exposition } from '@portal/metrics';
import { matchRoute } from '@shared/routes';
import { createApp } from '../src/app';
import { ServerMetrics } from '../src/http/metrics';
import type { RenderResult, Renderer } from '../src/render/renderer';
import { API, listenTestBackend, PRODUCT, type ListeningBackend } from './portal-fixture';

const TOKEN = 'server-metrics-token-0123';
let backend: ListeningBackend;

beforeAll(async () => {
  backend = await listenTestBackend({ projects: 20, tenders: 20, captchaEnabled: false });
});
afterAll(() => backend.close());

/** A page per path; `/slow/…` pages wait until `finish()`. */
function pages() {
  const waiting: (() => void)[] = [];
  const page = (path: string): RenderResult => ({
    type: 'html',
    status: 200,
    hadErrors: () => false,
    stream: {
      pipe: <W extends NodeJS.WritableStream>(destination: W) => {
        destination.end(`<!doctype html><main>${path}</main>`);
        return destination;
      },
      abort: () => undefined,
    },
  });
  const renderer: Renderer = {
    render: (opts) => {
      const path = new URL(opts.request.url).pathname;
      if (!matchRoute(path)) return Promise.resolve({ ...page(path), status: 404 });
      if (!path.startsWith('/xmk/')) return Promise.resolve(page(path));
      return new Promise((resolve) => waiting.push(() => resolve(page(path))));
    },
    assets: { css: [], bootstrapModule: '/dist/entry.js' },
  };
  return { renderer, finish: () => waiting.splice(0).forEach((done) => done()), waiting: () => waiting.length };
}

function portal() {
  const metrics = new ServerMetrics();
  const rendering = pages();
  const app = createApp({
    config: { PRODUCT, MOBILE_SITE_URL: undefined, TRUST_PROXY: false, METRICS_TOKEN: TOKEN },
    backendURL: backend.url,
    renderer: rendering.renderer,
    publicDir: 'client/public',
    log: () => undefined,
    renderCache: { maxBytes: 1024 * 1024, ttlMs: 30_000 },
    renderLimit: { maxInFlight: 1, maxQueued: 1, maxWaitMs: 30_000, memberReserve: 0, anonymousMinimum: 1 },
    metrics,
  });
  return { app, metrics, rendering };
}

const scrape = async (app: ReturnType<typeof createApp>): Promise<Exposition> => {
  const res = await request(app).get('/metrics');
  expect(res.status).toBe(200);
  return parseExposition(res.text);
};

describe('GET /metrics', () => {
  it('has the series an operator watches, in Prometheus text', async () => {
    const { app } = portal();
    const res = await request(app).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const series = parseExposition(res.text);
    expect(series.types.get('http_requests_total')).toBe('counter');
    expect(series.types.get('http_request_duration_seconds')).toBe('histogram');
    expect(series.types.get('portal_renders_in_flight')).toBe('gauge');
    expect(series.types.get('portal_renders_queued')).toBe('gauge');
    expect(series.types.get('portal_renders_shed_total')).toBe('counter');
    expect(series.types.get('portal_render_cache_total')).toBe('counter');
    expect(series.types.get('portal_backend_requests_total')).toBe('counter');
    expect(series.types.get('portal_backend_request_duration_seconds')).toBe('histogram');
  });

  it('groups requests by contract endpoint and page route pattern, never by raw URL, and times the backend calls', async () => {
    const { app } = portal();
    await request(app).get(`${API}/api/zb/search`).query({ keyword: '道路', pageNum: 1 });
    await request(app).get(`${API}/api/zb/search`).query({ keyword: '学校', pageNum: 2 });
    await request(app).get('/zb/12345');
    await request(app).get('/zb/678?utm_source=x');
    await request(app).get('/no/such/page/9');
    const series = await scrape(app);
    expect(sampleValue(series, 'http_requests_total', { route: 'api:zbSearch', method: 'GET', status: '200' })).toBe(2);
    expect(sampleValue(series, 'http_requests_total', { route: 'page:/zb/:id', method: 'GET', status: '200' })).toBe(2);
    const routes = new Set(series.samples.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route ?? ''));
    for (const route of routes) expect(route).not.toMatch(/\d|\?|utm/);
    // The proxy's two calls reached the backend under the endpoint's name.
    expect(sampleValue(series, 'portal_backend_requests_total', { route: 'zbSearch', status: '200' })).toBe(2);
    expect(sampleValue(series, 'portal_backend_request_duration_seconds_count', { route: 'zbSearch' })).toBe(2);
  });

  it('shows renders in flight and queued, counts the ones shed and the render cache’s hits and misses', async () => {
    const { app, rendering } = portal();
    const server: Server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const first = fetch(`${url}/xmk/1`);
      const second = fetch(`${url}/xmk/2`);
      for (let i = 0; i < 200 && rendering.waiting() < 1; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      const busy = await scrape(app);
      expect(sampleValue(busy, 'portal_renders_in_flight', { priority: 'anonymous' })).toBe(1);
      expect(sampleValue(busy, 'portal_renders_in_flight', { priority: 'member' })).toBe(0);
      expect(sampleValue(busy, 'portal_renders_queued', { priority: 'anonymous' })).toBe(1);
      // A newer anonymous request pushes the oldest waiter out of the full queue: 503 for it.
      const third = fetch(`${url}/xmk/3`);
      expect((await second).status).toBe(503);
      rendering.finish();
      await (await first).text();
      // The queued render gets the slot once the first page has gone out.
      for (let i = 0; i < 200 && rendering.waiting() < 1; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      rendering.finish();
      expect((await third).status).toBe(200);
      await (await third).text();
      await request(app).get('/zb/1');
      await request(app).get('/zb/1');
      const after = await scrape(app);
      // The first waiter was pushed out by the newer one: 503, no copy to give.
      expect(sampleValue(after, 'portal_renders_shed_total', { priority: 'anonymous', answer: 'unavailable' })).toBe(1);
      expect(sampleValue(after, 'portal_render_cache_total', { result: 'hit' })).toBe(1);
      expect(sampleValue(after, 'portal_render_cache_total', { result: 'miss' })).toBe(4);
      expect(sampleValue(after, 'portal_renders_in_flight', { priority: 'anonymous' })).toBe(0);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('is not reachable through the API proxy, nor by a request a proxy forwarded, unless it brings the token', async () => {
    const { app } = portal();
    const proxied = await request(app).get(`${API}/metrics`);
    expect(proxied.status).toBe(404);
    expect(proxied.text).not.toContain('http_requests_total');
    const backendsOwn = await request(app).get(`${API}/metrics`).set('Authorization', `Bearer ${TOKEN}`);
    expect(backendsOwn.text).not.toContain('nodejs_');

    const forwarded = await request(app).get('/metrics').set('X-Forwarded-For', '203.0.113.7');
    expect(forwarded.status).toBe(404);
    expect(forwarded.headers['content-type']).toMatch(/^text\/html/);
    expect(forwarded.text).not.toContain('http_requests_total');

    const withToken = await request(app).get('/metrics').set('X-Forwarded-For', '203.0.113.7').set('Authorization', `Bearer ${TOKEN}`);
    expect(withToken.status).toBe(200);
    expect(withToken.text).toContain('http_requests_total');
    const wrongToken = await request(app).get('/metrics').set('Authorization', 'Bearer not-the-token-at-all');
    expect(wrongToken.status).toBe(404);
  });
});
