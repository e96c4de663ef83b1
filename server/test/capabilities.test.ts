/**
 * server/src/upstream/capabilities.ts: what the portal believes the backend offers. A spec-only backend
 * (404, or an envelope that is not a list) offers nothing; one that cannot be reached keeps the
 * last list, an extensions' backend of its own (EXT_BACKEND_URL) offers nothing; the list is
 * refreshed after a while without any render waiting for it.
 */
import { once } from 'node:events';
import { Agent, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackendClient } from '../src/upstream/backend-client';
import type { BackendCalls } from '../src/upstream/backends';
import { BackendCapabilities } from '../src/upstream/capabilities';

let answer: { status: number; body: string } = { status: 200, body: '' };
let asked = 0;
let server: Server;
let url: string;
const agent = new Agent();

beforeAll(async () => {
  server = createServer((_req, res) => {
    asked++;
    res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body);
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  agent.destroy();
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

/** A backend whose address is read at each call: it goes away and comes back. */
const at = (address: () => string): BackendCalls => ({
  call: (c) => new BackendClient(address(), agent).call(c),
  getEnvelope: (...args) => new BackendClient(address(), agent).getEnvelope(...args),
});

const envelope = (data: unknown) => ({ status: 200, body: JSON.stringify({ code: 200, msg: '操作成功', data }) });

describe('BackendCapabilities', () => {
  it('reads the list once, then serves it without asking until it is due', async () => {
    answer = envelope(['lifecycle', 'goods', 'alerts']);
    asked = 0;
    let now = 0;
    const caps = new BackendCapabilities({ backend: new BackendClient(url, agent), refreshMs: 1000, now: () => now });
    expect(await caps.current()).toEqual(['alerts', 'goods', 'lifecycle']);
    expect(await caps.current()).toEqual(['alerts', 'goods', 'lifecycle']);
    expect(asked).toBe(1);
    answer = envelope(['goods']);
    now = 1001;
    // Due: refreshed in the background, the render gets the kept list at once.
    expect(await caps.current()).toEqual(['alerts', 'goods', 'lifecycle']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await caps.current()).toEqual(['goods']);
    expect(asked).toBe(2);
  });

  it.each([
    ['a 404 (the Java CMS)', { status: 404, body: '{"code":404,"msg":"not found"}' }],
    ['a non-200 envelope', { status: 200, body: '{"code":500,"msg":"error"}' }],
    ['something that is not JSON', { status: 200, body: '<html>' }],
    ['names that are not feature names', envelope(['<script>', 42, 'ok_name'])],
  ])('%s offers nothing (or only valid names)', async (_label, reply) => {
    answer = reply;
    const caps = new BackendCapabilities({ backend: new BackendClient(url, agent) });
    const names = await caps.current();
    expect(names.filter((n) => n !== 'ok_name')).toEqual([]);
  });

  it('offers nothing when the backend cannot be reached at first', async () => {
    const caps = new BackendCapabilities({ backend: new BackendClient('http://127.0.0.1:1', agent) });
    expect(await caps.current()).toEqual([]);
  });

  it('an extensions’ backend of its own that cannot be reached offers nothing at once, and its features come back with it', async () => {
    answer = envelope(['alerts', 'company']);
    let now = 0;
    let target = url;
    const changes: (readonly string[])[] = [];
    const caps = new BackendCapabilities({
      backend: at(() => target),
      unreachableMeansNone: true,
      retryMs: 500,
      onChange: (names) => changes.push(names),
      now: () => now,
    });
    expect(await caps.current()).toEqual(['alerts', 'company']);
    target = 'http://127.0.0.1:1';
    // A broken connection: asked again at once, without waiting for the refresh.
    caps.askSoon();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await caps.current()).toEqual([]);
    expect(changes).toEqual([[]]);
    target = url;
    now = 499;
    expect(await caps.current()).toEqual([]);
    now = 500;
    await caps.current();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await caps.current()).toEqual(['alerts', 'company']);
    expect(changes).toEqual([[], ['alerts', 'company']]);
  });

  it('a single backend that cannot be reached keeps the last list known', async () => {
    answer = envelope(['goods']);
    let target = url;
    const caps = new BackendCapabilities({ backend: at(() => target) });
    expect(await caps.current()).toEqual(['goods']);
    target = 'http://127.0.0.1:1';
    caps.askSoon();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await caps.current()).toEqual(['goods']);
  });
});
