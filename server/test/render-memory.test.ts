/**
 * A finished render keeps nothing alive. A React Query client with the browser's five-minute
 * gcTime leaves one timer per query behind each render, and each timer holds that render's data,
 * routes and client: about 170 KB per page, gigabytes of RSS under `npm run bench`.
 */
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from './harness';

let portal: TestPortal;
let zbId: number;

beforeAll(async () => {
  portal = await createTestPortal();
  zbId = (await request(portal.backend.app).get('/api/zb/search?pageSize=1')).body.rows[0].id as number;
});

afterAll(async () => {
  await portal?.close();
});

const activeTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

it('leaves no timer behind once a page has been answered', async () => {
  // The first render loads modules and the public data cache's own timers.
  await request(portal.app).get(`/zb/${zbId}`).expect(200);
  await request(portal.app).get('/zb?keyword=道路').expect(200);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const before = activeTimers();
  for (let i = 0; i < 10; i++) {
    await request(portal.app).get(`/zb/${zbId}?t=${i}`).expect(200);
    await request(portal.app).get(`/zb?keyword=道路&t=${i}`).expect(200);
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  // 20 renders of several queries each: a timer per query would add well over 20.
  expect(activeTimers() - before).toBeLessThan(5);
});
