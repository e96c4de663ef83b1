import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { browserEndpointsWithoutSchemas } from './browser-endpoints';

const ENDPOINTS = '/repo/shared/src/contract/endpoints.ts';
const plugin: Plugin = browserEndpointsWithoutSchemas(ENDPOINTS);

/** resolveId as the client (ssr false) or the server renderer's build calls it. */
function resolve(id: string, importer: string, ssr = false): unknown {
  const context = { environment: { config: { build: { ssr } } } };
  return (plugin.resolveId as (this: unknown, id: string, importer: string) => unknown).call(context, id, importer);
}

describe('the browser build of the endpoint table', () => {
  it('gets empty schemas for the table’s own import of ./schemas, and only there', () => {
    const empty = resolve('./schemas', ENDPOINTS);
    expect(empty).toEqual(expect.any(String));
    expect((plugin.load as (id: unknown) => unknown)(empty)).toBe('export const SCHEMAS = {};');
    // Forms and the search query import the real schemas.
    expect(resolve('./schemas', '/repo/client/src/components/search-query.ts')).toBeUndefined();
    expect(resolve('./other', ENDPOINTS)).toBeUndefined();
  });

  it('leaves the server renderer’s build the real schemas', () => {
    expect(resolve('./schemas', ENDPOINTS, true)).toBeUndefined();
    expect(plugin.apply).toBe('build');
  });
});
