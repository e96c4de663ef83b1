/**
 * Calls of the contract found by their path, and which backend answers them. The portal may talk
 * to two backends (docs/decisions/two-backends.md): the CMS, which serves spec §7, and the
 * extensions' backend (EXT_BACKEND_URL), which serves every **ext** call of docs/api.md. The rule
 * is the contract's own mark: an endpoint with `ext: true` goes to the extensions' backend,
 * everything else to the CMS. The server's proxy, its allow-list, the render's backend calls and the
 * server's own calls (capabilities, feeds, sitemap, mail) all ask `backendOfCall`.
 */
import type { Endpoint } from './endpoint';
import { ENDPOINTS } from './endpoints';
import { FEED_BODY_ROUTE } from '../alerts/feeds';
import { OCDS_RECORD_BODY_ROUTE, OCDS_RELEASES_BODY_PATH } from '../ocds/paths';

/** The CMS (spec §7) or the extensions' backend (the ext calls). */
export type BackendRole = 'cms' | 'ext';

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

/** The canonical paths an Express-style path (`:name` params) stands for. */
export function callPattern(path: string): RegExp {
  const canonical = canonicalCallPath(path) ?? path;
  return new RegExp(
    `^${canonical
      .split(/:[a-z]+/i)
      .map(escapeRegExp)
      .join('[^/]+')}$`,
  );
}

export interface CallPattern {
  name: string;
  method: string;
  pattern: RegExp;
  endpoint: Endpoint;
}

/** Every endpoint of the contract with the pattern of its path. */
export const CALL_PATTERNS: readonly CallPattern[] = Object.entries(ENDPOINTS as Record<string, Endpoint>).map(([name, endpoint]) => ({
  name,
  method: endpoint.method,
  pattern: callPattern(endpoint.path),
  endpoint,
}));

/**
 * The paths the extensions' backend answers: the ext endpoints', the feed bodies (Atom and
 * iCalendar rather than the envelope, so not an endpoint of the table; shared/src/alerts/feeds.ts)
 * and the open-data packages (OCDS JSON; shared/src/ocds/paths.ts).
 */
const EXT_PATTERNS = [
  ...CALL_PATTERNS.filter((call) => call.endpoint.ext).map((call) => call.pattern),
  ...[FEED_BODY_ROUTE, OCDS_RELEASES_BODY_PATH, OCDS_RECORD_BODY_ROUTE].map(callPattern),
];

/**
 * Which backend answers a call at `path` (relative to the API prefix, query allowed): 'ext' for the
 * ext endpoints and the feed bodies, 'cms' for everything else (spec §7, and whatever no endpoint
 * names, which the proxy refuses before asking). No path serves a spec call and an ext call by
 * different methods (a test holds this), so the path alone decides.
 */
export function backendOfCall(path: string): BackendRole {
  const queryAt = path.indexOf('?');
  const canonical = canonicalCallPath(queryAt >= 0 ? path.slice(0, queryAt) : path);
  if (canonical === null) return 'cms';
  return EXT_PATTERNS.some((pattern) => pattern.test(canonical)) ? 'ext' : 'cms';
}
