/**
 * The request layer of spec §5–§9: one axios instance per environment (the browser has one; the
 * server builds one per request, pointed at the backend with that request's token). The response
 * envelope is checked here and nowhere else: callers get the body of a `code: 200` answer or an
 * ApiError.
 */
import axios, { AxiosError, AxiosHeaders, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import {
  IS_TOKEN_HEADER,
  MESSAGES,
  PLATFORM_HEADER,
  PLATFORM_VALUE,
  REPEAT_SUBMIT_INTERVAL_MS,
  REQUEST_TIMEOUT_MS,
  SESSION_OBJ_KEY,
} from '@shared/constants';

/** Per-call options of spec §5–§7. */
export interface RequestOptions {
  params?: object;
  data?: unknown;
  timeout?: number;
  /** false: send no bearer (public calls). */
  isToken?: boolean;
  /** false: skip the duplicate-submit guard. */
  repeatSubmit?: boolean;
  headers?: Record<string, string>;
}

/**
 * A failed call. `code` is the body code (or the HTTP status for transport errors); `status` is
 * what an error page shows (spec §8: statusCode, status or the response status, default 500).
 */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  /** The 401 handler already navigated to login: error pages ignore this error (spec §2). */
  readonly isRedirect: boolean;
  /** A transport error: no envelope came back. */
  readonly transport: boolean;

  constructor(message: string, opts: { code: number; status?: number; isRedirect?: boolean; transport?: boolean }) {
    super(message);
    this.name = 'ApiError';
    this.code = opts.code;
    this.status = opts.status ?? (opts.code >= 400 && opts.code < 600 ? opts.code : 500);
    this.isRedirect = opts.isRedirect ?? false;
    this.transport = opts.transport ?? false;
  }
}

/** How failures reach the user; the browser wires antd's message/notification here. */
export interface Notifier {
  error(message: string): void;
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
  /** Server only: keep-alive agents for the backend. */
  httpAgent?: unknown;
}

/** spec §8: messages the client shows for these body codes instead of the server's. */
const CODE_MESSAGES: Record<number, string> = {
  401: MESSAGES.unauthorized,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
};

/**
 * spec §7: GET parameters as a query string; object values use bracketed keys, null and undefined
 * are skipped. `{a: 1, b: {c: 2}, d: null}` → `a=1&b%5Bc%5D=2`.
 */
export function toQueryString(params: object): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [sub, subValue] of Object.entries(value as Record<string, unknown>)) {
        if (subValue === null || subValue === undefined) continue;
        parts.push(`${encodeURIComponent(`${key}[${sub}]`)}=${encodeURIComponent(String(subValue))}`);
      }
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join('&');
}

interface SubmitRecord {
  url: string;
  data: string;
  time: number;
}

function readSubmitRecord(storage: NonNullable<HttpOptions['storage']>): SubmitRecord | null {
  try {
    return JSON.parse(storage.getItem(SESSION_OBJ_KEY) ?? 'null') as SubmitRecord | null;
  } catch {
    return null;
  }
}

/**
 * spec §5: a POST or PUT to the same url with identical data within 1000 ms of the previous one is
 * refused. The last write is remembered in sessionStorage (spec §3: url, data, time).
 */
function checkRepeatSubmit(storage: HttpOptions['storage'], url: string, data: unknown, now: number): boolean {
  if (!storage) return true;
  const record: SubmitRecord = { url, data: typeof data === 'string' ? data : JSON.stringify(data ?? ''), time: now };
  const previous = readSubmitRecord(storage);
  if (previous && previous.url === record.url && previous.data === record.data && now - previous.time < REPEAT_SUBMIT_INTERVAL_MS) {
    return false;
  }
  try {
    storage.setItem(SESSION_OBJ_KEY, JSON.stringify(record));
  } catch {
    // Storage full or disabled: the guard is a courtesy, the request still goes.
  }
  return true;
}

interface CallConfig extends InternalAxiosRequestConfig {
  isToken?: boolean;
  repeatSubmit?: boolean;
}

export interface Http {
  get<T>(url: string, options?: RequestOptions): Promise<T>;
  post<T>(url: string, data?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(url: string, data?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(url: string, options?: RequestOptions): Promise<T>;
  readonly axios: AxiosInstance;
}

export function createHttp(opts: HttpOptions): Http {
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((message: string, error: unknown) => console.error(message, error));
  const instance = axios.create({
    baseURL: opts.baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json;charset=utf-8' },
    ...(opts.httpAgent ? { httpAgent: opts.httpAgent } : {}),
  });

  instance.interceptors.request.use((config: CallConfig) => {
    const headers = AxiosHeaders.from(config.headers);
    headers.set(PLATFORM_HEADER, PLATFORM_VALUE);
    if (config.isToken === false) {
      headers.set(IS_TOKEN_HEADER, 'false');
    } else if (opts.token) {
      headers.set('Authorization', `Bearer ${opts.token}`);
    }
    config.headers = headers;

    if (config.method === 'get' && config.params) {
      const query = toQueryString(config.params as object);
      if (query) config.url = `${config.url}${config.url?.includes('?') ? '&' : '?'}${query}`;
      config.params = {};
    }

    const method = config.method?.toUpperCase();
    if (config.repeatSubmit !== false && (method === 'POST' || method === 'PUT')) {
      if (!checkRepeatSubmit(opts.storage, config.url ?? '', config.data, now())) {
        // Not a server answer: reject before anything is sent, and tell the user (spec §5).
        opts.notifier?.error(MESSAGES.repeatSubmit);
        return Promise.reject(new ApiError(MESSAGES.repeatSubmit, { code: 0, status: 409 }));
      }
    }
    return config;
  });

  instance.interceptors.response.use(
    (response) => {
      const body = response.data as { code?: unknown; msg?: unknown } | null;
      // Blobs and other non-envelope payloads pass through untouched.
      if (response.request?.responseType === 'blob' || response.request?.responseType === 'arraybuffer') return response;
      if (body === null || typeof body !== 'object') {
        log('接口返回了无法识别的数据', body);
        return Promise.reject(new ApiError(MESSAGES.unknown, { code: 500 }));
      }
      const code = typeof body.code === 'number' ? body.code : 200;
      if (code === 200) return response;
      const serverMsg = typeof body.msg === 'string' && body.msg ? body.msg : '';
      const msg = CODE_MESSAGES[code] ?? (serverMsg || MESSAGES.unknown);
      if (code === 401) {
        opts.onUnauthorized?.();
        return Promise.reject(new ApiError(msg, { code, isRedirect: Boolean(opts.onUnauthorized) }));
      }
      if (code === 500) {
        opts.notifier?.error(msg);
      } else {
        // 403, 404 and any other code: a notification titled with the message (spec §8).
        opts.notifier?.notifyError(msg);
      }
      return Promise.reject(new ApiError(msg, { code }));
    },
    (error: unknown) => {
      if (error instanceof ApiError) return Promise.reject(error);
      if (error instanceof AxiosError) {
        const status = error.response?.status;
        const body = error.response?.data as { code?: unknown; msg?: unknown } | undefined;
        if (status === 401) opts.onTransportUnauthorized?.();
        const timedOut = error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT;
        const message =
          typeof body?.msg === 'string' && body.msg
            ? body.msg
            : timedOut
              ? MESSAGES.timeout
              : status
                ? `系统接口${status}异常`
                : MESSAGES.network;
        log(`request failed: ${error.config?.method?.toUpperCase()} ${error.config?.url}`, error.message);
        return Promise.reject(
          new ApiError(message, {
            code: typeof body?.code === 'number' ? body.code : (status ?? (timedOut ? 504 : 502)),
            status: status ?? (timedOut ? 504 : 502),
            transport: true,
          }),
        );
      }
      log('request failed', error);
      return Promise.reject(new ApiError(MESSAGES.unknown, { code: 500, transport: true }));
    },
  );

  const call = async <T>(config: Partial<CallConfig>): Promise<T> => {
    const response = await instance.request<T>(config);
    return response.data;
  };

  return {
    axios: instance,
    get: (url, o = {}) => call({ url, method: 'get', params: o.params, timeout: o.timeout, isToken: o.isToken, headers: AxiosHeaders.from(o.headers ?? {}) }),
    post: (url, data, o = {}) =>
      call({ url, method: 'post', data, timeout: o.timeout, isToken: o.isToken, repeatSubmit: o.repeatSubmit, headers: AxiosHeaders.from(o.headers ?? {}) }),
    put: (url, data, o = {}) =>
      call({ url, method: 'put', data, params: o.params, timeout: o.timeout, isToken: o.isToken, repeatSubmit: o.repeatSubmit, headers: AxiosHeaders.from(o.headers ?? {}) }),
    delete: (url, o = {}) => call({ url, method: 'delete', timeout: o.timeout, isToken: o.isToken, headers: AxiosHeaders.from(o.headers ?? {}) }),
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
