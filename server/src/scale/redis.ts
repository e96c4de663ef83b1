/**
 * The one connection to Redis when `REDIS_URL` is set: N server instances share
 * their rate-limit counters and the render cache through it. Without `REDIS_URL` nothing here runs.
 *
 * Redis is a help, never a dependency: a command is sent only while the connection is up and
 * fails at once otherwise (no offline queue holding requests), and each waits at most
 * `commandTimeoutMs`. Callers fall back (rate limits to local counters, the render cache to none)
 * and `/healthz` says degraded. The client reconnects by itself with a growing delay; its 'error'
 * events are logged once per outage, never left to crash the process.
 */
import { createClient, RESP_TYPES } from 'redis';

/** What may be sent: command and arguments as strings or bytes. */
export type RedisArgs = readonly (string | Buffer)[];

export interface SharedRedis {
  /** Prepended to every key the portal writes (`portal:` by default), so one Redis can serve others. */
  readonly prefix: string;
  /** The connection is up: commands are worth sending. */
  isReady(): boolean;
  /** Why it is not, for `/healthz` (null while up). */
  problem(): string | null;
  /** The same, asking Redis (PING): a connection that is open but stuck does not answer in time. */
  check(): Promise<string | null>;
  /** Sends a command; bulk replies come back as strings. Rejects at once while disconnected. */
  send<T = unknown>(args: RedisArgs): Promise<T>;
  /** The same, with bulk replies as bytes (stored pages). */
  sendForBytes<T = unknown>(args: RedisArgs): Promise<T>;
  close(): Promise<void>;
}

export interface RedisOptions {
  url: string;
  prefix: string;
  /** A command slower than this counts as a failure (the caller falls back). */
  commandTimeoutMs?: number;
  log: (message: string, error?: unknown) => void;
}

/**
 * Waiting longer for Redis than for a render of the page would defeat the point; much shorter and
 * a busy machine (a render holding the event loop) reads as an outage.
 */
export const DEFAULT_COMMAND_TIMEOUT_MS = 500;
/**
 * A stuck Redis (connection open, no answers): the client pings every second and drops a
 * connection silent for 10 s, then reconnects; meanwhile no more than this many commands wait.
 * (3 s dropped healthy connections on a loaded 2-core machine, where a cold render held the loop.)
 */
const PING_INTERVAL_MS = 1_000;
const SOCKET_TIMEOUT_MS = 10_000;
const MAX_IN_FLIGHT = 1_000;
/** Reconnect delays: 100 ms, doubling, at most 5 s, with some jitter so N instances spread out. */
export const RECONNECT_MAX_MS = 5_000;

export function reconnectDelay(retries: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, 100 * 2 ** Math.min(retries, 16));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export class RedisUnavailable extends Error {
  constructor(reason: string) {
    super(`Redis unavailable: ${reason}`);
  }
}

export function connectRedis(opts: RedisOptions): SharedRedis {
  const timeout = opts.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const client = createClient({
    url: opts.url,
    disableOfflineQueue: true,
    pingInterval: PING_INTERVAL_MS,
    socket: { connectTimeout: 1_000, socketTimeout: SOCKET_TIMEOUT_MS, reconnectStrategy: (retries) => reconnectDelay(retries) },
  });
  const bytes = client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
  let problem: string | null = '正在连接';
  let closed = false;
  let outageLogged = false;

  client.on('ready', () => {
    opts.log(outageLogged ? 'redis: connected again' : 'redis: connected');
    problem = null;
    outageLogged = false;
  });
  client.on('error', (error: unknown) => {
    problem = (error instanceof Error ? error.message || error.constructor.name : String(error)) || '连接中断';
    // Once per outage: the reconnect loop reports every failed try.
    if (outageLogged) return;
    outageLogged = true;
    opts.log('redis: unavailable, counting locally and rendering without the shared cache', error);
  });
  // Start-up does not wait for Redis: until it answers, the portal serves as if degraded.
  client.connect().catch((error: unknown) => {
    if (!closed) opts.log('redis: gave up connecting', error);
  });

  let inFlight = 0;
  /**
   * Sends while connected, and gives up after `timeout`: node-redis's own command timeout stops
   * counting once a command is written, so a stuck server would hold the request.
   */
  const guard = <T>(run: () => Promise<T>): Promise<T> => {
    if (!client.isReady) return Promise.reject(new RedisUnavailable(problem ?? '未连接'));
    if (inFlight >= MAX_IN_FLIGHT) return Promise.reject(new RedisUnavailable('应答积压'));
    inFlight++;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new RedisUnavailable(`${timeout} ms 内无应答`)), timeout);
    });
    const sent = run();
    return Promise.race([sent, late]).finally(() => {
      clearTimeout(timer);
      // The command itself still ends, answered or failed with its connection.
      void sent.catch(() => undefined).finally(() => inFlight--);
    });
  };
  return {
    prefix: opts.prefix,
    isReady: () => client.isReady,
    problem: () => (client.isReady ? null : (problem ?? '未连接')),
    async check() {
      if (!client.isReady) return problem ?? '未连接';
      try {
        await guard(() => client.sendCommand(['PING']));
        return null;
      } catch (error) {
        return `PING: ${error instanceof Error ? error.message : String(error)}`;
      }
    },
    send: <T>(args: RedisArgs) => guard(() => client.sendCommand<T>(args)),
    sendForBytes: <T>(args: RedisArgs) => guard(() => bytes.sendCommand<T>(args)),
    async close() {
      closed = true;
      if (!client.isOpen) return client.destroy();
      // QUIT waits for the answers still due; a stuck server would hold the shutdown.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([client.close().catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, 1_000)))]);
      clearTimeout(timer);
      if (client.isOpen) client.destroy();
    },
  };
}
