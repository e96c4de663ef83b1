/**
 * Graceful stop of the portal's HTTP server (SIGTERM, under load too): requests already
 * being answered finish; a request that arrives on a kept-alive connection after the signal gets
 * a clean 503 with `Connection: close`; new connections are refused because the listener is
 * closed. Connections are closed as soon as they fall idle, so a load balancer's pooled sockets do
 * not hold the process for the whole keep-alive timeout.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { MESSAGES } from '@shared/constants';

/** How often idle kept-alive connections are closed while draining. */
const IDLE_SWEEP_MS = 100;

export interface Drain {
  /** The server's request listener: the app, or a 503 once draining has begun. */
  listener: RequestListener;
  /** Stop accepting, finish what is in flight; resolves when the last connection is gone. */
  drain(): Promise<void>;
}

function refuse(_req: IncomingMessage, res: ServerResponse): void {
  const body = JSON.stringify({ code: 503, msg: MESSAGES.upstreamDown });
  res.writeHead(503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Retry-After': '5',
    Connection: 'close',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

export function createDrain(server: Server, app: RequestListener, opts: { graceMs: number; log: (message: string) => void }): Drain {
  let draining: Promise<void> | null = null;
  return {
    listener: (req, res) => (draining ? refuse(req, res) : app(req, res)),
    drain() {
      draining ??= new Promise<void>((resolve) => {
        const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
        const force = setTimeout(() => {
          opts.log('shutdown grace period over, closing remaining connections');
          server.closeAllConnections();
        }, opts.graceMs);
        force.unref();
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      return draining;
    },
  };
}
