import type { ErrorRequestHandler, Response } from 'express';
import { MESSAGES } from '@shared/constants';

/** An operational error with the status to answer and a Chinese message safe to show. */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

/** Statuses our own parsers and Express raise for bad input, and what the client is told. */
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

/**
 * JSON in the backend's envelope, so the SPA's request layer reads it like any other answer. The
 * type is set outright: the proxy may already have copied an upstream's (say text/html) onto `res`.
 */
export function sendJsonError(res: Response, status: number, msg: string): void {
  res.status(status).set({ 'Cache-Control': 'no-store', 'Content-Type': 'application/json; charset=utf-8' }).json({ code: status, msg });
}

/**
 * The error page when React could not render one: static, no script, no data, so it cannot fail
 * the way the page just did.
 */
export function sendErrorPage(res: Response, status: number): void {
  const title = status >= 502 && status <= 504 ? '服务暂时不可用' : '页面加载失败';
  res
    .status(status)
    .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' })
    .send(
      `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
        `<title>出错了 ${status}</title></head><body><main role="alert"><p>${status}</p><h1>${title}</h1>` +
        `<p>${MESSAGES.unknown}</p><p><a href="">重新加载</a> <a href="/">返回首页</a></p></main></body></html>`,
    );
}

/**
 * The one error handler, last. It never sends a stack: operational errors are answered with their
 * message, anything else is logged loudly and answered with a generic 500.
 */
export function errorHandler(log: (message: string, error: unknown) => void): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status =
      error instanceof HttpError
        ? error.status
        : typeof (error as { status?: unknown }).status === 'number'
          ? (error as { status: number }).status
          : 500;
    if (status >= 500) log(`unhandled error on ${req.method} ${req.path}`, error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const msg = error instanceof HttpError ? error.message : (CLIENT_ERRORS[status] ?? '服务器内部错误');
    sendJsonError(res, status >= 400 && status < 600 ? status : 500, msg);
  };
}
