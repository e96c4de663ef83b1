/**
 * Which paths the public API prefix may reach: the contract's (`ENDPOINTS`, docs/api.md), minus
 * the staff endpoints, spelled plainly. Anything else a production backend serves — RuoYi's
 * monitoring and admin pages, API docs, whatever a deployment adds — stays off the public site,
 * and so do spellings a servlet container would normalise into another path (`..`, `;params`,
 * encoded slashes).
 */
import { CALL_PATTERNS, canonicalCallPath } from '@shared/contract/call-paths';

const PUBLIC_PATTERNS = CALL_PATTERNS.filter((call) => call.endpoint.auth !== 'admin').map((call) => call.pattern);

/**
 * The contract's name of the call `method path` (relative to the API prefix): `zbSearch` for
 * `GET /api/zb/search`; null when no endpoint has that path and method. The route group of
 * /metrics, which must never be the raw path.
 */
export function contractEndpointOf(method: string, path: string): string | null {
  const canonical = canonicalCallPath(path);
  if (canonical === null) return null;
  const asked = method === 'HEAD' ? 'GET' : method;
  return CALL_PATTERNS.find((e) => e.method === asked && e.pattern.test(canonical))?.name ?? null;
}

/** Spellings no page of ours produces and that some servers resolve to a different path. */
const AMBIGUOUS = /[;\\]|%2f|%5c|%00|\/\//i;

/** True when `path` (relative to the API prefix, as received) is a non-staff call of the contract. */
export function isContractPath(path: string): boolean {
  if (AMBIGUOUS.test(path)) return false;
  const canonical = canonicalCallPath(path);
  if (canonical === null || canonical.split('/').some((segment) => segment === '.' || segment === '..')) return false;
  return PUBLIC_PATTERNS.some((p) => p.test(canonical));
}
