/**
 * The server's one way to the backend: one keep-alive agent, the connect and answer timeouts, and
 * the request id passed on. Everything that talks to the backend goes through a BackendClient:
 * - the server's own calls — the health probe, the stale-token check, capabilities, feeds, the
 *   sitemap, login, refresh and logout — are small exchanges made with `call`;
 * - the API proxy (api-proxy.ts) streams through `baseURL` and `agent`, under `limitWaiting`;
 * - page renders send their backend calls through `call` (render/ssr.ts hands it to the render).
 * BackendLiveness (upstream/liveness.ts) watches the agent, so it sees every connection of all three.
 */
import { Agent, request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { REQUEST_ID_HEADER, REQUEST_TIMEOUT_MS } from '@shared/constants';
import { readBounded } from '../http/read-bounded';
import { redactUrl } from '@shared/redact';

/** A backend that is down refuses at once; one that cannot be reached must not hold the page long. */
export const CONNECT_TIMEOUT_MS = 1_000;
/** Calls give up just before the browser would (15 s), so the browser reads our 504 message. */
export const UPSTREAM_TIMEOUT_MS = REQUEST_TIMEOUT_MS - 1_000;
/** Answers of the server's own calls are small envelopes and lists; anything larger is not one. */
const DEFAULT_MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** Without keep-alive the proxy's p99 went to seconds at 50 connections (DEPENDENCIES.md). */
const AGENT_OPTIONS = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 60_000 };

export function createBackendAgent(https = false): Agent {
  return https ? new HttpsAgent(AGENT_OPTIONS) : new Agent(AGENT_OPTIONS);
}

/**
 * The time limits of one request to the backend, `call`'s and the proxy's alike: a new connection
 * gets CONNECT_TIMEOUT_MS to connect (a reused keep-alive socket is already connected), then the
 * backend may stay silent `silenceMs` at a time. Past either, the request is destroyed with an
 * error; `onSilence` runs first, so the caller can tell a silent backend (504) from one that
 * cannot be reached (502).
 */
export function limitWaiting(req: ClientRequest, silenceMs: number, onSilence: () => void): void {
  req.setTimeout(silenceMs, () => {
    onSilence();
    req.destroy(new Error('upstream timeout'));
  });
  const watchConnect = (socket: { connecting: boolean; once(event: 'connect', listener: () => void): unknown }) => {
    if (!socket.connecting) return;
    const timer = setTimeout(() => req.destroy(new Error('connect timeout')), CONNECT_TIMEOUT_MS);
    socket.once('connect', () => clearTimeout(timer));
    req.once('close', () => clearTimeout(timer));
  };
  if (req.socket) watchConnect(req.socket);
  else req.once('socket', watchConnect);
}

export type BackendFailure = 'unreachable' | 'timeout' | 'too-large';

/** The call got no complete answer: what happened decides between 502 and 504. */
export class BackendError extends Error {
  constructor(
    readonly failure: BackendFailure,
    message: string,
  ) {
    super(message);
    this.name = 'BackendError';
  }
}

export interface BackendCall {
  method?: string;
  /** Path and query on the backend, e.g. `/api/zb/search?pageSize=1`. */
  path: string;
  headers?: Record<string, string | undefined>;
  body?: Buffer | string;
  /** Silence allowed while waiting for the answer (default just under the spec's 15 s). */
  timeoutMs?: number;
  maxBytes?: number;
  /** The incoming request's id, sent on as `x-request-id`. */
  requestId?: string;
  signal?: AbortSignal;
}

export interface BackendAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

/** A JSON object body, or null when the answer is not one (HTML, truncated, an array). */
export function parseEnvelope(bytes: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export class BackendClient {
  readonly baseURL: string;
  /** The keep-alive agent every connection to the backend goes through (the proxy's too). */
  readonly agent: Agent;
  private readonly https: boolean;

  constructor(baseURL: string, agent?: Agent) {
    this.baseURL = baseURL.replace(/\/+$/, '');
    this.https = this.baseURL.startsWith('https:');
    this.agent = agent ?? createBackendAgent(this.https);
  }

  /** The backend URL of `path`: a BACKEND_URL with a path prefix keeps it. */
  url(path: string): URL {
    return new URL(this.baseURL + path);
  }

  /** One exchange, its whole answer read; BackendError when there is none. */
  call(call: BackendCall): Promise<BackendAnswer> {
    const maxBytes = call.maxBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(call.headers ?? {})) if (value !== undefined) headers[name] = value;
    if (call.requestId) headers[REQUEST_ID_HEADER] = call.requestId;
    if (call.body) headers['content-length'] = String(Buffer.byteLength(call.body));
    const send = this.https ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(this.url(call.path), { method: call.method ?? 'GET', agent: this.agent, headers, signal: call.signal }, (res) => {
        readBounded(res, maxBytes).then(
          (bytes) => {
            if (bytes !== null) return resolve({ status: res.statusCode ?? 502, headers: res.headers, bytes });
            res.destroy();
            reject(new BackendError('too-large', `${redactUrl(call.path)}: answer over ${maxBytes} bytes`));
          },
          (error: Error) => reject(new BackendError('unreachable', `${redactUrl(call.path)}: ${error.message}`)),
        );
      });
      let timedOut = false;
      limitWaiting(req, call.timeoutMs ?? UPSTREAM_TIMEOUT_MS, () => (timedOut = true));
      req.on('error', (error: NodeJS.ErrnoException) => {
        reject(new BackendError(timedOut ? 'timeout' : 'unreachable', `${redactUrl(call.path)}: ${error.code ?? error.message}`));
      });
      req.end(call.body);
    });
  }

  /** A GET of a JSON envelope: null when it could not be had (no answer, not JSON). */
  async getEnvelope(
    path: string,
    options: Omit<BackendCall, 'path' | 'method' | 'body'> = {},
  ): Promise<{ status: number; body: Record<string, unknown> } | null> {
    try {
      const answer = await this.call({ ...options, path, headers: { accept: 'application/json', ...options.headers } });
      const body = parseEnvelope(answer.bytes);
      return body === null ? null : { status: answer.status, body };
    } catch (error) {
      if (error instanceof BackendError) return null;
      throw error;
    }
  }
}
