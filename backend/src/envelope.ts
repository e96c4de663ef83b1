/**
 * RuoYi's response envelopes and the one error handler (spec §7, §8; DOMAIN.md). Business failures
 * are HTTP 200 with a body `code` and a Chinese `msg`; only transport-level problems (unparseable or
 * oversized bodies, unknown paths, wrong methods) use another HTTP status, and their body still
 * carries `{code, msg}` so every client reads failures the same way.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { AckResult, AjaxResult, TableDataInfo } from '@shared/contract/common';
import { MESSAGES, REQUEST_ID_HEADER, isRequestId } from '@shared/constants';
import { redactUrl } from '@shared/redact';

/** RuoYi's success messages. */
export const MSG_SUCCESS = '操作成功';
export const MSG_QUERY_SUCCESS = '查询成功';

/** A failure the caller caused or may see; `msg` is safe to show. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
    /** What the failure answers besides code and msg (a refused import's bad lines). */
    readonly data?: unknown,
    /** HTTP headers of the answer (`Retry-After` of a refusal under load). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** `{code: 500}` with a message naming what was wrong: RuoYi's code for refused input. */
export const invalid = (msg: string) => new ApiError(500, msg);
export const notFound = (msg: string = MESSAGES.notFound) => new ApiError(404, msg);
export const unauthorized = () => new ApiError(401, MESSAGES.unauthorized);
export const forbidden = () => new ApiError(403, MESSAGES.forbidden);

export function success<T>(data: T, msg = MSG_SUCCESS): AjaxResult<T> {
  return { code: 200, msg, data };
}

export function ack(msg = MSG_SUCCESS): AckResult {
  return { code: 200, msg };
}

export function table<T>(rows: T[], total: number, extra: { totalCapped?: boolean; msg?: string } = {}): TableDataInfo<T> {
  const body: TableDataInfo<T> = { code: 200, msg: extra.msg ?? MSG_QUERY_SUCCESS, total, rows };
  if (extra.totalCapped !== undefined) body.totalCapped = extra.totalCapped;
  return body;
}

/** Mounted after every route: a path the API does not have. */
export const unknownPath: RequestHandler = (_req, res) => {
  res.status(404).json({ code: 404, msg: MESSAGES.notFound });
};

/** body-parser and router errors carry these; anything else is a programmer error. */
interface TransportError {
  type?: unknown;
  status?: unknown;
}

function transportFailure(err: unknown): ApiError | null {
  if (typeof err !== 'object' || err === null) return null;
  const { type, status } = err as TransportError;
  switch (type) {
    case 'entity.parse.failed':
      return new ApiError(400, '请求体不是有效的 JSON', 400);
    case 'entity.too.large':
      return new ApiError(413, '请求数据过大', 413);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError(415, '不支持的请求编码', 415);
    case 'request.aborted':
      return new ApiError(400, '请求被中断', 400);
    default:
      break;
  }
  // Express answers a malformed %-escape in a path parameter with a URIError of status 400.
  if (err instanceof URIError || status === 400) return new ApiError(400, '请求参数不合法', 400);
  return null;
}

export interface ErrorLogger {
  error(message: string, err: unknown): void;
}

/**
 * The one error handler, last. Never sends a stack, SQL text or an exception message it did not
 * write itself; unexpected errors are logged with their stack and answered with spec §8's
 * "unknown error" message.
 */
export function errorHandler(log: ErrorLogger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const known = err instanceof ApiError ? err : transportFailure(err);
    if (known) {
      if (known.headers) res.set(known.headers);
      res
        .status(known.httpStatus)
        .json(
          known.data === undefined ? { code: known.code, msg: known.message } : { code: known.code, msg: known.message, data: known.data },
        );
      return;
    }
    // The portal's request id (X-Request-Id) ties this line to the portal's access log.
    const id = req.get(REQUEST_ID_HEADER);
    log.error(`unhandled error on ${req.method} ${redactUrl(req.path)}${isRequestId(id) ? ` (request ${id})` : ''}`, err);
    res.status(200).json({ code: 500, msg: MESSAGES.unknown });
  };
}
