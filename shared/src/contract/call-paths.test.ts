import { describe, expect, it } from 'vitest';
import { feedBodyPath } from '../alerts/feeds';
import { OCDS_RELEASES_BODY_PATH, ocdsRecordBodyPath } from '../ocds/paths';
import type { Endpoint } from './endpoint';
import { ENDPOINTS } from './endpoints';
import { CALL_PATTERNS, backendOfCall, canonicalCallPath } from './call-paths';

const entries = Object.entries(ENDPOINTS) as [string, Endpoint][];
/** A concrete call of an endpoint: each `:param` filled with a value of its own. */
const concrete = (path: string) => path.replace(/:([A-Za-z]+)/g, (_m, name: string) => (/id$/i.test(name) ? '42' : `x${name}`));

describe('which backend answers a call', () => {
  it.each(entries)('%s goes where the contract marks it', (_name, endpoint) => {
    const expected = endpoint.ext ? 'ext' : 'cms';
    expect(backendOfCall(concrete(endpoint.path))).toBe(expected);
    // As the proxy and the request layer see it: other case, a trailing slash, a query string.
    expect(backendOfCall(`${concrete(endpoint.path).toUpperCase()}/?pageNum=1`)).toBe(expected);
  });

  it('covers every endpoint of the contract, once', () => {
    expect(CALL_PATTERNS.map((call) => call.name).sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });

  it('never has a spec call and an ext call on one path, so the path alone decides', () => {
    for (const [name, endpoint] of entries) {
      const path = canonicalCallPath(concrete(endpoint.path))!;
      const others = CALL_PATTERNS.filter((call) => call.pattern.test(path) && Boolean(call.endpoint.ext) !== Boolean(endpoint.ext));
      expect(
        others.map((call) => call.name),
        name,
      ).toEqual([]);
    }
  });

  it('sends the feed bodies and the open-data packages to the extensions’ backend and unknown paths to the CMS', () => {
    expect(backendOfCall(feedBodyPath('a'.repeat(32), 'atom'))).toBe('ext');
    expect(backendOfCall(`${OCDS_RELEASES_BODY_PATH}?since=2026-11-01&pageSize=10`)).toBe('ext');
    expect(backendOfCall(ocdsRecordBodyPath('ocds-xxxxxx-LCDC-2026-0133'))).toBe('ext');
    expect(backendOfCall('/actuator/health')).toBe('cms');
    expect(backendOfCall('/%E0%A4%A')).toBe('cms');
  });
});
