/**
 * The request id: every portal answer names one in X-Request-Id, the access
 * log writes it, and the backend writes the same id beside an error it logs, so one failure can be
 * followed from the portal's log into the backend's.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { API, OUR_PAGE, startPortal, type Portal } from './portal-fixture';

describe('the request id', () => {
  let portal: Portal;
  const backendErrors: string[] = [];
  const accessLog: Record<string, unknown>[] = [];
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    portal = await startPortal({ log: { info: () => undefined, error: (message) => backendErrors.push(message) } });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        accessLog.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    });
    app = createApp({
      config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: false },
      backendURL: portal.backendURL,
      renderer: { render: () => Promise.reject(new Error('not rendered')), assets: { css: [], bootstrapModule: '/x.js' } },
      publicDir: 'client/public',
      log: () => undefined,
      logger: pino(sink),
    });
  });
  afterAll(() => portal.close());

  it('is given to every answer and written in the access log, without the cookie', async () => {
    const res = await request(app).get(`${API}/api/zb/search`).set(OUR_PAGE).set('Cookie', 'Admin-Token=secret-token');
    expect(res.status).toBe(200);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = accessLog.find((entry) => (entry['req'] as { id?: unknown } | undefined)?.id === id);
    expect(line).toMatchObject({ req: { method: 'GET', url: `${API}/api/zb/search` }, res: { statusCode: 200 } });
    expect(JSON.stringify(line)).not.toContain('secret-token');
  });

  it('keeps a plain id a proxy in front supplied, and replaces one that could forge log lines', async () => {
    const kept = await request(app).get(`${API}/api/zb/search`).set(OUR_PAGE).set('X-Request-Id', 'lb-4f2a.9');
    expect(kept.headers['x-request-id']).toBe('lb-4f2a.9');
    const replaced = await request(app).get(`${API}/api/zb/search`).set(OUR_PAGE).set('X-Request-Id', 'x" ERROR {"level":50}');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reaches the backend through the proxy and is in the backend log beside its error', async () => {
    // A database that went away: every backend call fails with an unhandled error, which it logs.
    portal.backend.db.close();
    const res = await request(app).get(`${API}/api/zb/search`).set(OUR_PAGE);
    expect(res.body.code).toBe(500);
    const id = String(res.headers['x-request-id']);
    expect(backendErrors.some((line) => line.includes('/api/zb/search') && line.includes(`(request ${id})`))).toBe(true);
  });
});
