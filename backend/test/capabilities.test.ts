/**
 * `GET /api/ext/capabilities` and BACKEND_EXTENSIONS=off: with the extensions on, the
 * backend names what it serves beyond spec §7; off, it serves spec §7 alone — every ext endpoint and
 * the capabilities call answer 404 as the Java CMS does, and every spec call still works.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, type Endpoint } from '@shared/contract/endpoint';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { createTestBackend, type TestBackend } from './fixture';

const sampleParams = { id: 1, cid: 1, x: 1, key: 'sys.site.title', type: 'cms_industry', col: 'about', kind: 'zb' };

describe('extensions on (default)', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await createTestBackend({ projects: 20, tenders: 30 });
  });
  afterAll(() => t.close());

  it('names the features of the ext endpoints, without a bearer', async () => {
    const res = await request(t.app).get(ENDPOINTS.capabilities.path);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual(expect.arrayContaining(['goods', 'profile', 'visitRecords', 'lifecycle']));
    // No SMTP server in the test configuration: mail is not offered.
    expect(res.body.data).not.toContain('mail');
  });
});

describe('BACKEND_EXTENSIONS=off', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await createTestBackend({ projects: 20, tenders: 30, extensions: false });
  });
  afterAll(() => t.close());

  const extEndpoints = Object.entries(ENDPOINTS as Record<string, Endpoint>).filter(([, e]) => e.ext);

  it.each(extEndpoints)('%s answers 404 with the not-found envelope', async (_name, endpoint) => {
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    const res = await request(t.app)[method](apiPath(endpoint.path, sampleParams)).set(t.admin());
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
  });

  it('still serves the spec calls', async () => {
    const token = await t.login('demo', 'demo123');
    const info = await request(t.app).get(ENDPOINTS.memberInfo.path).set(t.bearer(token));
    expect(info.body.code).toBe(200);
    const search = await request(t.app).get(ENDPOINTS.zbSearch.path).query({ pageNum: 1, pageSize: 5 });
    expect(search.body.code).toBe(200);
  });
});
