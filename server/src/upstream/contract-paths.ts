/**
 * Which paths the public API prefix may reach: the contract's (`ENDPOINTS`, docs/api.md), minus
 * the staff endpoints, spelled plainly. Anything else a production backend serves — RuoYi's
 * monitoring and admin pages, API docs, whatever a deployment adds — stays off the public site,
 * and so do spellings a servlet container would normalise into another path (`..`, `;params`,
 * encoded slashes).
 */
import type { Endpoint } from '@shared/contract/endpoint';
import { ENDPOINTS } from '@shared/contract/endpoints';

/**
 * A path as a lenient router matches it: %-escapes decoded, case folded, trailing slashes dropped
 * (Express and Spring route `/API/member/login/` to the login). Null when it does not decode.
 */
export function canonicalCallPath(path: string): string | null {
  try {
    return decodeURIComponent(path).toLowerCase().replace(/\/+$/, '') || '/';
  } catch {
    return null;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function pattern(endpoint: Endpoint): RegExp {
  const path = canonicalCallPath(endpoint.path) ?? endpoint.path;
  return new RegExp(
    `^${path
      .split(/:[a-z]+/i)
      .map(escapeRegExp)
      .join('[^/]+')}$`,
  );
}

const PUBLIC_PATTERNS = Object.values(ENDPOINTS as Record<string, Endpoint>)
  .filter((e) => e.auth !== 'admin')
  .map(pattern);

const NAMED_PATTERNS = Object.entries(ENDPOINTS as Record<string, Endpoint>).map(([name, endpoint]) => ({
  name,
  method: endpoint.method,
  pattern: pattern(endpoint),
}));

/**
 * The contract's name of the call `method path` (relative to the API prefix): `zbSearch` for
 * `GET /api/zb/search`; null when no endpoint has that path and method. The route group of
 * /metrics, which must never be the raw path.
 */
export function contractEndpointOf(method: string, path: string): string | null {
  const canonical = canonicalCallPath(path);
  if (canonical === null) return null;
  const asked = method === 'HEAD' ? 'GET' : method;
  return NAMED_PATTERNS.find((e) => e.method === asked && e.pattern.test(canonical))?.name ?? null;
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
