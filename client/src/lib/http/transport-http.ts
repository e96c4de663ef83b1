/**
 * The server render's request layer: the contract's calls sent through the server's own way to
 * the backend (server/src/upstream/backend-client.ts: its keep-alive agents, connect and silence
 * timeouts, ext calls to the extensions' backend by the contract's rule), without axios. axios's
 * per-call work (config merging, interceptor chains, header objects, its adapter) was 5–7 % of a
 * rendered page's CPU; the rules it applied are the ones in envelope.ts, which this layer and the
 * browser's (axios-http.ts) share.
 *
 * One layer per render: it carries the member's token, the render's 15 s budget for all its calls
 * together (spec §9) and the page request's signal, so a browser that leaves cancels its calls.
 */
import { REQUEST_TIMEOUT_MS } from '@shared/constants';
import { apiPath } from '@shared/contract/endpoint';
import type { AnyEndpoint } from '@shared/contract/endpoints';
import { hrefOf, toQueryString, type EndpointCall, type Http, type RequestOptions } from './http';
import { callHeaders, checkedAnswer, readEnvelope, transportError } from './envelope';

/** One exchange with the backend, by path relative to it (`/api/zb/search?…`). */
export interface BackendExchange {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** How long the backend may stay silent. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Its whole answer, whatever the status. */
export interface BackendReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Uint8Array;
}

/**
 * Sends one exchange; rejects when no whole answer came, with `failure: 'timeout'` when the
 * backend stayed silent too long (server/src/upstream/backend-client.ts BackendError).
 */
export type SendToBackend = (exchange: BackendExchange) => Promise<BackendReply>;

export interface TransportHttpOptions {
  send: SendToBackend;
  /** The backend's origin: what `href` builds on. */
  baseURL: string;
  /** The member token read from the HttpOnly cookie. */
  token?: string;
  /** Cancels every call in flight and refuses new ones (the browser left). */
  signal?: AbortSignal;
  /** Every call of the layer ends by this time (ms since the epoch): one budget for a whole render. */
  deadline?: number;
  log?: (message: string, error: unknown) => void;
  now?: () => number;
}

const JSON_HEADERS = { 'Content-Type': 'application/json;charset=utf-8', Accept: 'application/json, text/plain, */*' } as const;

const utf8 = new TextDecoder();

/** The body as JSON, or as text when it is not JSON (an HTML error page, an empty body). */
function parseBody(bytes: Uint8Array): unknown {
  const text = utf8.decode(bytes);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const isTimeout = (error: unknown) => typeof error === 'object' && error !== null && (error as { failure?: unknown }).failure === 'timeout';

export function createTransportHttp(opts: TransportHttpOptions): Http {
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((message: string, error: unknown) => console.error(message, error));

  /** One exchange with a 2xx answer; rejects with the transport failure as spec §8 words it. */
  const exchange = async (method: string, url: string, o: RequestOptions, data: unknown): Promise<BackendReply> => {
    const query = o.params ? toQueryString(o.params) : '';
    const path = query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
    const fail = (status: number | undefined, body: unknown, timedOut: boolean, reason: unknown) => {
      log(`request failed: ${method} ${url}`, reason instanceof Error ? reason.message : reason);
      return transportError(status, body, timedOut);
    };
    const timeoutMs = Math.min(o.timeout || REQUEST_TIMEOUT_MS, (opts.deadline ?? Infinity) - now());
    if (timeoutMs <= 0) throw fail(undefined, undefined, true, 'render deadline passed');
    if (opts.signal?.aborted) throw fail(undefined, undefined, false, 'canceled');
    const headers = { ...JSON_HEADERS, ...o.headers, ...callHeaders(opts.token, o.isToken) };
    const body = data === undefined ? undefined : typeof data === 'string' ? data : JSON.stringify(data);
    let reply: BackendReply;
    try {
      reply = await opts.send({ method, path, headers, body, timeoutMs, signal: opts.signal });
    } catch (error) {
      throw fail(undefined, undefined, isTimeout(error), error);
    }
    if (reply.status < 200 || reply.status >= 300) throw fail(reply.status, parseBody(reply.bytes), false, `status ${reply.status}`);
    return reply;
  };

  const call = async (method: string, url: string, o: RequestOptions, data?: unknown): Promise<unknown> => {
    const body = parseBody((await exchange(method, url, o, data)).bytes);
    const verdict = readEnvelope(body, false);
    if (verdict.ok) return body;
    if (verdict.unrecognised) log(`unrecognised answer: ${method} ${url}`, body);
    throw verdict.error;
  };

  return {
    call: async <E extends AnyEndpoint>(endpoint: E, { path, data, ...o }: EndpointCall = {}) => {
      const url = path ? apiPath(endpoint.path, path) : endpoint.path;
      return checkedAnswer(endpoint, url, await call(endpoint.method.toUpperCase(), url, o, data), log);
    },
    get: (url, o = {}) => call('GET', url, o),
    post: (url, data, o = {}) => call('POST', url, o, data),
    put: (url, data, o = {}) => call('PUT', url, o, data),
    delete: (url, o = {}) => call('DELETE', url, o),
    download: async (url, o = {}) => {
      const reply = await exchange((o.method ?? 'get').toUpperCase(), url, o, undefined);
      return { data: new Blob([reply.bytes as Uint8Array<ArrayBuffer>]), headers: { ...reply.headers } };
    },
    href: (url, params) => hrefOf(opts.baseURL, url, params),
  };
}
