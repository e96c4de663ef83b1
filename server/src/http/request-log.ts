/**
 * The portal's log, through pino. The access log and the request id: pino-http writes one JSON
 * line per request with the id it gave it, the same id goes back as `X-Request-Id` and on to the
 * backend in the request's own headers, which the proxy forwards (the backend logs it with any
 * error). And the last line of a process that met an error nobody caught.
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { REQUEST_ID_HEADER, isRequestId } from '@shared/constants';
import { redactUrl } from '@shared/redact';

/** The portal's logger: JSON lines on stdout, `LOG_LEVEL` (default info). */
export function createLogger(level = 'info'): Logger {
  return pino({ level });
}

/**
 * A bug nobody caught — an exception no handler caught, a rejected promise nobody awaited — leaves
 * the process in a state nobody can vouch for: it is logged through pino (synchronously, so the
 * line is written) and the process exits with 1. The cluster primary starts another worker
 * (scale/cluster.ts); a single process is restarted by whatever supervises it.
 */
export function exitOnUncaughtErrors(logger: Logger): void {
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'Uncaught exception: exiting');
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'Unhandled promise rejection: exiting');
    process.exit(1);
  });
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
    // Method, URL and status only: headers carry the member's cookie; credentials in the URL are blanked.
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
