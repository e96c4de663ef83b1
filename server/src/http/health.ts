import type { RequestHandler } from 'express';
import type { BackendClient } from '../upstream/backend-client';
import type { SharedRedis } from '../scale/redis';

/** A cheap public call of the contract, so the probe works against any backend (ours or Java). */
const PROBE_PATH = '/api/system/config/configKey/sys.site.title';

/** Resolves true when the backend answers the probe with a JSON envelope within the time limit. */
export async function probeBackend(backend: BackendClient, timeoutMs = 1000): Promise<boolean> {
  const answer = await backend.getEnvelope(PROBE_PATH, { timeoutMs, maxBytes: 64 * 1024 });
  return answer !== null && answer.status === 200 && typeof answer.body.code === 'number';
}

/**
 * GET /healthz: 200 when this server and its backend answer, 503 otherwise (take it out of the
 * balancer). With `REDIS_URL`, Redis unreachable is `degraded`, still 200: the instance
 * serves every page and call, with local rate limits and no shared render cache, and pulling it
 * would pull every instance at once, since they share the one Redis. `reason` says why.
 */
export function healthHandler(backend: BackendClient, redis?: SharedRedis): RequestHandler {
  const startedAt = Date.now();
  return async (_req, res) => {
    const [backendUp, redisProblem] = await Promise.all([probeBackend(backend), redis ? redis.check() : null]);
    const status = !backendUp ? 'unavailable' : redisProblem !== null ? 'degraded' : 'ok';
    res
      .status(backendUp ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({
        status,
        backend: backendUp ? 'up' : 'down',
        ...(redis ? { redis: redisProblem === null ? 'up' : 'down' } : {}),
        ...(redisProblem !== null ? { reason: `Redis 不可用（${redisProblem}）：限流按本实例计数，页面缓存暂停` } : {}),
        uptime: Math.round((Date.now() - startedAt) / 1000),
      });
  };
}
