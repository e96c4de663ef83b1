/**
 * The request layer on axios (spec §5–§9): the interceptors that add the token and the platform
 * header, refuse a repeated submit and turn the response envelope into the body or an ApiError.
 * A module of its own: the server and tests import it with axios; the browser loads it
 * with axios on its first call (http.ts createDeferredHttp), so no page's first load carries it.
 */
import axios, { type AxiosRequestConfig, type AxiosStatic, type InternalAxiosRequestConfig } from 'axios';
import { MESSAGES, REPEAT_SUBMIT_INTERVAL_MS, REQUEST_TIMEOUT_MS, SESSION_OBJ_KEY } from '@shared/constants';
import { apiPath } from '@shared/contract/endpoint';
import type { AnyEndpoint } from '@shared/contract/endpoints';
import { hrefOf, toQueryString, type AxiosHttp, type EndpointCall, type HttpOptions, type RequestOptions } from './http';
import { ApiError } from './errors';
import { callHeaders, checkedAnswer, readEnvelope, transportError } from './envelope';

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

/** What the request layer uses of axios: the module itself, passed in so the browser can load it late. */
type AxiosLib = Pick<AxiosStatic, 'create' | 'AxiosError' | 'AxiosHeaders'>;

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
    config.headers = AxiosHeaders.from(config.headers).set(callHeaders(opts.token, config.isToken));

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
      const verdict = readEnvelope(response.data, Boolean(opts.onUnauthorized));
      if (verdict.ok) return response;
      if (verdict.unrecognised) log(`unrecognised answer: ${config.method?.toUpperCase()} ${config.url}`, response.data);
      if (verdict.notice === 'unauthorized') notifyUnauthorized();
      else if (notify && verdict.notice === 'toast') opts.notifier?.error(verdict.error.message);
      else if (notify && verdict.notice === 'notification') opts.notifier?.notifyError(verdict.error.message);
      return Promise.reject(verdict.error);
    },
    (error: unknown) => {
      if (error instanceof ApiError) return Promise.reject(error);
      if (!(error instanceof AxiosError)) {
        log('request failed', error);
        return Promise.reject(new ApiError(MESSAGES.unknown, { kind: 'transport', code: 500 }));
      }
      const status = error.response?.status;
      if (status === 401) opts.onTransportUnauthorized?.();
      const timedOut = error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT;
      log(`request failed: ${error.config?.method?.toUpperCase()} ${error.config?.url}`, error.message);
      return Promise.reject(transportError(status, error.response?.data, timedOut));
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
      return checkedAnswer(endpoint, url, body, log);
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
