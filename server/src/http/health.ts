import type { RequestHandler } from 'express';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { BackendError, UPSTREAM_TIMEOUT_MS, parseEnvelope, type BackendClient } from '../upstream/backend-client';
import type { SharedRedis } from '../scale/redis';

/** A cheap public call of the contract, so the probe works against any backend (ours or Java). */
const PROBE_PATH = '/api/system/config/configKey/sys.site.title';
/** The extensions' backend answers ext calls only: it is asked what it offers. */
const EXT_PROBE_PATH = ENDPOINTS.capabilities.path;

/**
 * What the probe found: `up` (an envelope within the time limit), `busy` (a connection, but no
 * answer within the limit) or `down` (refused, reset, closed, or an answer that is no envelope).
 */
export type BackendProbe = 'up' | 'busy' | 'down';

export async function probeBackend(backend: BackendClient, timeoutMs = 1000, path = PROBE_PATH): Promise<BackendProbe> {
  try {
    const answer = await backend.call({ path, headers: { accept: 'application/json' }, timeoutMs, maxBytes: 64 * 1024 });
    const body = parseEnvelope(answer.bytes);
    return answer.status === 200 && (path === PROBE_PATH ? typeof body?.code === 'number' : body?.code === 200) ? 'up' : 'down';
  } catch (error) {
    if (error instanceof BackendError) return error.failure === 'timeout' ? 'busy' : 'down';
    throw error;
  }
}

/**
 * A backend that is busy is not unhealthy: pulling the instance would move its load onto the
 * others' same backend, and its requests still get answers within the proxy's own timeout. Only a
 * backend silent for longer than that timeout, twice over, is taken for hung (a stopped process
 * whose kernel still accepts connections).
 */
export const BUSY_GRACE_MS = 2 * UPSTREAM_TIMEOUT_MS;

export interface HealthOptions {
  redis?: SharedRedis | undefined;
  /** The extensions' backend, when EXT_BACKEND_URL names one of its own (upstream/backends.ts). */
  ext?: BackendClient | undefined;
  probeTimeoutMs?: number;
  busyGraceMs?: number;
  now?: () => number;
}

/**
 * GET /healthz: 200 when this server and its backend answer, 503 otherwise (take it out of the
 * balancer). A backend slower than the probe's second is `degraded`, still 200, until it has been
 * so for BUSY_GRACE_MS. With `REDIS_URL`, Redis unreachable is `degraded`, still 200: the instance
 * serves every page and call, with local rate limits and no shared render cache, and pulling it
 * would pull every instance at once, since they share the one Redis. The extensions' backend
 * (EXT_BACKEND_URL) down or busy is `degraded` too: the pages hide its features, as against a CMS
 * without them, and everything else works. `reason` says why.
 */
export function healthHandler(backend: BackendClient, options: HealthOptions = {}): RequestHandler {
  const { redis, ext, probeTimeoutMs = 1000, busyGraceMs = BUSY_GRACE_MS, now = Date.now } = options;
  const startedAt = now();
  /** When the probes began to time out, one after another; null while the backend answers. */
  let busySince: number | null = null;
  return async (_req, res) => {
    const [probe, redisProblem, extProbe] = await Promise.all([
      probeBackend(backend, probeTimeoutMs),
      redis ? redis.check() : null,
      ext ? probeBackend(ext, probeTimeoutMs, EXT_PROBE_PATH) : null,
    ]);
    if (probe !== 'busy') busySince = null;
    else busySince ??= now();
    const backendUp = probe === 'up' || (probe === 'busy' && now() - (busySince ?? now()) < busyGraceMs);
    const reasons = [
      ...(probe === 'busy' && backendUp ? [`后端繁忙（${probeTimeoutMs} 毫秒内未应答）：请求仍在处理，响应变慢`] : []),
      ...(redisProblem !== null ? [`Redis 不可用（${redisProblem}）：限流按本实例计数，页面缓存暂停`] : []),
      ...(extProbe === 'down' ? ['扩展后端不可用：扩展功能暂时隐藏'] : []),
      ...(extProbe === 'busy' ? [`扩展后端繁忙（${probeTimeoutMs} 毫秒内未应答）`] : []),
    ];
    const status = !backendUp ? 'unavailable' : reasons.length > 0 ? 'degraded' : 'ok';
    res
      .status(backendUp ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({
        status,
        backend: probe === 'up' ? 'up' : probe === 'busy' && backendUp ? 'busy' : 'down',
        ...(redis ? { redis: redisProblem === null ? 'up' : 'down' } : {}),
        ...(extProbe !== null ? { ext: extProbe } : {}),
        ...(reasons.length > 0 ? { reason: reasons.join('；') } : {}),
        uptime: Math.round((now() - startedAt) / 1000),
      });
  };
}
