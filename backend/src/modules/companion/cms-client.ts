/**
 * The companion's calls to the CMS: the spec's own public and member calls, JSON in RuoYi's
 * envelope. Every call has a time limit; a CMS that cannot be reached, answers 5xx or sends
 * something unreadable is `unavailable` (the follower backs off), a notice that is not there any
 * more is `gone`, a bearer it refuses is `unauthorized`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { apiPath } from '@shared/contract/endpoint';
import { metrics } from '../../metrics';

export type CmsFailure = 'unavailable' | 'gone' | 'unauthorized';

export class CmsError extends Error {
  override name = 'CmsError';
  constructor(
    readonly failure: CmsFailure,
    message: string,
  ) {
    super(message);
    metrics.cmsCalls.inc({ result: failure });
  }
}

/** RuoYi's envelope: `{code, msg, data}` or `{code, msg, rows, total}`, or the member info's fields. */
export interface CmsAnswer {
  code: number;
  msg?: string;
  [key: string]: unknown;
}

export interface CmsClientOptions {
  timeoutMs: number;
  /** Pause before each call of the follower (`paced`), so the CMS is never hammered. */
  pauseMs: number;
}

type Query = Record<string, string | number | undefined>;

export class CmsClient {
  constructor(
    readonly baseUrl: string,
    private readonly options: CmsClientOptions,
  ) {}

  /**
   * GET one call: `path` with `:params` filled, the query, the member's bearer when given. Answers the
   * envelope when its code is 200; throws CmsError otherwise.
   */
  async get(
    path: string,
    options: { params?: Record<string, string | number>; query?: Query; bearer?: string; paced?: boolean; timeoutMs?: number } = {},
  ) {
    if (options.paced && this.options.pauseMs > 0) await sleep(this.options.pauseMs);
    const url = new URL(this.baseUrl + (options.params ? apiPath(path, options.params) : path));
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
    const timeoutMs = Math.min(options.timeoutMs ?? Infinity, this.options.timeoutMs);
    let res: Response;
    try {
      res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const reason = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'unreachable';
      throw new CmsError('unavailable', `CMS ${reason} (GET ${url.pathname})`);
    }
    let body: CmsAnswer | undefined;
    try {
      body = (await res.json()) as CmsAnswer;
    } catch {
      body = undefined;
    }
    const code = typeof body?.code === 'number' ? body.code : res.status;
    if (res.status === 404 || res.status === 410 || code === 404 || code === 410) {
      throw new CmsError('gone', `CMS: GET ${url.pathname} answered ${code}`);
    }
    if (res.status === 401 || code === 401) throw new CmsError('unauthorized', `CMS: GET ${url.pathname} answered 401`);
    if (!res.ok || body === undefined || code !== 200) {
      throw new CmsError('unavailable', `CMS: GET ${url.pathname} answered HTTP ${res.status}, code ${code}`);
    }
    metrics.cmsCalls.inc({ result: 'ok' });
    return body;
  }
}
