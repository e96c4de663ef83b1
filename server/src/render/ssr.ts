/**
 * Streaming SSR of every page route: browsers get the shell as soon as it is ready,
 * crawlers the complete document; a stream that stalls is aborted so its socket is freed.
 */
import { setMaxListeners } from 'node:events';
import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import type { Request, RequestHandler, Response } from 'express';
import { isCrawler } from '@shared/user-agent';
import { pageQueryKeys } from '@shared/routes';
import { readSessionToken } from '../auth/cookies';
import type { Backends } from '../upstream/backends';
import type { BackendLiveness } from '../upstream/liveness';
import { HttpError } from '../http/errors';
import type { ServerMetrics } from '../http/metrics';
import { RenderCache, type CachedPage } from './cache';
import { RETRY_AFTER_SECONDS, type RenderGate } from './gate';
import type { RenderOptions, RenderResult, Renderer } from './renderer';
import { cspNonce } from '../http/security-headers';

/** React's abort timer: after this, unfinished Suspense boundaries fall back to client rendering. */
const STREAM_TIMEOUT_MS = 10_000;

/** Loaders read only path and query; a fixed origin keeps the Host header out of rendering. */
const RENDER_ORIGIN = 'http://portal.internal';

export interface SsrOptions {
  renderer: Renderer;
  /** The render's backend calls go to the CMS, its ext calls to the extensions' backend, each through its agent. */
  backends: Pick<Backends, 'cms' | 'call'>;
  product: string;
  /** Public settings the pages read (canonical origin, mobile site, the backend's capabilities). */
  settings?: () => Promise<RenderOptions['settings']>;
  /** Anonymous renders kept briefly, served while the backend is believed up. */
  cache?: { pages: RenderCache; liveness: BackendLiveness };
  /** Renders in flight are bounded (render/gate.ts); unset: no bound. */
  gate?: RenderGate;
  /** Render-cache results and renders shed (http/metrics.ts). */
  metrics?: ServerMetrics;
  log: (message: string, error: unknown) => void;
}

/**
 * The URL a page is rendered for: the request's path and query on the fixed origin. Built from
 * the parsed path, so a target like `//` or `http://elsewhere/x` (absolute form) stays a path
 * instead of becoming another origin or an invalid URL (`new URL('//', base)` throws).
 */
function renderUrl(path: string, originalUrl: string): URL {
  const url = new URL(RENDER_ORIGIN);
  url.pathname = path;
  const queryAt = originalUrl.indexOf('?');
  if (queryAt >= 0) url.search = originalUrl.slice(queryAt);
  return url;
}

/**
 * `url` with only the query parameters its page reads (the route table's `query`), in the order
 * sent. Anything else (`utm_source`, `?t=123`, a cache buster) cannot change the page, so it must
 * not cost a render of its own.
 */
export function pageUrl(url: URL): URL {
  const keys = pageQueryKeys(url.pathname);
  const kept = new URL(url);
  const params = new URLSearchParams();
  for (const [name, value] of url.searchParams) if (keys.includes(name)) params.append(name, value);
  kept.search = params.toString();
  return kept;
}

/** Anonymous pages may be cached briefly by CDNs; anything rendered for a member never. */
export function cacheControlFor(status: number, member: boolean): string {
  if (member || status !== 200) return 'private, no-store';
  return 'public, max-age=60, stale-while-revalidate=300';
}

/**
 * A stale copy served while renders are busy: good for a few seconds at most, and its `Age` (past
 * that) tells any cache in front that it is stale already, so it asks again next time.
 */
export const STALE_CACHE_CONTROL = 'public, max-age=5';

/**
 * The render cache's key, or null when this request must neither read nor fill it: anything
 * sent with a member session is rendered for that request alone (a cookie failing the session
 * rule was cleared and removed before this, auth/stale-token.ts). Crawlers
 * get the complete document rather than the streamed one, so they have entries of their own.
 */
function renderCacheKey(req: Request, url: URL): string | null {
  if (readSessionToken(req) !== null) return null;
  return `${isCrawler(req.get('user-agent')) ? 'crawler ' : ''}${url.pathname}${url.search}`;
}

const PAGE_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', Vary: 'Cookie' } as const;

/** A kept page: `hit` within its time to live, `stale` past it (renders were busy). */
function sendCachedPage(req: Request, res: Response, page: CachedPage, cache: RenderCache, as: 'hit' | 'stale'): void {
  const pieces = RenderCache.pieces(page, cspNonce(res));
  res.status(200).set({
    ...PAGE_HEADERS,
    'Cache-Control': as === 'hit' ? cacheControlFor(200, false) : STALE_CACHE_CONTROL,
    'Content-Length': String(pieces.reduce((sum, piece) => sum + piece.length, 0)),
    Age: String(cache.ageSeconds(page)),
    'X-Render-Cache': as,
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  res.cork();
  for (const piece of pieces) res.write(piece);
  res.end();
}

/**
 * React writes a page as dozens of small chunks (4 KB views and longer strings), each of which
 * became a chunk of the HTTP response with its own framing and a buffer in the socket's writev:
 * 4–8 % of a rendered page's CPU in the profile. This joins what React writes in one pass and sends
 * it as one chunk when React says the pass is done (`flush()`, which it calls on any destination
 * that has one) or when the stream ends; the shell still goes out as soon as it is ready.
 */
export class CoalescedChunks extends Transform {
  private chunks: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.chunks.push(chunk);
    callback();
  }

  /** React's end of a flush pass. */
  flush(): void {
    if (this.chunks.length === 0) return;
    const joined = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    this.chunks = [];
    this.push(joined);
  }

  override _flush(callback: TransformCallback): void {
    this.flush();
    callback();
  }
}

/**
 * The render's output, coalesced. React learns that the browser left from its destination's
 * `close`, and stops rendering: the response closing destroys the coalescer in between.
 */
function coalesced(result: Extract<RenderResult, { type: 'html' }>, res: Response): CoalescedChunks {
  const out = new CoalescedChunks();
  res.once('close', () => out.destroy());
  result.stream.pipe(out);
  return out;
}

/**
 * Streams the page to the browser and keeps a copy of what went out; `done` gets the whole body
 * once the stream has ended with nothing failed, or null.
 */
function streamAndRecord(
  result: Extract<RenderResult, { type: 'html' }>,
  res: Response,
  maxBytes: number,
  done: (body: Buffer | null) => void,
): void {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const recorder = new PassThrough();
  recorder.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes <= maxBytes) chunks.push(chunk);
  });
  let settled = false;
  const settle = (body: Buffer | null) => {
    if (settled) return;
    settled = true;
    done(body);
  };
  recorder.on('end', () => settle(bytes <= maxBytes && !result.hadErrors() ? Buffer.concat(chunks) : null));
  res.on('close', () => settle(null));
  recorder.pipe(res);
  coalesced(result, res).pipe(recorder);
}

export function ssrHandler(opts: SsrOptions): RequestHandler {
  return async (req, res, next) => {
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    const requested = renderUrl(req.path, req.originalUrl);
    const cache = opts.cache?.liveness.isUp() ? opts.cache.pages : null;
    // A render that may be shared is rendered for its key's URL, so every request sharing the entry gets the same page.
    const shared = pageUrl(requested);
    const cacheKey = cache ? renderCacheKey(req, shared) : null;
    const url = cacheKey !== null ? shared : requested;
    const token = readSessionToken(req);
    const member = token !== null;
    let keep: ReturnType<RenderCache['claim']> = null;
    try {
      let stale: CachedPage | null = null;
      if (cache && cacheKey !== null) {
        const cached = await cache.lookup(cacheKey);
        if (cached && cache.isFresh(cached)) {
          opts.metrics?.renderCache.inc({ result: 'hit' });
          sendCachedPage(req, res, cached, cache, 'hit');
          return;
        }
        stale = cached;
        if (req.method === 'GET') keep = cache.claim(cacheKey);
      }
      if (opts.gate) {
        // Members first (render/gate.ts). A visitor whose page has a stale copy does not queue for
        // a fresher one: it is rendered if a slot is free now, else served the copy.
        const priority = member ? 'member' : 'anonymous';
        const release = stale ? opts.gate.tryAcquire(priority) : await opts.gate.acquire(priority, abort.signal);
        if (!release) {
          if (abort.signal.aborted) return;
          // Refused: the copy at hand, or one another instance (Redis) kept meanwhile, rather than a 503.
          const copy = stale ?? (cache && cacheKey !== null ? await cache.peek(cacheKey) : null);
          if (copy && cache) {
            const as = cache.isFresh(copy) ? 'hit' : 'stale';
            opts.metrics?.rendersShed.inc({ priority, answer: 'stale' });
            opts.metrics?.renderCache.inc({ result: as });
            sendCachedPage(req, res, copy, cache, as);
            return;
          }
          opts.metrics?.rendersShed.inc({ priority, answer: 'unavailable' });
          if (cacheKey !== null) opts.metrics?.renderCache.inc({ result: 'miss' });
          next(new HttpError(503, '服务暂时不可用', { as: 'page', headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } }));
          return;
        }
        // The slot is held until the page has gone out (the stream outlives render()), or the browser left.
        res.once('close', release);
      }
      if (cacheKey !== null) opts.metrics?.renderCache.inc({ result: 'miss' });
      const request = new Request(url, { signal: abort.signal });
      // Every backend call of the render listens on its signal (entry-server); a page makes a dozen or so.
      setMaxListeners(64, request.signal);
      const result = await opts.renderer.render({
        request,
        backendURL: opts.backends.cms.baseURL,
        sendToBackend: (exchange) => opts.backends.call(exchange),
        product: opts.product,
        token,
        assets: opts.renderer.assets,
        nonce: cspNonce(res),
        waitForAll: isCrawler(req.get('user-agent')),
        settings: await opts.settings?.(),
        publicQueries: opts.renderer.publicQueries,
        log: opts.log,
      });
      // 502/503: the backend could not be reached (a 504 is one that hangs; cached pages then help).
      if (result.status === 502 || result.status === 503) opts.cache?.liveness.markDown();

      if (result.type === 'redirect') {
        res.set('Cache-Control', 'no-store').redirect(result.status, result.location);
        return;
      }
      res.status(result.status);
      res.set({ ...PAGE_HEADERS, 'Cache-Control': cacheControlFor(result.status, member) });
      if (cacheKey !== null) res.set('X-Render-Cache', 'miss');
      if (req.method === 'HEAD') {
        result.stream.abort();
        res.end();
        return;
      }
      const timer = setTimeout(() => result.stream.abort(), STREAM_TIMEOUT_MS);
      res.on('close', () => clearTimeout(timer));
      // Only what the HTTP contract calls public is kept: an anonymous 200.
      const claimed = keep;
      if (claimed && result.status === 200 && !member && cache) {
        keep = null;
        const nonce = cspNonce(res);
        streamAndRecord(result, res, cache.maxEntryBytes, (body) => claimed(body && { body, nonce }));
      } else coalesced(result, res).pipe(res);
    } catch (error) {
      // The browser went away and the render was cancelled with it: nobody to answer, nothing wrong.
      if (abort.signal.aborted) return;
      if (res.headersSent) return next(error);
      // The shell itself failed (a page threw outside any Suspense boundary): still a page, not JSON.
      opts.log(`render failed on ${req.method} ${req.path}`, error);
      next(new HttpError(500, '页面加载失败', { as: 'page' }));
    } finally {
      // Any way out but the recorded stream: nothing to keep, and whoever waits renders itself.
      keep?.(null);
    }
  };
}
