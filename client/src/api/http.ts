/**
 * The request layer of spec §5–§9: one axios instance per environment (the browser has one; the
 * server builds one per request, pointed at the backend with that request's token). The response
 * envelope is checked here and nowhere else: callers get the body of a `code: 200` answer or an
 * ApiError.
 */
import axios, { type AxiosInstance, type AxiosRequestConfig, type AxiosStatic, type InternalAxiosRequestConfig } from 'axios';
import {
  IS_TOKEN_HEADER,
  MESSAGES,
  PLATFORM_HEADER,
  PLATFORM_VALUE,
  REPEAT_SUBMIT_INTERVAL_MS,
  REQUEST_TIMEOUT_MS,
  SESSION_OBJ_KEY,
} from '@shared/constants';
import { apiPath, type Endpoint } from '@shared/contract/endpoints';
import type { z } from 'zod';

/**
 * spec §6: every call carries the bearer unless it opts out. Each opt-out says why, by which of
 * these it spreads into its options (docs/decisions.md, Issue 11 — client and spec items).
 */
export const NO_TOKEN = {
  /** spec §7 marks the call "no token" (search, public detail, notice, testToken, config, dictionary). */
  spec: { isToken: false },
  /**
   * A read the backend answers the same to everyone (endpoint auth 'public': it ignores any bearer):
   * the token goes only where it is read, and a public page's data never depends on who asked.
   */
  publicRead: { isToken: false },
  /** Login, registration and their captcha and name check: a new identity's call carries no old session's token. */
  signIn: { isToken: false },
} as const satisfies Record<string, { isToken: false }>;

/** Per-call options of spec §5–§7. */
export interface RequestOptions {
  /** Sent as a query string (spec §7: bracketed keys for objects, null and undefined skipped). */
  params?: object;
  timeout?: number;
  /** false: send no bearer (spec §6). Calls opt out through NO_TOKEN, which names the reason. */
  isToken?: boolean;
  /** false: skip the duplicate-submit guard (spec §5). */
  repeatSubmit?: boolean;
  /**
   * false: the caller shows a failure itself (a form, beside its fields), so spec §8's toast or
   * notification is not shown as well. A body 401 still ends the session and goes to login.
   */
  notify?: boolean;
  headers?: Record<string, string>;
}

/** What failed: the backend's envelope, the connection, or our own duplicate-submit guard. */
export type ApiErrorKind = 'response' | 'transport' | 'repeat-submit';

/**
 * A failed call. `code` is the body code (or the HTTP status for transport errors); `status` is
 * what an error page shows (spec §8: statusCode, status or the response status, default 500).
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number;
  readonly status: number;
  /** The 401 handler already navigated to login: error pages ignore this error (spec §2). */
  readonly isRedirect: boolean;

  constructor(message: string, opts: { kind: ApiErrorKind; code: number; status?: number; isRedirect?: boolean }) {
    super(message);
    this.name = 'ApiError';
    this.kind = opts.kind;
    this.code = opts.code;
    this.status = opts.status ?? (opts.code >= 400 && opts.code < 600 ? opts.code : 500);
    this.isRedirect = opts.isRedirect ?? false;
  }

  /** No envelope came back (network, timeout, proxy 502/504): worth one retry. */
  get transport(): boolean {
    return this.kind === 'transport';
  }
}

/** How failures reach the user; the browser wires antd's message/notification here. */
export interface Notifier {
  /** spec §8 "error toast". */
  error(message: string): void;
  /** spec §8 "error notification titled with the message". */
  notifyError(title: string): void;
}

export interface HttpOptions {
  /** `/<product>` in the browser; the backend's origin on the server. */
  baseURL: string;
  /** Server only: the member token read from the HttpOnly cookie. */
  token?: string;
  /** sessionStorage in the browser; absent on the server (no duplicate-submit guard there). */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  notifier?: Notifier;
  /** Body code 401: clear the member session and go to /user_login (spec §8). */
  onUnauthorized?: () => void;
  /** Transport status 401: logged out, no redirect (spec §8). */
  onTransportUnauthorized?: () => void;
  /** Other transport errors are only logged (spec §8). */
  log?: (message: string, error: unknown) => void;
  now?: () => number;
  /** Server only: the keep-alive agent for the backend. */
  httpAgent?: unknown;
}

/** spec §8: messages the client shows for these body codes instead of the server's. */
const CODE_MESSAGES: Record<number, string> = {
  401: MESSAGES.unauthorized,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
};

/** Parallel calls that all meet an ended session should say so once, not once each. */
const UNAUTHORIZED_NOTICE_INTERVAL_MS = 1_000;

/** sessionStorage holds about 5 MB; a record larger than that cannot be kept (RuoYi's limit). */
const MAX_SUBMIT_RECORD_CHARS = 5 * 1024 * 1024;

function appendParam(parts: string[], key: string, value: unknown): void {
  if (value === null || value === undefined) return;
  if (typeof value === 'object') {
    for (const [sub, subValue] of Object.entries(value)) appendParam(parts, `${key}[${sub}]`, subValue);
    return;
  }
  parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
}

/**
 * spec §7: parameters as a query string; object (and array) values use bracketed keys, null and
 * undefined are skipped. `{a: 1, b: {c: 2}, d: null}` → `a=1&b%5Bc%5D=2`.
 */
export function toQueryString(params: object): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) appendParam(parts, key, value);
  return parts.join('&');
}

/** spec §3: the last write request's session record. */
interface SubmitRecord {
  url: string;
  data: string;
  time: number;
}

function readSubmitRecord(storage: NonNullable<HttpOptions['storage']>): SubmitRecord | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(SESSION_OBJ_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { url, data, time } = value as Partial<SubmitRecord>;
    return typeof url === 'string' && typeof data === 'string' && typeof time === 'number' ? { url, data, time } : null;
  } catch {
    return null;
  }
}

/**
 * spec §5: a POST or PUT to the same url with identical data within 1000 ms of the previous one is
 * refused. The last write is remembered in sessionStorage (spec §3: url, data, time), so the guard
 * holds across the page's request layers and survives a reload.
 */
function isRepeatSubmit(storage: NonNullable<HttpOptions['storage']>, url: string, data: unknown, now: number): boolean {
  const record: SubmitRecord = { url, data: typeof data === 'string' ? data : JSON.stringify(data ?? ''), time: now };
  if (record.data.length >= MAX_SUBMIT_RECORD_CHARS) return false;
  const previous = readSubmitRecord(storage);
  if (previous && previous.url === record.url && previous.data === record.data && now - previous.time < REPEAT_SUBMIT_INTERVAL_MS) {
    return true;
  }
  try {
    storage.setItem(SESSION_OBJ_KEY, JSON.stringify(record));
  } catch {
    // Storage full or disabled: the guard is a courtesy, the request still goes.
  }
  return false;
}

/** The per-call flags as they ride on axios's config to the interceptors. */
type CallFlags = Pick<RequestOptions, 'isToken' | 'repeatSubmit' | 'notify'>;
type CallConfig = InternalAxiosRequestConfig & CallFlags;

type Envelope = { code?: unknown; msg?: unknown };

/** A call of one ENDPOINTS entry: its path values, query (`params`) and JSON body. */
export interface EndpointCall extends RequestOptions {
  /** Values of the path's `:name`s. */
  path?: Record<string, string | number>;
  /** JSON body of a POST or PUT. */
  data?: unknown;
}

/** What an endpoint answers, as its response schema types it. */
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

export interface Http {
  /**
   * Calls one endpoint of the contract; the answer's type comes from the endpoint's response
   * schema. Development and tests check the answer against that schema (docs/decisions.md).
   */
  call<E extends Endpoint>(endpoint: E, call?: EndpointCall): Promise<ResponseOf<E>>;
  get(url: string, options?: RequestOptions): Promise<unknown>;
  post(url: string, data?: unknown, options?: RequestOptions): Promise<unknown>;
  put(url: string, data?: unknown, options?: RequestOptions): Promise<unknown>;
  delete(url: string, options?: RequestOptions): Promise<unknown>;
  /**
   * A file (issue 15's exports): the answer as a Blob with its headers; a refusal comes as an
   * envelope in the Blob. `method: 'head'` asks for the headers alone.
   */
  download(url: string, options?: DownloadOptions): Promise<Download>;
  /**
   * The address of a GET for the browser to follow itself (a download on a phone, issue 15), in
   * the browser `/<product>/…?query`. Nothing is sent, and no bearer goes with it: the BFF adds
   * one only to our pages' calls and to their same-origin downloads (server/src/proxy.ts).
   */
  href(url: string, params?: object): string;
}

export interface DownloadOptions extends RequestOptions {
  method?: 'get' | 'head';
}

function hrefOf(baseURL: string, url: string, params: object = {}): string {
  const query = toQueryString(params);
  return `${baseURL}${url}${query ? `${url.includes('?') ? '&' : '?'}${query}` : ''}`;
}

export interface Download {
  data: Blob;
  /** Lower-case header names. */
  headers: Record<string, unknown>;
}

/** The request layer with its axios instance in reach: the server's render and tests add interceptors and adapters. */
export interface AxiosHttp extends Http {
  readonly axios: AxiosInstance;
}

/** What the request layer uses of axios: the module itself, passed in so the browser can load it late. */
type AxiosLib = Pick<AxiosStatic, 'create' | 'AxiosError' | 'AxiosHeaders'>;

/**
 * Answers are checked against the contract in development and tests only: a production build
 * trusts the backend (a newer backend may answer more than this build knows), and skips the work.
 */
const CHECK_RESPONSES = import.meta.env.DEV;

/** The request layer on axios, loaded with the module (the server, tests). */
export function createHttp(opts: HttpOptions): AxiosHttp {
  return createHttpOn(axios, opts);
}

/**
 * The browser's request layer (issue 14): the same layer, with axios (~20 KB gzip) loaded by the
 * first call instead of with the page. A server-rendered page hydrates from the data it came with,
 * so a phone runs the page before it has downloaded axios.
 */
export function createDeferredHttp(opts: HttpOptions): Http {
  let loading: Promise<Http> | null = null;
  const load = () =>
    (loading ??= import('axios').then(
      (lib) => createHttpOn(lib.default, opts),
      () => {
        // The chunk did not come (offline, or a deployment replaced it): the call failed to connect.
        loading = null;
        throw new ApiError(MESSAGES.network, { kind: 'transport', code: 502, status: 502 });
      },
    ));
  return {
    call: async (endpoint, call) => (await load()).call(endpoint, call),
    get: async (url, o) => (await load()).get(url, o),
    post: async (url, data, o) => (await load()).post(url, data, o),
    put: async (url, data, o) => (await load()).put(url, data, o),
    delete: async (url, o) => (await load()).delete(url, o),
    download: async (url, o) => (await load()).download(url, o),
    href: (url, params) => hrefOf(opts.baseURL, url, params),
  };
}

function createHttpOn(lib: AxiosLib, opts: HttpOptions): AxiosHttp {
  const { AxiosError, AxiosHeaders } = lib;
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((message: string, error: unknown) => console.error(message, error));
  let lastUnauthorizedAt = -Infinity;
  const instance = lib.create({
    baseURL: opts.baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json;charset=utf-8' },
    ...(opts.httpAgent ? { httpAgent: opts.httpAgent } : {}),
  });

  instance.interceptors.request.use((config: CallConfig) => {
    const headers = AxiosHeaders.from(config.headers);
    headers.set(PLATFORM_HEADER, PLATFORM_VALUE);
    if (config.isToken === false) {
      // The browser holds no token: the opt-out travels to the proxy, which obeys and strips it.
      headers.set(IS_TOKEN_HEADER, 'false');
    } else if (opts.token) {
      headers.set('Authorization', `Bearer ${opts.token}`);
    }
    config.headers = headers;

    if (config.params) {
      const query = toQueryString(config.params as object);
      if (query) config.url = `${config.url ?? ''}${config.url?.includes('?') ? '&' : '?'}${query}`;
      config.params = {};
    }

    const method = config.method?.toUpperCase();
    if (opts.storage && config.repeatSubmit !== false && (method === 'POST' || method === 'PUT')) {
      if (isRepeatSubmit(opts.storage, config.url ?? '', config.data, now())) {
        // Not a server answer: refuse before anything is sent, and tell the user (spec §5).
        opts.notifier?.error(MESSAGES.repeatSubmit);
        return Promise.reject(new ApiError(MESSAGES.repeatSubmit, { kind: 'repeat-submit', code: 0, status: 409 }));
      }
    }
    return config;
  });

  const notifyUnauthorized = () => {
    const at = now();
    if (at - lastUnauthorizedAt < UNAUTHORIZED_NOTICE_INTERVAL_MS) return;
    lastUnauthorizedAt = at;
    opts.notifier?.error(MESSAGES.unauthorized);
    opts.onUnauthorized?.();
  };

  instance.interceptors.response.use(
    (response) => {
      const config = response.config as CallConfig;
      const notify = config.notify !== false;
      // Binary payloads carry no envelope.
      if (config.responseType === 'blob' || config.responseType === 'arraybuffer') return response;
      const body = response.data as Envelope | null;
      if (body === null || typeof body !== 'object') {
        log(`unrecognised answer: ${config.method?.toUpperCase()} ${config.url}`, body);
        if (notify) opts.notifier?.error(MESSAGES.unknown);
        return Promise.reject(new ApiError(MESSAGES.unknown, { kind: 'response', code: 500 }));
      }
      const code = typeof body.code === 'number' ? body.code : 200;
      if (code === 200) return response;
      const serverMsg = typeof body.msg === 'string' ? body.msg : '';
      const msg = CODE_MESSAGES[code] ?? (serverMsg || MESSAGES.unknown);
      if (code === 401) {
        notifyUnauthorized();
        return Promise.reject(new ApiError(msg, { kind: 'response', code, isRedirect: Boolean(opts.onUnauthorized) }));
      }
      if (notify) {
        if (code === 500) opts.notifier?.error(msg);
        else opts.notifier?.notifyError(msg);
      }
      return Promise.reject(new ApiError(msg, { kind: 'response', code }));
    },
    (error: unknown) => {
      if (error instanceof ApiError) return Promise.reject(error);
      if (!(error instanceof AxiosError)) {
        log('request failed', error);
        return Promise.reject(new ApiError(MESSAGES.unknown, { kind: 'transport', code: 500 }));
      }
      const status = error.response?.status;
      const body = error.response?.data as Envelope | undefined;
      if (status === 401) opts.onTransportUnauthorized?.();
      const timedOut = error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT;
      // The proxy answers 502/504 with a Chinese msg; without one, say what kind of failure it was.
      const message =
        typeof body?.msg === 'string' && body.msg
          ? body.msg
          : timedOut
            ? MESSAGES.timeout
            : status
              ? `系统接口${status}异常`
              : MESSAGES.network;
      log(`request failed: ${error.config?.method?.toUpperCase()} ${error.config?.url}`, error.message);
      const fallbackStatus = status ?? (timedOut ? 504 : 502);
      return Promise.reject(
        new ApiError(message, {
          kind: 'transport',
          code: typeof body?.code === 'number' ? body.code : fallbackStatus,
          status: fallbackStatus,
        }),
      );
    },
  );

  const call = async (config: AxiosRequestConfig, o: RequestOptions): Promise<unknown> => {
    const flags: CallFlags = { isToken: o.isToken, repeatSubmit: o.repeatSubmit, notify: o.notify };
    const response = await instance.request<unknown>({ ...config, ...flags, params: o.params, timeout: o.timeout, headers: o.headers });
    return response.data;
  };

  return {
    axios: instance,
    call: async <E extends Endpoint>(endpoint: E, { path, data, ...o }: EndpointCall = {}) => {
      const url = path ? apiPath(endpoint.path, path) : endpoint.path;
      const body = await call({ url, method: endpoint.method.toLowerCase(), data }, o);
      if (!CHECK_RESPONSES) return body as ResponseOf<E>;
      const checked = endpoint.response.safeParse(body);
      if (checked.success) return checked.data as ResponseOf<E>;
      // Development and tests only: the message helper brings zod's schemas of the fields with it.
      const { firstProblem } = await import('@shared/contract/fields');
      log(`answer breaks the contract: ${endpoint.method} ${url}: ${firstProblem(checked.error)}`, body);
      throw new ApiError(MESSAGES.unknown, { kind: 'response', code: 500 });
    },
    get: (url, o = {}) => call({ url, method: 'get' }, o),
    post: (url, data, o = {}) => call({ url, method: 'post', data }, o),
    put: (url, data, o = {}) => call({ url, method: 'put', data }, o),
    delete: (url, o = {}) => call({ url, method: 'delete' }, o),
    download: async (url, o = {}) => {
      const flags: CallFlags = { isToken: o.isToken, repeatSubmit: o.repeatSubmit, notify: o.notify };
      const response = await instance.request<Blob>({
        url,
        method: o.method ?? 'get',
        responseType: 'blob',
        ...flags,
        params: o.params,
        timeout: o.timeout,
        headers: o.headers,
      });
      return { data: response.data, headers: { ...response.headers } };
    },
    href: (url, params) => hrefOf(opts.baseURL, url, params),
  };
}

/** spec §8 "navigation or data-fetch error": the status an error page shows. */
export function errorStatus(error: unknown): number {
  if (error && typeof error === 'object') {
    const e = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
    for (const candidate of [e.statusCode, e.status, e.response?.status]) {
      if (typeof candidate === 'number' && candidate >= 400 && candidate < 600) return candidate;
    }
  }
  return 500;
}
