/**
 * BackendLiveness on real connections: which ends of a connection say the backend is gone, and
 * which answer says it is back. The render cache trusts it to never hide an outage
 * (render-cache-pages.test.ts has the pages' side).
 */
import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BackendLiveness } from '../src/upstream/liveness';

interface Backend {
  server: Server;
  port: number;
  /** The server's side of every connection it accepted. */
  sockets: Set<Socket>;
}

const backends: Backend[] = [];
const agents: Agent[] = [];

async function startBackend(handler: (req: IncomingMessage, res: ServerResponse) => void, port = 0): Promise<Backend> {
  const server = createServer(handler);
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => sockets.add(socket));
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const backend = { server, port: (server.address() as AddressInfo).port, sockets };
  backends.push(backend);
  return backend;
}

const ok = (_req: IncomingMessage, res: ServerResponse) => res.end('ok');

function watched(): { agent: Agent; liveness: BackendLiveness; downs: () => number } {
  const agent = new Agent({ keepAlive: true });
  agents.push(agent);
  const liveness = new BackendLiveness();
  let downs = 0;
  liveness.onDown(() => downs++);
  liveness.watch(agent);
  return { agent, liveness, downs: () => downs };
}

/** One GET through `agent`: its status, or the error's code. */
function get(agent: Agent, port: number, opts: { timeoutMs?: number; abortAfterMs?: number } = {}): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve('response error'));
    });
    if (opts.timeoutMs !== undefined) req.setTimeout(opts.timeoutMs, () => req.destroy(new Error('timeout')));
    if (opts.abortAfterMs !== undefined) setTimeout(() => req.destroy(), opts.abortAfterMs);
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

async function stop(backend: Backend, how: 'close' | 'reset'): Promise<void> {
  backend.server.close();
  for (const socket of backend.sockets) {
    if (how === 'reset') socket.resetAndDestroy();
    else socket.destroy();
  }
  await settle();
}

afterEach(async () => {
  for (const agent of agents.splice(0)) agent.destroy();
  for (const backend of backends.splice(0)) {
    backend.server.close();
    backend.server.closeAllConnections();
  }
});

describe('the backend is down', () => {
  it('when it closes a kept-alive connection', async () => {
    const backend = await startBackend(ok);
    const { agent, liveness } = watched();
    expect(await get(agent, backend.port)).toBe(200);
    await stop(backend, 'close');
    expect(liveness.isUp()).toBe(false);
  });

  it('when it resets a connection whose request it had not read yet (a killed process on a busy machine)', async () => {
    // The request waits unread, as it does in a backend starved of CPU when it is killed.
    const backend = await startBackend(() => undefined);
    backend.server.on('connection', (socket) => socket.pause());
    const { agent, liveness } = watched();
    const answer = get(agent, backend.port);
    await settle();
    await stop(backend, 'reset');
    expect(await answer).toBe('ECONNRESET');
    expect(liveness.isUp()).toBe(false);
  });

  it('when a new connection is refused, whoever asked for it', async () => {
    const backend = await startBackend(ok);
    const { port } = backend;
    await stop(backend, 'close');
    const { agent, liveness } = watched();
    expect(await get(agent, port)).toBe('ECONNREFUSED');
    expect(liveness.isUp()).toBe(false);
  });
});

describe('the backend is not down', () => {
  it('when a call gives up waiting, or the browser behind it leaves', async () => {
    const backend = await startBackend((_req, res) => setTimeout(() => res.end('late'), 500));
    const { agent, liveness, downs } = watched();
    expect(await get(agent, backend.port, { timeoutMs: 50 })).toBe('timeout');
    expect(await get(agent, backend.port, { abortAfterMs: 50 })).toBe('ECONNRESET');
    await settle();
    expect(liveness.isUp()).toBe(true);
    expect(downs()).toBe(0);
  });

  it('when the agent drops a connection it kept idle too long', async () => {
    const backend = await startBackend(ok);
    const agent = new Agent({ keepAlive: true, timeout: 30 });
    agents.push(agent);
    const liveness = new BackendLiveness();
    liveness.watch(agent);
    expect(await get(agent, backend.port)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(agent.freeSockets).toEqual({});
    expect(liveness.isUp()).toBe(true);
  });
});

describe('the backend is back', () => {
  it('once a request sent after it went down is answered, on a new connection or a kept one', async () => {
    const backend = await startBackend(ok);
    const { agent, liveness } = watched();
    expect(await get(agent, backend.port)).toBe(200);
    liveness.markDown();
    // The kept connection carries the next request: answered, so the backend answers.
    expect(await get(agent, backend.port)).toBe(200);
    expect(liveness.isUp()).toBe(true);

    const { port } = backend;
    await stop(backend, 'close');
    expect(liveness.isUp()).toBe(false);
    await startBackend(ok, port);
    expect(await get(agent, port)).toBe(200);
    expect(liveness.isUp()).toBe(true);
  });

  it('when every connection is busy and requests queue in the agent: a queued request answered after the outage counts', async () => {
    // One connection at most, as under load when every socket the agent may open is in use: the
    // agent hands a freed connection straight to the next queued request.
    const answers: ServerResponse[] = [];
    const backend = await startBackend((_req, res) => answers.push(res));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    const liveness = new BackendLiveness();
    liveness.watch(agent);
    const first = get(agent, backend.port);
    await settle();
    liveness.markDown();
    // Queued behind the first; written to the backend only once the first is answered, after the outage.
    const queued = [get(agent, backend.port), get(agent, backend.port)];
    answers.shift()?.end('sent before the outage');
    expect(await first).toBe(200);
    await settle();
    expect(liveness.isUp()).toBe(false);
    answers.shift()?.end('sent after');
    expect(await queued[0]).toBe(200);
    await settle();
    expect(liveness.isUp()).toBe(true);
    answers.shift()?.end();
    expect(await queued[1]).toBe(200);
  });

  it('not when the answer finishing is one to a request sent before', async () => {
    let answer: ServerResponse | undefined;
    const backend = await startBackend((_req, res) => (answer = res));
    const { agent, liveness } = watched();
    const pending = get(agent, backend.port);
    await settle();
    liveness.markDown();
    answer?.end('sent before the outage');
    expect(await pending).toBe(200);
    await settle();
    expect(liveness.isUp()).toBe(false);
  });
});
