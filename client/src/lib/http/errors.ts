/** The request layer's one error type, and the status an error page shows for any failure (spec §8). */

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
