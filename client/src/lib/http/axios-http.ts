/**
 * The request layer on axios (spec §5–§9): the interceptors that add the token and the platform
 * header, refuse a repeated submit and turn the response envelope into the body or an ApiError.
 * A module of its own: the server and tests import it with axios; the browser loads it
 * with axios on its first call (http.ts createDeferredHttp), so no page's first load carries it.
 */
import axios, { type AxiosRequestConfig, type AxiosStatic, type InternalAxiosRequestConfig } from 'axios';
import {
  IS_TOKEN_HEADER,
  MESSAGES,
  PLATFORM_HEADER,
  PLATFORM_VALUE,
  REPEAT_SUBMIT_INTERVAL_MS,
  REQUEST_TIMEOUT_MS,
  SESSION_OBJ_KEY,
} from '@shared/constants';
import { apiPath } from '@shared/contract/endpoint';
import type { AnyEndpoint } from '@shared/contract/endpoints';
import type { EndpointSchemas } from '@shared/contract/envelopes';
import { hrefOf, toQueryString, type AxiosHttp, type EndpointCall, type HttpOptions, type RequestOptions, type ResponseOf } from './http';
import { ApiError } from './errors';

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

/** What the request layer uses of axios: the module itself, passed in so the browser can load it late. */
type AxiosLib = Pick<AxiosStatic, 'create' | 'AxiosError' | 'AxiosHeaders'>;

/**
 * Answers are checked against the contract in development and tests only: a production build
 * trusts the backend (a newer backend may answer more than this build knows), and skips the work.
 */
const CHECK_RESPONSES = import.meta.env.DEV;
/** The schemas to check answers with (they bring zod), loaded with this module where answers are checked. */
const contract = CHECK_RESPONSES ? Promise.all([import('@shared/contract/schemas'), import('@shared/contract/fields')]) : null;

/** The request layer on axios, loaded with the module (the server, tests). */
export function createHttp(opts: HttpOptions): AxiosHttp {
  return createHttpOn(axios, opts);
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
    // axios picks one by the URL's scheme; the server's one agent is of BACKEND_URL's scheme.
    ...(opts.httpAgent ? { httpAgent: opts.httpAgent, httpsAgent: opts.httpAgent } : {}),
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
    call: async <E extends AnyEndpoint>(endpoint: E, { path, data, ...o }: EndpointCall = {}) => {
      const url = path ? apiPath(endpoint.path, path) : endpoint.path;
      const body = await call({ url, method: endpoint.method.toLowerCase(), data }, o);
      if (!contract) return body as ResponseOf<E>;
      const [{ SCHEMAS }, { firstProblem }] = await contract;
      const schemas: EndpointSchemas = SCHEMAS[endpoint.name];
      const checked = schemas.response.safeParse(body);
      if (checked.success) return checked.data as ResponseOf<E>;
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
