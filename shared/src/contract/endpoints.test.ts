import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FEATURES } from '../system/features';
import type { Endpoint } from './endpoint';
import { ENDPOINTS } from './endpoints';
import type { EndpointSchemas } from './envelopes';
import { SCHEMAS } from './schemas';

const entries = Object.entries(ENDPOINTS) as [string, Endpoint][];
const schemasOf = (name: string) => (SCHEMAS as Record<string, EndpointSchemas | undefined>)[name];
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).sort();

/** The schema's object keys, looking through refinements. */
function keysOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape).sort();
  throw new Error('not an object schema');
}

describe('every endpoint has its schemas', () => {
  it.each(entries)('%s', (name, endpoint) => {
    expect(endpoint.name).toBe(name);
    const schemas = schemasOf(name);
    expect(schemas?.response).toBeInstanceOf(z.ZodType);
    // Path values: a schema exactly when the path has `:name`s, with exactly those keys.
    const params = pathParams(endpoint.path);
    if (params.length === 0) expect(schemas?.params).toBeUndefined();
    else expect(keysOf(schemas!.params!)).toEqual(params);
    // GET and DELETE carry no body.
    if (endpoint.method === 'GET' || endpoint.method === 'DELETE') expect(schemas?.body).toBeUndefined();
    for (const schema of [schemas?.query, schemas?.body]) if (schema) expect(schema).toBeInstanceOf(z.ZodType);
  });

  it('and every schema entry names an endpoint', () => {
    expect(Object.keys(SCHEMAS).sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });

  it('names only known features, and every feature but mail has a call', () => {
    const named = new Set(entries.flatMap(([, endpoint]) => (endpoint.ext ? [endpoint.feature] : [])));
    expect([...named].every((feature) => (FEATURES as readonly string[]).includes(feature))).toBe(true);
    // 'mail' depends on the backend's configuration (an SMTP server), not on a call.
    expect(FEATURES.filter((feature) => !named.has(feature))).toEqual(['mail']);
  });

  it('a body that is not a JSON object is refused in Chinese', () => {
    const result = SCHEMAS.addMsg.body.safeParse('text');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('请求体必须是 JSON 对象');
  });

  it('response schemas check the envelope and keep what they do not know', () => {
    expect(SCHEMAS.zbSearch.response.safeParse({ code: 200, msg: 'ok', total: 1, rows: [{ id: 1 }], extra: 1 }).data).toEqual({
      code: 200,
      msg: 'ok',
      total: 1,
      rows: [{ id: 1 }],
      extra: 1,
    });
    expect(SCHEMAS.zbSearch.response.safeParse({ code: 200, msg: 'ok', rows: [] }).success).toBe(false);
    expect(SCHEMAS.notice.response.safeParse({ code: 200, msg: 'ok' }).success).toBe(false);
    expect(SCHEMAS.memberInfo.response.safeParse({ code: 200, msg: 'ok', user: {}, roles: [] }).success).toBe(true);
  });
});
