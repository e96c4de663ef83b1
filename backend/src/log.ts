/**
 * The backend's log: JSON lines on stdout through pino, at LOG_LEVEL, like the portal's. Code that
 * logs takes a `Logger` (a message, and the error when there is one), so tests pass their own.
 */
import { pino, type Logger as Pino } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  info(message: string): void;
  error(message: string, err?: unknown): void;
}

export function createPino(level: LogLevel = 'info'): Pino {
  // `name` tells its lines from the portal's where both write to one stdout (the embedded backend).
  // Written synchronously: a line is out before the IPC `ready` message or an exit that follows it.
  return pino({ level, name: 'backend' }, pino.destination({ dest: 1, sync: true }));
}

/** A Logger writing through `pino`: errors go in `err`, with their stack. */
export function pinoLogger(logger: Pino): Logger {
  return {
    info: (message) => logger.info(message),
    error: (message, err) => (err === undefined ? logger.error(message) : logger.error({ err }, message)),
  };
}
