import type { Agent } from 'node:http';
import { request } from 'node:http';
import type { RequestHandler } from 'express';

/** A cheap public call of the contract, so the probe works against any backend (ours or Java). */
const PROBE_PATH = '/api/system/config/configKey/sys.site.title';

/** Resolves true when the backend answers the probe with a JSON envelope within the time limit. */
export function probeBackend(backendURL: string, agent: Agent, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(new URL(PROBE_PATH, backendURL), { agent, timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk.length + body.length < 65_536 ? chunk : ''));
      res.on('end', () => {
        try {
          resolve(res.statusCode === 200 && typeof (JSON.parse(body) as { code?: unknown }).code === 'number');
        } catch {
          resolve(false);
        }
      });
      res.on('error', () => resolve(false));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** GET /healthz: 200 when this server and its backend answer, 503 otherwise. */
export function healthHandler(backendURL: string, agent: Agent): RequestHandler {
  const startedAt = Date.now();
  return async (_req, res) => {
    const backendUp = await probeBackend(backendURL, agent);
    res
      .status(backendUp ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: backendUp ? 'ok' : 'unavailable', backend: backendUp ? 'up' : 'down', uptime: Math.round((Date.now() - startedAt) / 1000) });
  };
}
