/**
 * A browser that leaves in the middle of an export, through the portal: the proxy
 * drops its request to the backend at once, so the backend's export stops, is charged what it
 * wrote and gives the member's slot back. The proxy's silence timeout is set far away here, so
 * only the abort can end the backend's side.
 */
import { once } from 'node:events';
import http, { type Server } from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import cookieParser from 'cookie-parser';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '@shared/constants';
import { growTenders, openDownload, rowsInCutSheet, until } from '../../backend/test/partial-download';
import { Backends } from '../src/upstream/backends';
import { errorHandler } from '../src/http/errors';
import { apiProxy } from '../src/upstream/api-proxy';
import { API, OUR_PAGE, startPortal, type Portal } from './portal-fixture';

const ROWS = 40_000;
let portal: Portal;
let proxy: Server;
let base: string;
const logged: unknown[] = [];

beforeAll(async () => {
  portal = await startPortal({ exportRowsPerDay: 100_000 });
  growTenders(portal.backend.db, ROWS);
  const app = express().use(
    API,
    cookieParser(),
    apiProxy({ backends: new Backends(portal.backendURL), log: (...line) => logged.push(line), upstreamTimeoutMs: 10 * 60_000 }),
    // The app's one error handler answers what the proxy throws (app.ts mounts it last).
    errorHandler((...line) => logged.push(line)),
  );
  proxy = app.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${API}`;
}, 120_000);

afterAll(async () => {
  proxy.closeAllConnections();
  proxy.close();
  await portal.close();
});

it('ends the backend’s export when the browser goes away mid-download', async () => {
  const token = await portal.backend.login('vip', 'vip123');
  const { id } = portal.backend.db.prepare("SELECT id FROM member WHERE user_name = 'vip'").get() as { id: number };
  const charged = () =>
    (portal.backend.db.prepare('SELECT coalesce(sum(rows), 0) AS n FROM export_log WHERE member_id = ?').get(id) as { n: number }).n;
  const headers = { ...OUR_PAGE, Cookie: `${TOKEN_COOKIE}=${token}` };

  const download = await openDownload(`${base}/cms/export/zb`, headers, 128 * 1024);
  expect(download.headers['x-export-rows']).toBe(String(ROWS));
  download.leave();
  await until(() => charged() < ROWS);
  expect(charged()).toBeGreaterThanOrEqual(rowsInCutSheet(download.received()));

  // The member's one export slot is free again: the next export runs.
  const next = await request(`${base}`).head('/cms/export/xmk').set(headers);
  expect(next.headers['content-type']).toContain('spreadsheetml');
  // A browser leaving is not a proxy failure.
  expect(logged).toEqual([]);
});

it('drops its request to the backend when the browser leaves before any answer', async () => {
  // A backend that accepts the request and stays silent; the proxy's own timeout is 10 minutes away.
  const accepted: Socket[] = [];
  const silent = createServer((socket) => {
    accepted.push(socket);
    // Reading on is how a server sees the other end close.
    socket.resume();
    socket.on('error', () => undefined);
  }).listen(0, '127.0.0.1');
  await once(silent, 'listening');
  const lines: unknown[] = [];
  const app = express().use(
    API,
    cookieParser(),
    apiProxy({
      backends: new Backends(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`),
      log: (...line) => lines.push(line),
      upstreamTimeoutMs: 10 * 60_000,
    }),
    errorHandler((...line) => lines.push(line)),
  );
  const front = app.listen(0, '127.0.0.1');
  await once(front, 'listening');
  try {
    const browser = http.get(`http://127.0.0.1:${(front.address() as AddressInfo).port}${API}/cms/export/zb`, { headers: OUR_PAGE });
    browser.on('error', () => undefined);
    await until(() => accepted.length === 1);
    const upstream = accepted[0]!;
    browser.destroy();
    await once(upstream, 'close');
    expect(lines).toEqual([]);
  } finally {
    accepted.forEach((socket) => socket.destroy());
    front.closeAllConnections();
    front.close();
    silent.close();
  }
});
