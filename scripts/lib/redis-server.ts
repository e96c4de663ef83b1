/**
 * A real redis-server for the scale-out tests: on a free loopback port, nothing saved to
 * disk (`--save '' --appendonly no`), stopped by the test. `stop` and `start` again play an outage
 * on the same port, the way a Redis restart looks to the portal.
 *
 * With E2E_PORT_BASE set (parallel checkouts each own a port range), the port is taken from the
 * upper half of that range; otherwise the system picks one.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createConnection, createServer, type AddressInfo } from 'node:net';

export const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';

export function redisServerInstalled(): boolean {
  return spawnSync(REDIS_SERVER, ['--version'], { stdio: 'ignore' }).status === 0;
}

async function portFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A free loopback port: in E2E_PORT_BASE+50 … +99 when that is set, else any. */
export async function freeRedisPort(): Promise<number> {
  const base = Number(process.env.E2E_PORT_BASE);
  if (Number.isInteger(base) && base > 0) {
    // Start at a random place so two test files running at once rarely try the same port first.
    const offset = Math.floor(Math.random() * 50);
    for (let i = 0; i < 50; i++) {
      const port = base + 50 + ((offset + i) % 50);
      if (await portFree(port)) return port;
    }
  }
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.setTimeout(500, () => socket.destroy());
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}

export interface RedisServer {
  port: number;
  url: string;
  /** Starts it (again) on the same port; resolves once it answers PING. */
  start(): Promise<void>;
  /** Stops it; resolves once the process has exited. */
  stop(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing answers, as with a stuck server. */
  pause(): void;
  resume(): void;
  /** A redis-cli-free way to read what the portal wrote: the keys matching `pattern`. */
  keys(pattern: string): Promise<string[]>;
}

export async function startRedisServer(): Promise<RedisServer> {
  if (!redisServerInstalled())
    throw new Error(`${REDIS_SERVER} is not installed: apt-get install redis-server (.ci/run does), or set REDIS_SERVER`);
  const port = await freeRedisPort();
  let child: ChildProcess | null = null;
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child) return;
      const started = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      child = started;
      started.once('exit', () => {
        if (child === started) child = null;
      });
      const deadline = Date.now() + 10_000;
      while (!(await answersPing(port))) {
        if (child !== started) throw new Error(`redis-server exited at start on port ${port}`);
        if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      const running = child;
      if (!running) return;
      child = null;
      const exited = once(running, 'exit');
      running.kill('SIGKILL');
      await exited;
    },
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    async keys(pattern) {
      return new Promise((resolve, reject) => {
        const socket = createConnection({ port, host: '127.0.0.1' });
        let reply = '';
        socket.once('connect', () => socket.write(`KEYS ${pattern}\r\n`));
        socket.on('data', (data) => {
          reply += data.toString('utf8');
          const count = Number(/^\*(-?\d+)\r\n/.exec(reply)?.[1] ?? NaN);
          const keys = [...reply.matchAll(/\$\d+\r\n([^\r]*)\r\n/g)].map((m) => m[1] ?? '');
          if (count <= 0 || keys.length === count) {
            socket.destroy();
            resolve(keys);
          }
        });
        socket.once('error', reject);
      });
    },
  };
  await server.start();
  return server;
}
