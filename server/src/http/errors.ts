/**
 * The BFF's one error path: a handler that refuses or fails throws an HttpError (or passes it to
 * `next`), and errorHandler, mounted last, answers it. Nothing else writes an error answer.
 */
import type { ErrorRequestHandler, Response } from 'express';
import { MESSAGES } from '@shared/constants';

/**
 * The form of the answer, chosen by who asked: the API's JSON envelope (the SPA's request layer
 * reads it), the error page (a browser navigating), or plain text (feed readers, crawlers).
 */
export type ErrorBody = 'json' | 'page' | 'text';

export interface HttpErrorOptions {
  /** `code` of the JSON envelope; default the status. */
  code?: number;
  /** Default 'json'. */
  as?: ErrorBody;
  /** Headers the answer carries (`Retry-After`, `Allow`, `Connection: close`). */
  headers?: Record<string, string>;
}

/** An operational error: the status to answer and a message safe to show (Chinese, no internals). */
export class HttpError extends Error {
  readonly status: number;
  readonly code: number;
  readonly as: ErrorBody;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, message: string, opts: HttpErrorOptions = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = opts.code ?? status;
    this.as = opts.as ?? 'json';
    this.headers = opts.headers ?? {};
  }
}

/** Statuses Express and its middleware (express.static, parsers) raise for bad input, and what the client is told. */
const CLIENT_ERRORS: Record<number, string> = {
  400: '请求格式不正确',
  // express.static refuses `..` that escapes its folder with 403.
  403: MESSAGES.forbidden,
  404: '访问资源不存在',
  405: '不支持的请求方法',
  413: '请求内容过大',
  414: '请求地址过长',
  431: '请求头过大',
};

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * The error page when React could not render one: static, no script, no data, so it cannot fail
 * the way the page just did.
 */
function errorPage(status: number, title: string): string {
  return (
    `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
    `<title>出错了 ${status}</title></head><body><main role="alert"><p>${status}</p><h1>${escapeHtml(title)}</h1>` +
    `<p>${MESSAGES.unknown}</p><p><a href="">重新加载</a> <a href="/">返回首页</a></p></main></body></html>`
  );
}

/**
 * Writes `error`'s answer. The content type is set outright: the proxy may already have copied an
 * upstream's (say text/html) onto `res`.
 */
function sendError(res: Response, error: HttpError): void {
  res.status(error.status).set(error.headers);
  if (error.as === 'page') {
    res
      .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' })
      .send(errorPage(error.status, error.message));
  } else if (error.as === 'text') {
    res.set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).send(error.message);
  } else {
    res
      .set({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
      .json({ code: error.code, msg: error.message });
  }
}

/** The status an error that is not an HttpError asks for (Express's and its middleware's carry one), else 500. */
function statusOf(error: unknown): number {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/**
 * The one error handler, last. It never sends a stack: an HttpError is answered as it says, and
 * whoever threw it has logged what it needed; anything else is answered with the generic message
 * of its status, and logged loudly when that is a 5xx (something nobody expected went wrong).
 * An answer already under way cannot change its status: its connection is closed.
 */
export function errorHandler(log: (message: string, error: unknown) => void): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = error instanceof HttpError ? error.status : statusOf(error);
    if (!(error instanceof HttpError) && status >= 500) log(`unhandled error on ${req.method} ${req.path}`, error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendError(res, error instanceof HttpError ? error : new HttpError(status, CLIENT_ERRORS[status] ?? '服务器内部错误'));
  };
}
