/**
 * What one call of the CMS API is, as plain data: method, path, auth and, for calls beyond spec §7,
 * the feature that offers it. Each domain lists its calls with `endpoints()` (`<domain>/endpoints.ts`)
 * and keys its zod schemas by the same names in a module of its own (`<domain>/schemas.ts`), so
 * whoever only calls the API — the browser — loads no zod. Nothing here imports zod.
 *
 * `auth`: 'member' answers `{code: 401}` without a valid bearer; 'optional' reads one when present;
 * 'public' ignores it; 'admin' needs the admin token header.
 */
import type { Feature } from '../system/features';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Auth = 'public' | 'optional' | 'member' | 'admin';

interface SpecCall {
  method: Method;
  /** Express-style path, `:name` for params. */
  path: string;
  auth: Auth;
  ext?: undefined;
  feature?: undefined;
}

/** Not in spec §7 (docs/api.md, marked ext): served only with the extensions on, named by `feature`. */
interface ExtCall extends Omit<SpecCall, 'ext' | 'feature'> {
  ext: true;
  feature: Feature;
}

/** One call as a domain's table writes it. */
export type EndpointEntry = SpecCall | ExtCall;

/** One call, named by its key in the tables (the key of its schemas too). */
export type Endpoint = EndpointEntry & { readonly name: string };

type Named<T extends Record<string, EndpointEntry>> = { readonly [K in keyof T & string]: T[K] & { readonly name: K } };

/** A domain's table of calls: each entry gets its key as `name`, which finds its schemas. */
export function endpoints<const T extends Record<string, EndpointEntry>>(table: T): Named<T> {
  const named: Record<string, Endpoint> = Object.fromEntries(Object.entries(table).map(([name, entry]) => [name, { ...entry, name }]));
  return named as Named<T>;
}

/** Fill `:name` params of a path: `apiPath('/cms/xmk/data/:id', {id: 3})` → `/cms/xmk/data/3`. */
export function apiPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path param ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
