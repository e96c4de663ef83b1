/**
 * Per-client-IP limits on the calls that cost the backend work or let someone flood it with
 * records (issue 8 §4): captcha images, logins, registrations and messages; and the user-name
 * check, which would otherwise list the members for anyone who asks (issue 11). They sit in the BFF
 * because only the BFF sees the browser's address (the embedded backend only ever sees the
 * server); the backend's per-account lockout still applies on top.
 *
 * Counters are fixed windows in this process's memory: each server instance (and each
 * WEB_CONCURRENCY worker) counts on its own, so N instances let through up to N times the limit.
 * docs/reliability.md says how to share them (Redis) when that matters.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { RequestHandler } from 'express';
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

/** Keeps memory bounded whatever addresses arrive. */
const MAX_TRACKED_CLIENTS = 100_000;

/** Fixed-window counts per client key. */
export class FixedWindowCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(
    private readonly rule: RateLimit,
    private readonly maxClients = MAX_TRACKED_CLIENTS,
  ) {}

  /** Counts one call; answers how many calls this key has made in the current window. */
  hit(key: string, now: number): { count: number; resetInMs: number } {
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.rule.windowMs) {
      this.windows.delete(key);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    return { count: window.count, resetInMs: window.start + this.rule.windowMs - now };
  }

  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep >= this.rule.windowMs) {
      this.lastSweep = now;
      for (const [key, window] of this.windows) if (now - window.start >= this.rule.windowMs) this.windows.delete(key);
    }
    // Still full (a flood of distinct addresses): forget the oldest windows first.
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxClients) break;
      this.windows.delete(key);
    }
  }
}

/**
 * The client a limit counts against: the IPv4 address, or the /64 of an IPv6 address (one
 * subscriber usually holds a whole /64 and could otherwise rotate through it).
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const address = ip.split('%')[0] ?? ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
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
export function rateLimiter(opts: RateLimiterOptions): RequestHandler {
  const now = opts.now ?? Date.now;
  const limits = (Object.keys(LIMITED_CALLS) as RateLimitName[]).flatMap((name) => {
    const rule = opts.settings[name];
    return rule ? [{ name, rule, call: LIMITED_CALLS[name], counter: new FixedWindowCounter(rule) }] : [];
  });
  return (req, res, next) => {
    const path = canonicalCallPath(req.path);
    const limited = limits.find((l) => matchesCall(req.method, path, l.call));
    if (!limited) return next();
    // req.ip is the peer address, or the proxy-reported client once TRUST_PROXY is set (app.ts).
    const key = clientKey(req.ip);
    const { count, resetInMs } = limited.counter.hit(key, now());
    if (count <= limited.rule.limit) return next();
    // Once per window and client: enough to see an attack in the log without flooding it.
    if (count === limited.rule.limit + 1) opts.log?.(`rate limit ${limited.name} reached by`, key);
    res.set('Retry-After', String(Math.max(1, Math.ceil(resetInMs / 1000))));
    sendJsonError(res, 429, MESSAGES.rateLimited);
  };
}
