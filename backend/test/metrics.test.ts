/**
 * `GET /metrics` of the backend: Prometheus text an operator's scraper reads, answered on this
 * machine or with METRICS_TOKEN, never to a call the portal forwarded; requests per contract
 * endpoint (never per raw URL), import rows, alert fan-out and the process series.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectProcessMetrics, parseExposition, sampleValue } from '@portal/metrics';
import { CLIENT_HEADER } from '@shared/constants';
import { registry } from '../src/metrics';
import { createTestBackend, type TestBackend } from './fixture';

const TOKEN = 'metrics-token-0123456789';
let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend({ projects: 20, tenders: 20, captchaEnabled: false, metricsToken: TOKEN });
  // As the program's entry does (index.ts).
  collectProcessMetrics(registry);
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await request(t.app).get('/metrics');
  expect(res.status).toBe(200);
  return parseExposition(res.text);
};

describe('GET /metrics', () => {
  it('answers Prometheus text to this machine, with the process series and the event-loop delay', async () => {
    const res = await request(t.app).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const series = parseExposition(res.text);
    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_eventloop_lag_max_seconds',
      'process_cpu_seconds_total',
      'backend_password_tasks_queued',
      'backend_password_tasks_refused',
      'backend_import_rows_total',
    ]) {
      expect(series.types.has(name), name).toBe(true);
    }
    expect(series.types.get('http_request_duration_seconds')).toBe('histogram');
  });

  it('counts requests per contract endpoint, never per raw URL', async () => {
    const before = await scrape();
    const at = (s: typeof before) => sampleValue(s, 'http_requests_total', { route: 'zbSearch', method: 'GET', status: '200' }) ?? 0;
    await request(t.app).get('/api/zb/search').query({ keyword: '道路', pageNum: 1 });
    await request(t.app).get('/api/zb/search').query({ keyword: '学校', pageNum: 2 });
    await request(t.app).get('/no/such/path/12345');
    const after = await scrape();
    expect(at(after) - at(before)).toBe(2);
    const routes = new Set(after.samples.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route));
    expect(routes).toContain('other');
    for (const route of routes) expect(route).toMatch(/^[A-Za-z]+$/);
    expect(after.samples.some((s) => s.name === 'http_request_duration_seconds_bucket' && s.labels.route === 'zbSearch')).toBe(true);
  });

  it('counts imported rows and the alerts they fan out to', async () => {
    const before = await scrape();
    const record = {
      kind: 'zb',
      sourceId: 'metrics-0001',
      title: '济南市历下区道路改造工程施工招标公告',
      noticeType: '招标公告',
      areaCode: '370102',
      industry: '市政',
      publishTime: '2024-06-11 09:00:00',
      tenderer: '济南市历下区城市管理局',
      contact: { company: '济南市历下区城市管理局', name: '王五', phone: '13812340000', address: '济南市历下区' },
      content: '<p>道路改造。</p>',
    };
    const res = await request(t.app)
      .post('/admin/content/import')
      .set(t.admin())
      .type('application/x-ndjson')
      .send(`${JSON.stringify(record)}\n${JSON.stringify({ ...record, sourceId: 'metrics-0002' })}\n`);
    expect(res.body.code).toBe(200);
    const after = await scrape();
    expect((sampleValue(after, 'backend_import_rows_total') ?? 0) - (sampleValue(before, 'backend_import_rows_total') ?? 0)).toBe(2);
    expect(after.types.get('backend_alerts_delivered_total')).toBe('counter');
  });

  it('refuses a call the portal forwarded, even from this machine: the ordinary 404', async () => {
    const forwarded = await request(t.app).get('/metrics').set('X-Forwarded-For', '203.0.113.7');
    expect(forwarded.status).toBe(404);
    expect(forwarded.body).toEqual({ code: 404, msg: expect.any(String) });
    expect(forwarded.text).not.toContain('nodejs_');
    const proxied = await request(t.app).get('/metrics').set(CLIENT_HEADER, '203.0.113.7');
    expect(proxied.status).toBe(404);
  });

  it('answers a forwarded call that presents METRICS_TOKEN, and not a wrong one', async () => {
    const right = await request(t.app).get('/metrics').set('X-Forwarded-For', '203.0.113.7').set('Authorization', `Bearer ${TOKEN}`);
    expect(right.status).toBe(200);
    expect(right.text).toContain('http_requests_total');
    const wrong = await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`);
    expect(wrong.status).toBe(404);
  });
});
