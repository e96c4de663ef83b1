/**
 * `/<product>/*` → backend (spec §7, ARCHITECTURE.md). The browser never holds the member token:
 * this proxy strips any Authorization it sends and adds the bearer from the HttpOnly cookie, but
 * only to requests from our own pages (platform header + same origin) and to the downloads they
 * start (an export's address, same origin), so a cross-site page cannot make the browser call
 * the API as the member.
 *
 * Only the contract's paths pass (upstream/contract-paths.ts), bodies are bounded and never smuggled, and
 * answers stream through untouched, with one exception: a `code: 401` on a call that carried our
 * bearer clears the session cookies. Login, RefreshToken and logout, which set and clear them, are
 * routes of their own (auth/routes.ts) in front of this proxy.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Endpoint } from '@shared/contract/endpoint';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { CLIENT_HEADER, IS_TOKEN_HEADER, MESSAGES, PLATFORM_HEADER, PLATFORM_VALUE } from '@shared/constants';
import { clearSessionCookies, readSessionToken } from '../auth/cookies';
import { UPSTREAM_TIMEOUT_MS, limitWaiting, parseEnvelope, type BackendClient } from './backend-client';
import type { Backends } from './backends';
import { canonicalCallPath } from '@shared/contract/call-paths';
import { isContractPath } from './contract-paths';
import { HttpError } from '../http/errors';
import { clientKey } from '../scale/rate-limit';
import { redactUrl } from '@shared/redact';

/**
 * The backend refuses JSON bodies over 100 kB (docs/api.md, 413). The proxy refuses them itself,
 * so a huge upload never travels on to the backend, whichever backend it is.
 */
export const MAX_REQUEST_BODY_BYTES = 100 * 1024;
const TOO_LARGE = '请求数据过大';

/** A body over MAX_REQUEST_BODY_BYTES: the rest of it is not read, so the connection closes. */
export function requestTooLarge(): HttpError {
  return new HttpError(413, TOO_LARGE, { headers: { Connection: 'close' } });
}
/** A `{code: 401, msg}` envelope is tiny; only first chunks this small are read for one. */
const MAX_ENVELOPE_PEEK_BYTES = 1024;

/** Hop-by-hop headers describe one connection, not the message: never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

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

/** A request from one of our pages: it carries the platform header and comes from our origin. */
export function fromOurPage(req: Request): boolean {
  return req.get(PLATFORM_HEADER) === PLATFORM_VALUE && isSameOrigin(req);
}

/** The exports: files a phone downloads by following their address. */
const DOWNLOAD_PATHS = new Set(
  Object.values(ENDPOINTS as Record<string, Endpoint>)
    .filter((endpoint) => endpoint.feature === 'export')
    .map((endpoint) => canonicalCallPath(endpoint.path)),
);

/**
 * A download one of our pages started by sending the browser to the file's address (phones save
 * an export that way), where no platform header can ride along:
 * a GET of an export, and the browser's word that it comes from our origin — Sec-Fetch-Site, or
 * where a browser does not send that, a Referer of our origin. A cross-site page can make the
 * browser drop its Referer, never claim ours; no evidence at all means no bearer.
 */
export function downloadFromOurPage(req: Request): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !DOWNLOAD_PATHS.has(canonicalCallPath(req.path))) return false;
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  const referer = req.get('referer');
  if (referer === undefined) return false;
  try {
    return new URL(referer).origin === `${req.protocol}://${req.get('host')}`;
  } catch {
    return false;
  }
}

/**
 * The origin the portal was reached at, for the absolute links a backend writes (feeds, exports,
 * the address a confirmation mail links to, when SITE_URL is unset): Express's host and protocol,
 * which are a TLS-terminating proxy's X-Forwarded-* only with TRUST_PROXY. Whatever a client wrote
 * in those headers itself is replaced, never passed on.
 */
export function portalOriginHeaders(req: Request): { 'x-forwarded-host': string; 'x-forwarded-proto': string } {
  return { 'x-forwarded-host': req.host, 'x-forwarded-proto': req.protocol };
}

/** The bearer rule of spec §6 as the BFF applies it. */
export function bearerFor(req: Request): string | null {
  const token = readSessionToken(req);
  if (token === null || req.get(IS_TOKEN_HEADER) === 'false' || !(fromOurPage(req) || downloadFromOurPage(req))) return null;
  return token;
}

/** What the proxy decided about one request, read again when the answer (or an error) comes. */
interface Exchange {
  /** The cookie's token went to the backend as the bearer: a 401 is about it. */
  sentBearer: boolean;
  timedOut: boolean;
  /** A chunked body grew past MAX_REQUEST_BODY_BYTES on its way through. */
  tooLarge: boolean;
  /** The backend's answer has begun: from here on it decides, not the body counter. */
  answered: boolean;
  /** Express's `next`: a failed exchange goes to the app's error handler. */
  next: NextFunction;
}
const exchanges = new WeakMap<IncomingMessage, Exchange>();

/** Header rewriting happens on the request itself, so it holds whatever path http-proxy takes. */
function prepareRequest(req: Request, next: NextFunction): void {
  const bearer = bearerFor(req);
  delete req.headers.authorization;
  delete req.headers.cookie;
  delete req.headers[IS_TOKEN_HEADER];
  // Staff credentials never travel through the public site (upstream/contract-paths.ts keeps /admin off it).
  delete req.headers['x-admin-token'];
  if (bearer !== null) req.headers.authorization = `Bearer ${bearer}`;
  // The backend's login lockout counts per account and client; only we know the client.
  req.headers[CLIENT_HEADER] = clientKey(req.ip);
  Object.assign(req.headers, portalOriginHeaders(req));
  exchanges.set(req, { sentBearer: bearer !== null, timedOut: false, tooLarge: false, answered: false, next });
}

function copyHead(proxyRes: IncomingMessage, res: Response): void {
  res.statusCode = proxyRes.statusCode ?? 502;
  if (proxyRes.statusMessage) res.statusMessage = proxyRes.statusMessage;
  for (const [name, value] of Object.entries(proxyRes.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    // Keep cookies this proxy has already set on the response.
    if (name === 'set-cookie') res.append('Set-Cookie', value);
    else res.setHeader(name, value);
  }
}

/** The first chunk of a stream, left in place for whoever reads it next; null when it is empty. */
function peekFirstChunk(stream: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const done = (chunk: Buffer | null) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      resolve(chunk);
    };
    const onData = (chunk: Buffer) => {
      stream.pause();
      stream.unshift(chunk);
      done(chunk);
    };
    const onEnd = () => done(null);
    stream.on('data', onData);
    stream.on('end', onEnd);
  });
}

function isSmallJson(proxyRes: IncomingMessage): boolean {
  const type = proxyRes.headers['content-type'] ?? '';
  const length = Number(proxyRes.headers['content-length'] ?? 0);
  return type.includes('json') && !proxyRes.headers['content-encoding'] && length <= MAX_ENVELOPE_PEEK_BYTES;
}

/**
 * Every other answer streams through. When the cookie's token went along and the answer is a
 * small JSON body, its first chunk is read for `code: 401` before the head goes out, so the
 * cookies can still be cleared: nothing is buffered.
 */
async function relayStream(proxyRes: IncomingMessage, req: Request, res: Response, exchange: Exchange): Promise<void> {
  if (exchange.sentBearer) {
    if (proxyRes.statusCode === 401) clearSessionCookies(req, res);
    else if (isSmallJson(proxyRes)) {
      const first = await peekFirstChunk(proxyRes);
      if (first !== null && first.length <= MAX_ENVELOPE_PEEK_BYTES && parseEnvelope(first)?.code === 401) {
        clearSessionCookies(req, res);
      }
    }
  }
  proxyRes.pipe(res);
}

function onProxyRes(proxyRes: IncomingMessage, incoming: IncomingMessage, outgoing: ServerResponse): void {
  const req = incoming as Request;
  const res = outgoing as Response;
  const exchange = exchanges.get(req);
  if (!exchange) return;
  exchange.answered = true;
  proxyRes.on('error', () => res.destroy());
  copyHead(proxyRes, res);
  relayStream(proxyRes, req, res, exchange).catch(() => res.destroy());
}

/**
 * Reads and downloads stop when the browser leaves; anything else is a write the member started,
 * which completes whether or not anyone is left to see the answer.
 */
export function abortsOnLeave(req: Request): boolean {
  return req.method === 'GET' || req.method === 'HEAD';
}

/** No call of the contract sends a body with any other method. */
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

export interface ApiProxyOptions {
  /** Each call goes to the backend the contract names for it (upstream/backends.ts). */
  backends: Pick<Backends, 'all' | 'of'>;
  log: (m: string, e: unknown) => void;
  /** How long the backend may stay silent before the browser gets a 504 (default just under 15 s). */
  upstreamTimeoutMs?: number;
}

export function apiProxy(opts: ApiProxyOptions): RequestHandler {
  const proxies = new Map(opts.backends.all.map((backend) => [backend, proxyTo(backend, opts)]));
  return (req, res, next) => {
    checkApiCall(req);
    prepareRequest(req, next);
    void proxies.get(opts.backends.of(req.path))!(req, res, next);
  };
}

/** One backend's proxy: its address, its keep-alive agent. */
function proxyTo(backend: BackendClient, opts: ApiProxyOptions) {
  const upstreamTimeoutMs = opts.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS;
  return createProxyMiddleware<Request, Response>({
    target: backend.baseURL,
    changeOrigin: true,
    agent: backend.agent,
    xfwd: true,
    selfHandleResponse: true,
    on: {
      proxyReq(proxyReq, req, res) {
        const exchange = exchanges.get(req);
        // The browser went away (a closed tab, a cancelled download) from a read: drop the backend's
        // request. http-proxy aborts only on the request's 'aborted', which Node does not emit once a
        // GET has been read; http-proxy-middleware destroys the answer once it has begun, but a
        // backend still working before its first byte would go on until the silence timeout.
        // A write the member started (a 收藏 clicked just before a reload) goes on to the backend.
        if (abortsOnLeave(req)) {
          res.once('close', () => {
            if (!res.writableFinished) proxyReq.destroy();
          });
        }
        // A body without Content-Length (chunked) is counted as it streams through.
        let received = 0;
        req.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_REQUEST_BODY_BYTES && exchange && !exchange.tooLarge && !exchange.answered) {
            exchange.tooLarge = true;
            proxyReq.destroy(new Error('request body too large'));
          }
        });
        limitWaiting(proxyReq, upstreamTimeoutMs, () => {
          if (exchange) exchange.timedOut = true;
        });
      },
      proxyRes: onProxyRes,
      error(error, req, res) {
        const exchange = exchanges.get(req);
        // Not an HTTP answer (an upgrade's socket), or not an exchange of ours: nothing to tell.
        if (!('setHeader' in res) || !exchange) {
          res.destroy();
          return;
        }
        // The client's mistake, not a failure.
        if (exchange.tooLarge && !res.headersSent) return exchange.next(requestTooLarge());
        const code = (error as NodeJS.ErrnoException).code ?? error.message;
        opts.log(`proxy ${req.method} ${redactUrl(req.originalUrl)} failed: ${code}`, error.message);
        exchange.next(exchange.timedOut ? new HttpError(504, MESSAGES.timeout) : new HttpError(502, MESSAGES.upstreamDown));
      },
    },
  });
}

/**
 * The rules every call under the API prefix passes before anything reaches the backend (the
 * proxy's and the auth routes' alike); an HttpError when it does not.
 */
export function checkApiCall(req: Request): void {
  // Only the contract's public paths reach the backend; the rest answers like an unknown path.
  if (!isContractPath(req.path)) throw new HttpError(404, MESSAGES.notFound);
  if (hasBody(req) && !METHODS_WITH_BODY.has(req.method)) {
    // http-proxy forwards a DELETE or OPTIONS body after `Content-Length: 0`, so the backend
    // would read it as a second request: smuggled past every rule here (found by the fuzzer).
    // The connection closes, so the body is never read as one.
    throw new HttpError(400, '请求格式不正确', { headers: { Connection: 'close' } });
  }
  if (Number(req.get('content-length') ?? 0) > MAX_REQUEST_BODY_BYTES) throw requestTooLarge();
}
