/**
 * Per-client-IP limits on the calls that cost the backend work or let someone flood it with
 * records: captcha images, logins, registrations and messages; and the user-name
 * check, which would otherwise list the members for anyone who asks. They sit in the BFF
 * because only the BFF sees the browser's address (the embedded backend only ever sees the
 * server); the backend's per-account lockout still applies on top.
 *
 * express-rate-limit does the counting. Without Redis, in sliding windows kept in this process's
 * memory (SlidingWindowStore): each server instance (and each WEB_CONCURRENCY worker) counts on
 * its own. With `REDIS_URL`, in Redis, shared by every instance (SharedStore), and in
 * the local windows again whenever Redis cannot be reached: a limit never lapses.
 */
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type IncrementResponse, type Options, type RateLimitInfo, type Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { MESSAGES } from '@shared/constants';
import type { Endpoint } from '@shared/contract/endpoint';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { canonicalCallPath } from '@shared/contract/call-paths';
import { HttpError } from '../http/errors';
import type { SharedRedis } from './redis';

export interface RateLimit {
  /** Calls allowed per window and client. */
  limit: number;
  windowMs: number;
}

export type RateLimitName = 'captcha' | 'login' | 'register' | 'message' | 'checkName';
/** null: that limit is off. */
export type RateLimitSettings = Record<RateLimitName, RateLimit | null>;

/** The contract calls each limit counts. */
const LIMITED_CALLS: Record<RateLimitName, Endpoint> = {
  captcha: ENDPOINTS.captchaImage,
  login: ENDPOINTS.login,
  register: ENDPOINTS.register,
  message: ENDPOINTS.addMsg,
  checkName: ENDPOINTS.checkUserNameUnique,
};

/**
 * Generous enough for an office behind one NAT address and for the test suites (Playwright never
 * comes near them); tight enough that a script gets a few hundred tries an hour, not thousands a
 * minute. Each is a setting (RATE_LIMIT_CAPTCHA, …).
 */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  captcha: { limit: 60, windowMs: 60_000 },
  login: { limit: 30, windowMs: 60_000 },
  register: { limit: 10, windowMs: 3_600_000 },
  message: { limit: 10, windowMs: 600_000 },
  // The register form checks a name when the field loses focus: a person tries a handful.
  checkName: { limit: 30, windowMs: 600_000 },
};

const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000 };

/** `30/1m` (30 per minute), `10/1h`, `5/30s`, or `off`; null when the text is neither. */
export function parseRateLimit(text: string): RateLimit | 'off' | null {
  if (text === 'off') return 'off';
  const match = /^([1-9]\d{0,6})\/([1-9]\d{0,4})([smh])$/.exec(text);
  if (!match) return null;
  return { limit: Number(match[1]), windowMs: Number(match[2]) * (UNIT_MS[match[3] ?? 's'] ?? 1_000) };
}

/** Keeps memory bounded whatever addresses arrive: accepted calls remembered, over all clients. */
const MAX_TRACKED_CALLS = 1_000_000;

interface Client {
  /** When this client's accepted calls of the last window were made, oldest first. */
  calls: number[];
  /** Refusals since the last accepted call: the first one is logged. */
  refused: number;
}

/**
 * A sliding window per client for express-rate-limit: a call is accepted when fewer than `limit`
 * calls were accepted in the `windowMs` before it. A client cannot double its allowance by calling
 * at the end of one window and the start of the next, as it could with fixed windows, and
 * `Retry-After` is exact. Refused calls are not counted: what the limit bounds is what reaches
 * the backend, and a client that waits as long as it was told gets in.
 */
export class SlidingWindowStore implements Store {
  readonly localKeys = true;
  private readonly clients = new Map<string, Client>();
  private tracked = 0;

  constructor(
    private readonly rule: RateLimit,
    private readonly now: () => number = Date.now,
    private readonly maxCalls = MAX_TRACKED_CALLS,
  ) {}

  increment(key: string): IncrementResponse {
    const now = this.now();
    const client = this.clients.get(key) ?? { calls: [], refused: 0 };
    this.forget(key);
    const stale = client.calls.findIndex((at) => now - at < this.rule.windowMs);
    client.calls.splice(0, stale === -1 ? client.calls.length : stale);
    const totalHits = client.calls.length + 1;
    let resetTime = new Date(now);
    if (totalHits <= this.rule.limit) {
      client.calls.push(now);
      client.refused = 0;
    } else {
      client.refused++;
      // The call that has to leave the window before one more fits.
      resetTime = new Date((client.calls[totalHits - 1 - this.rule.limit] ?? now) + this.rule.windowMs);
    }
    this.remember(key, client);
    return { totalHits, resetTime };
  }

  decrement(key: string): void {
    const client = this.clients.get(key);
    if (client?.calls.pop() !== undefined) this.tracked--;
  }

  resetKey(key: string): void {
    this.forget(key);
  }

  /** How many calls in a row this client has had refused (1: the first, worth a log line). */
  refusals(key: string): number {
    return this.clients.get(key)?.refused ?? 0;
  }

  /** Calls remembered, over all clients. */
  get size(): number {
    return this.tracked;
  }

  private forget(key: string): void {
    const client = this.clients.get(key);
    if (!client) return;
    this.tracked -= client.calls.length;
    this.clients.delete(key);
  }

  /** Last in the map is most recently seen, so a flood of new addresses pushes out the idlest clients. */
  private remember(key: string, client: Client): void {
    this.clients.set(key, client);
    this.tracked += client.calls.length;
    for (const [idle] of this.clients) {
      if (this.tracked <= this.maxCalls || idle === key) break;
      this.forget(idle);
    }
  }
}

/**
 * One limit's counts in Redis, shared by every instance, with the local sliding window
 * standing in while Redis cannot be reached. rate-limit-redis counts in a fixed window per client
 * that starts with its first call and counts refusals too (one Lua script, atomic across
 * instances): a client that keeps calling while refused waits out the window it started, never
 * longer. Keys read `<prefix>rl:<limit>:<client>`, e.g. `portal:rl:login:203.0.113.7`.
 *
 * Never throws: a command that fails or is slower than the connection's timeout is counted locally.
 */
export class SharedStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private readonly shared: RedisStore;
  private options: Options | undefined;
  /** Loading the store's scripts; null until Redis is up, and again after a failure. */
  private loaded: Promise<void> | null = null;

  constructor(
    private readonly redis: SharedRedis,
    name: RateLimitName,
    readonly local: SlidingWindowStore,
  ) {
    this.prefix = `${redis.prefix}rl:${name}:`;
    this.shared = new RedisStore({ prefix: this.prefix, sendCommand: (...args: string[]) => redis.send<RedisReply>(args) });
  }

  init(options: Options): void {
    this.options = options;
  }

  async increment(key: string): Promise<IncrementResponse> {
    if (this.redis.isReady() && this.options) {
      try {
        this.loaded ??= this.shared.init(this.options);
        await this.loaded;
        return await this.shared.increment(key);
      } catch {
        // Redis went away or answered too late: count this call here, and load the scripts again
        // next time (a restarted Redis has forgotten them).
        this.loaded = null;
      }
    }
    return this.local.increment(key);
  }

  /** express-rate-limit calls this only for skipped answers (skip*Requests), which no limit uses. */
  async decrement(key: string): Promise<void> {
    this.local.decrement(key);
    if (this.redis.isReady()) await this.shared.decrement(key).catch(() => undefined);
  }

  async resetKey(key: string): Promise<void> {
    this.local.resetKey(key);
    if (this.redis.isReady()) await this.shared.resetKey(key).catch(() => undefined);
  }
}

/**
 * IPv4 addresses count one by one; IPv6 addresses by their /56, the block a provider usually
 * hands one subscriber, who could otherwise rotate through it.
 */
export const IPV6_SUBNET = 56;

/** The client a limit counts against, and the one the BFF names to the backend for its login lockout. */
export function clientKey(ip: string | undefined): string {
  return ip ? ipKeyGenerator(ip, IPV6_SUBNET) : 'unknown';
}

function matchesCall(method: string, path: string | null, call: Endpoint): boolean {
  const methodMatches = method === call.method || (method === 'HEAD' && call.method === 'GET');
  return methodMatches && path === canonicalCallPath(call.path);
}

export interface RateLimiterOptions {
  settings: RateLimitSettings;
  now?: () => number;
  /** (message, client): the app's log. */
  log?: (message: string, client: string) => void;
  /** Count in Redis, shared by every instance; unset: in this process only. */
  redis?: SharedRedis;
}

/**
 * Mounted on the API prefix, before the proxy. Over a limit: HTTP 429 with `Retry-After` and the
 * envelope `{code: 429, msg}`, which the SPA's request layer shows like any other refusal.
 */
export function rateLimiter(opts: RateLimiterOptions): RequestHandler[] {
  return (Object.keys(LIMITED_CALLS) as RateLimitName[]).flatMap((name) => {
    const rule = opts.settings[name];
    if (!rule) return [];
    const call = LIMITED_CALLS[name];
    const local = new SlidingWindowStore(rule, opts.now);
    const store = opts.redis ? new SharedStore(opts.redis, name, local) : local;
    return [
      rateLimit({
        windowMs: rule.windowMs,
        limit: rule.limit,
        store,
        // req.ip is the peer address, or the proxy-reported client once TRUST_PROXY is set (app.ts).
        ipv6Subnet: IPV6_SUBNET,
        skip: (req) => !matchesCall(req.method, canonicalCallPath(req.path), call),
        standardHeaders: false,
        legacyHeaders: false,
        // Without TRUST_PROXY an X-Forwarded-For header is ignored on purpose, not a misconfiguration.
        validate: { xForwardedForHeader: false },
        handler: (req, _res, next) => {
          const info = (req as Request & { rateLimit?: RateLimitInfo }).rateLimit;
          const key = info?.key ?? 'unknown';
          // Once per run of refusals: enough to see an attack in the log without flooding it. The
          // first refusal is call limit + 1 in either store; the local one counts its refusals in a row.
          if (info?.used === rule.limit + 1 && local.refusals(key) <= 1) opts.log?.(`rate limit ${name} reached by`, key);
          const waitMs = info?.resetTime ? info.resetTime.getTime() - (opts.now ?? Date.now)() : rule.windowMs;
          next(new HttpError(429, MESSAGES.rateLimited, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) } }));
        },
      }),
    ];
  });
}
