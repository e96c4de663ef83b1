/**
 * The request layer of spec §5–§9: one axios instance per environment (the browser has one; the
 * server builds one per request, pointed at the backend with that request's token). The response
 * envelope is checked here and nowhere else: callers get the body of a `code: 200` answer or an
 * ApiError.
 */
import type { AxiosInstance } from 'axios';
import type { AnyEndpoint } from '@shared/contract/endpoints';
import type { Schemas } from '@shared/contract/schemas';
import type { z } from 'zod';

/**
 * spec §6: every call carries the bearer unless it opts out. Each opt-out says why, by which of
 * these it spreads into its options (docs/decisions/auth-and-session.md).
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

/** Options a form may pass, e.g. `notify: false` to show failures beside its fields. */
export type FormCallOptions = Pick<RequestOptions, 'notify'>;

/** A call of one ENDPOINTS entry: its path values, query (`params`) and JSON body. */
export interface EndpointCall extends RequestOptions {
  /** Values of the path's `:name`s. */
  path?: Record<string, string | number>;
  /** JSON body of a POST or PUT. */
  data?: unknown;
}

/** What an endpoint answers, as its response schema types it (types only: the browser loads no schema). */
export type ResponseOf<E extends AnyEndpoint> = z.output<Schemas[E['name']]['response']>;

export interface Http {
  /**
   * Calls one endpoint of the contract; the answer's type comes from the endpoint's response
   * schema. Development and tests check the answer against that schema
   * (docs/decisions/contract-and-validation.md).
   */
  call<E extends AnyEndpoint>(endpoint: E, call?: EndpointCall): Promise<ResponseOf<E>>;
  get(url: string, options?: RequestOptions): Promise<unknown>;
  post(url: string, data?: unknown, options?: RequestOptions): Promise<unknown>;
  put(url: string, data?: unknown, options?: RequestOptions): Promise<unknown>;
  delete(url: string, options?: RequestOptions): Promise<unknown>;
  /**
   * A file (the exports): the answer as a Blob with its headers; a refusal comes as an
   * envelope in the Blob. `method: 'head'` asks for the headers alone.
   */
  download(url: string, options?: DownloadOptions): Promise<Download>;
  /**
   * The address of a GET for the browser to follow itself (a download on a phone), in
   * the browser `/<product>/…?query`. Nothing is sent, and no bearer goes with it: the BFF adds
   * one only to our pages' calls and to their same-origin downloads (server/src/upstream/api-proxy.ts).
   */
  href(url: string, params?: object): string;
}

export interface DownloadOptions extends RequestOptions {
  method?: 'get' | 'head';
}

export function hrefOf(baseURL: string, url: string, params: object = {}): string {
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
