/**
 * A browser that leaves while its call is still with a slow backend: a write the member started
 * (a 收藏 clicked just before a reload) still reaches the backend and completes; a read is dropped
 * (export-abort.test.ts holds the reads and downloads).
 */
import { once } from 'node:events';
import http, { type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import cookieParser from 'cookie-parser';
import express from 'express';
import { afterEach, expect, it } from 'vitest';
import { until } from '../../backend/test/partial-download';
import { Backends } from '../src/upstream/backends';
import { errorHandler } from '../src/http/errors';
import { abortsOnLeave, apiProxy } from '../src/upstream/api-proxy';
import { API, OUR_PAGE } from './portal-fixture';

const open: Server[] = [];
afterEach(() => {
  for (const server of open.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function listen(server: Server): Promise<string> {
  open.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A backend that lets each request wait `delayMs` before reading it, then records its body as done. */
async function slowBackend(delayMs: number): Promise<{ url: string; seen: () => number; landed: string[] }> {
  const landed: string[] = [];
  let seen = 0;
  const server = http.createServer((req: IncomingMessage, res) => {
    seen += 1;
    req.pause();
    setTimeout(() => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        landed.push(`${req.method} ${req.url} ${body}`);
        res.setHeader('Content-Type', 'application/json');
        res.end('{"code":200,"msg":"操作成功"}');
      });
      req.resume();
    }, delayMs);
  });
  const url = await listen(server);
  return { url, seen: () => seen, landed };
}

async function proxyTo(backendURL: string, lines: unknown[]): Promise<string> {
  const app = express().use(
    API,
    cookieParser(),
    apiProxy({ backends: new Backends(backendURL), log: (...line) => lines.push(line), upstreamTimeoutMs: 60_000 }),
    errorHandler((...line) => lines.push(line)),
  );
  return listen(http.createServer(app));
}

/** Sends a request through the proxy and goes away as soon as the backend has it. */
async function sendAndLeave(url: string, method: string, body: string, seen: () => number): Promise<void> {
  const before = seen();
  const browser = http.request(url, {
    method,
    headers: { ...OUR_PAGE, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
  });
  browser.on('error', () => undefined);
  browser.end(body);
  await until(() => seen() > before);
  browser.destroy();
}

it('completes a write whose browser left while the backend was still at it', async () => {
  const backend = await slowBackend(300);
  const lines: unknown[] = [];
  const front = await proxyTo(backend.url, lines);
  const body = JSON.stringify({ id: 7, type: 2, status: '0' });
  await sendAndLeave(`${front}${API}/cms/favorite/changeStatus`, 'PUT', body, backend.seen);
  await until(() => backend.landed.length === 1);
  expect(backend.landed).toEqual([`PUT /cms/favorite/changeStatus ${body}`]);
  // A browser leaving is not a proxy failure.
  expect(lines).toEqual([]);
});

it('drops a read whose browser left before the backend answered', async () => {
  const backend = await slowBackend(300);
  const lines: unknown[] = [];
  const front = await proxyTo(backend.url, lines);
  await sendAndLeave(`${front}${API}/api/zb/search?keyword=道路`, 'GET', '', backend.seen);
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(backend.landed).toEqual([]);
});

it('tells reads and downloads from writes by their method', () => {
  const req = (method: string) => ({ method }) as Parameters<typeof abortsOnLeave>[0];
  expect(['GET', 'HEAD'].map((m) => abortsOnLeave(req(m)))).toEqual([true, true]);
  expect(['POST', 'PUT', 'DELETE', 'PATCH'].map((m) => abortsOnLeave(req(m)))).toEqual([false, false, false, false]);
});
