/**
 * /healthz and a busy backend: slower than the probe's second is `degraded` (200, stay in the
 * balancer); silent for longer than BUSY_GRACE_MS is hung (503); refused is down at once.
 */
import { once } from 'node:events';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { afterEach, expect, it } from 'vitest';
import { BUSY_GRACE_MS, healthHandler } from '../src/http/health';
import { BackendClient } from '../src/upstream/backend-client';
import { closedPort } from './portal-fixture';

const open: Server[] = [];
afterEach(() => {
  for (const server of open.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A backend answering the probe's envelope after `delayMs` (never, for Infinity). */
async function backendAnsweringAfter(delayMs: number): Promise<string> {
  const server = http.createServer((_req, res) => {
    if (delayMs === Infinity) return;
    setTimeout(() => res.setHeader('Content-Type', 'application/json').end('{"code":200,"msg":"操作成功","data":"山东项目网"}'), delayMs);
  });
  open.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function healthApp(url: string, now?: () => number) {
  return express().get('/healthz', healthHandler(new BackendClient(url), { probeTimeoutMs: 200, ...(now ? { now } : {}) }));
}

it('keeps a busy backend in: 200 degraded with the reason', async () => {
  const res = await request(healthApp(await backendAnsweringAfter(400))).get('/healthz');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ status: 'degraded', backend: 'busy' });
  expect(res.body.reason).toContain('后端繁忙');
});

it('answers ok when the backend answers within the probe’s limit', async () => {
  const res = await request(healthApp(await backendAnsweringAfter(0))).get('/healthz');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ status: 'ok', backend: 'up' });
});

it('takes a backend silent for longer than the grace for hung: 503', async () => {
  let clock = 1_000_000;
  const app = healthApp(await backendAnsweringAfter(Infinity), () => clock);
  expect((await request(app).get('/healthz')).status).toBe(200);
  clock += BUSY_GRACE_MS - 1;
  expect((await request(app).get('/healthz')).status).toBe(200);
  clock += 2;
  const hung = await request(app).get('/healthz');
  expect(hung.status).toBe(503);
  expect(hung.body).toMatchObject({ status: 'unavailable', backend: 'down' });
});

it('takes a refused backend for down at once', async () => {
  const res = await request(healthApp(`http://127.0.0.1:${await closedPort()}`)).get('/healthz');
  expect(res.status).toBe(503);
});

it('says degraded, still 200, while an extensions’ backend of its own is down', async () => {
  const cms = await backendAnsweringAfter(0);
  const app = express().get(
    '/healthz',
    healthHandler(new BackendClient(cms), { ext: new BackendClient(`http://127.0.0.1:${await closedPort()}`), probeTimeoutMs: 200 }),
  );
  const res = await request(app).get('/healthz');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ status: 'degraded', backend: 'up', ext: 'down' });
  expect(res.body.reason).toContain('扩展后端不可用');
  // One that answers its capabilities call is up.
  const up = express().get('/healthz', healthHandler(new BackendClient(cms), { ext: new BackendClient(cms), probeTimeoutMs: 200 }));
  expect((await request(up).get('/healthz')).body).toMatchObject({ status: 'ok', ext: 'up' });
});
