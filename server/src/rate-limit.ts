/**
 * Per-client-IP limits on the calls that cost the backend work or let someone flood it with
 * records (issue 8 §4): captcha images, logins, registrations and messages; and the user-name
 * check, which would otherwise list the members for anyone who asks (issue 11). They sit in the BFF
 * because only the BFF sees the browser's address (the embedded backend only ever sees the
 * server); the backend's per-account lockout still applies on top.
 *
 * express-rate-limit does the counting, in sliding windows kept in this process's memory
 * (SlidingWindowStore): each server instance (and each WEB_CONCURRENCY worker) counts on its own,
 * so N instances let through up to N times the limit.
 * docs/reliability.md says how to share them (Redis) when that matters.
 */
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type IncrementResponse, type RateLimitInfo, type Store } from 'express-rate-limit';
import { MESSAGES } from '@shared/constants';
import { ENDPOINTS, type Endpoint } from '@shared/contract/endpoints';
import { canonicalCallPath } from './contract-paths';
import { sendJsonError } from './errors';

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
    const store = new SlidingWindowStore(rule, opts.now);
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
        handler: (req, res) => {
          const info = (req as Request & { rateLimit?: RateLimitInfo }).rateLimit;
          const key = info?.key ?? 'unknown';
          // Once per run of refusals: enough to see an attack in the log without flooding it.
          if (store.refusals(key) === 1) opts.log?.(`rate limit ${name} reached by`, key);
          const waitMs = info?.resetTime ? info.resetTime.getTime() - (opts.now ?? Date.now)() : rule.windowMs;
          res.set('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
          sendJsonError(res, 429, MESSAGES.rateLimited);
        },
      }),
    ];
  });
}
