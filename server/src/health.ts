import type { RequestHandler } from 'express';
import type { BackendClient } from './backend-client';

/** A cheap public call of the contract, so the probe works against any backend (ours or Java). */
const PROBE_PATH = '/api/system/config/configKey/sys.site.title';

/** Resolves true when the backend answers the probe with a JSON envelope within the time limit. */
export async function probeBackend(backend: BackendClient, timeoutMs = 1000): Promise<boolean> {
  const answer = await backend.getEnvelope(PROBE_PATH, { timeoutMs, maxBytes: 64 * 1024 });
  return answer !== null && answer.status === 200 && typeof answer.body.code === 'number';
}

/** GET /healthz: 200 when this server and its backend answer, 503 otherwise. */
export function healthHandler(backend: BackendClient): RequestHandler {
  const startedAt = Date.now();
  return async (_req, res) => {
    const backendUp = await probeBackend(backend);
    res
      .status(backendUp ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({
        status: backendUp ? 'ok' : 'unavailable',
        backend: backendUp ? 'up' : 'down',
        uptime: Math.round((Date.now() - startedAt) / 1000),
      });
  };
}
