/**
 * `/<product>/*` → backend (spec §7, ARCHITECTURE.md). The browser never holds the member token:
 * this proxy strips any Authorization it sends and adds the bearer from the HttpOnly cookie, but
 * only to requests from our own pages (platform header + same origin), so a cross-site page
 * cannot make the browser call the API as the member.
 */
import type { IncomingMessage } from 'node:http';
import { Agent } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { IS_TOKEN_HEADER, MESSAGES, PLATFORM_HEADER, PLATFORM_VALUE, REQUEST_TIMEOUT_MS, TOKEN_COOKIE } from '@shared/constants';
import { sendJsonError } from './errors';

/** Without keep-alive the proxy's p99 went to seconds at 50 connections (DEPENDENCIES.md). */
export function createBackendAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 60_000 });
}

/**
 * Same-origin per the browser: Sec-Fetch-Site when it is sent (all current browsers), else the
 * Origin header when present. Non-browser clients send neither; they hold the cookie themselves,
 * so there is no one to forge a request on behalf of.
 */
export function isSameOrigin(req: Request): boolean {
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  const origin = req.get('origin');
  if (origin === undefined) return true;
  return origin === `${req.protocol}://${req.get('host')}`;
}

/** The bearer rule of spec §6 as the BFF applies it. */
export function bearerFor(req: Request): string | null {
  const token = (req.cookies as Record<string, unknown> | undefined)?.[TOKEN_COOKIE];
  if (typeof token !== 'string' || !token) return null;
  if (req.get(PLATFORM_HEADER) !== PLATFORM_VALUE) return null;
  if (req.get(IS_TOKEN_HEADER) === 'false') return null;
  if (!isSameOrigin(req)) return null;
  return token;
}

export function apiProxy(opts: { backendURL: string; agent: Agent; log: (m: string, e: unknown) => void }): RequestHandler {
  const proxy = createProxyMiddleware<Request>({
    target: opts.backendURL,
    changeOrigin: true,
    agent: opts.agent,
    xfwd: true,
    proxyTimeout: REQUEST_TIMEOUT_MS,
    timeout: REQUEST_TIMEOUT_MS,
    on: {
      proxyReq(proxyReq, req) {
        proxyReq.removeHeader('authorization');
        proxyReq.removeHeader('cookie');
        proxyReq.removeHeader(IS_TOKEN_HEADER);
        const bearer = bearerFor(req);
        if (bearer) proxyReq.setHeader('Authorization', `Bearer ${bearer}`);
      },
      error(error, req, res) {
        const code = (error as NodeJS.ErrnoException).code;
        const timedOut = code === 'ECONNRESET' || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT';
        opts.log(`proxy ${(req as IncomingMessage).method} ${(req as IncomingMessage).url} failed: ${code ?? ''}`, error.message);
        if (!('setHeader' in res)) {
          res.destroy();
          return;
        }
        if (res.headersSent) {
          res.destroy();
          return;
        }
        const status = timedOut ? 504 : 502;
        sendJsonError(res as Parameters<typeof sendJsonError>[0], status, timedOut ? MESSAGES.timeout : MESSAGES.upstreamDown);
      },
    },
  });
  return proxy;
}
