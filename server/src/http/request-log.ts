/**
 * The access log and the request id (issue 11 item 17): pino-http writes one JSON line per
 * request with the id it gave it, the same id goes back as `X-Request-Id` and on to the backend in
 * the request's own headers, which the proxy forwards (the backend logs it with any error).
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { REQUEST_ID_HEADER, isRequestId } from '@shared/constants';

/** The portal's logger: JSON lines on stdout, `LOG_LEVEL` (default info). */
export function createLogger(level = 'info'): Logger {
  return pino({ level });
}

/** createApp's `(message, error)` log, written through pino. */
export function logThrough(logger: Logger): (message: string, error?: unknown) => void {
  return (message, error) => {
    if (error === undefined) logger.info(message);
    else logger.error({ err: error }, message);
  };
}

/** Health probes and hashed assets are too many to log one by one and say nothing about users. */
const QUIET = /^\/(healthz|dist\/)/;

/** Without a logger (tests) the ids are still given and passed on; nothing is written. */
export function requestLog(logger: Logger = pino({ level: 'silent' })): RequestHandler {
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const given = req.headers[REQUEST_ID_HEADER];
      const id = isRequestId(given) ? given : randomUUID();
      req.headers[REQUEST_ID_HEADER] = id;
      res.setHeader('X-Request-Id', id);
      return id;
    },
    autoLogging: { ignore: (req) => QUIET.test(req.url ?? '') },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    // Method, URL and status only: headers carry the member's cookie.
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
