/**
 * Streaming SSR of every page route (issue 2 §4): browsers get the shell as soon as it is ready,
 * crawlers the complete document; a stream that stalls is aborted so its socket is freed.
 */
import { setMaxListeners } from 'node:events';
import type { Agent } from 'node:http';
import type { RequestHandler } from 'express';
import { isCrawler } from '@shared/device';
import { readSessionToken } from './auth-cookies';
import { sendErrorPage } from './errors';
import type { RenderOptions, Renderer } from './renderer';
import { cspNonce } from './security-headers';

/** React's abort timer: after this, unfinished Suspense boundaries fall back to client rendering. */
const STREAM_TIMEOUT_MS = 10_000;

/** Loaders read only path and query; a fixed origin keeps the Host header out of rendering. */
const RENDER_ORIGIN = 'http://portal.internal';

export interface SsrOptions {
  renderer: Renderer;
  backendURL: string;
  product: string;
  agent: Agent;
  /** Public settings the pages read (canonical origin, mobile site). */
  settings?: RenderOptions['settings'];
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

/** Anonymous pages may be cached briefly by CDNs; anything rendered for a member never. */
export function cacheControlFor(status: number, member: boolean): string {
  if (member || status !== 200) return 'private, no-store';
  return 'public, max-age=60, stale-while-revalidate=300';
}

export function ssrHandler(opts: SsrOptions): RequestHandler {
  return async (req, res, next) => {
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    try {
      const token = readSessionToken(req);
      const member = token !== null;
      const request = new Request(renderUrl(req.path, req.originalUrl), { signal: abort.signal });
      // Every backend call of the render listens on its signal (entry-server); a page makes a dozen or so.
      setMaxListeners(64, request.signal);
      const result = await opts.renderer.render({
        request,
        backendURL: opts.backendURL,
        product: opts.product,
        token,
        assets: opts.renderer.assets,
        nonce: cspNonce(res),
        waitForAll: isCrawler(req.get('user-agent')),
        httpAgent: opts.agent,
        settings: opts.settings,
        log: opts.log,
      });

      if (result.type === 'redirect') {
        res.set('Cache-Control', 'no-store').redirect(result.status, result.location);
        return;
      }
      res.status(result.status);
      res.set({
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': cacheControlFor(result.status, member),
        Vary: 'Cookie',
      });
      if (req.method === 'HEAD') {
        result.stream.abort();
        res.end();
        return;
      }
      const timer = setTimeout(() => result.stream.abort(), STREAM_TIMEOUT_MS);
      res.on('close', () => clearTimeout(timer));
      result.stream.pipe(res);
    } catch (error) {
      // The browser went away and the render was cancelled with it: nobody to answer, nothing wrong.
      if (abort.signal.aborted) return;
      if (res.headersSent) return next(error);
      // The shell itself failed (a page threw outside any Suspense boundary): still a page, not JSON.
      opts.log(`render failed on ${req.method} ${req.path}`, error);
      sendErrorPage(res, 500);
    }
  };
}
