import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS, type Endpoint } from './endpoints';

const entries = Object.entries(ENDPOINTS) as [string, Endpoint][];
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).sort();

/** The schema's object keys, looking through refinements. */
function keysOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape).sort();
  throw new Error('not an object schema');
}

describe('every endpoint has its schemas (issue 11)', () => {
  it.each(entries)('%s', (_name, endpoint) => {
    expect(endpoint.response).toBeInstanceOf(z.ZodType);
    // Path values: a schema exactly when the path has `:name`s, with exactly those keys.
    const params = pathParams(endpoint.path);
    if (params.length === 0) expect(endpoint.params).toBeUndefined();
    else expect(keysOf(endpoint.params!)).toEqual(params);
    // GET and DELETE carry no body.
    if (endpoint.method === 'GET' || endpoint.method === 'DELETE') expect(endpoint.body).toBeUndefined();
    for (const schema of [endpoint.query, endpoint.body]) if (schema) expect(schema).toBeInstanceOf(z.ZodType);
  });

  it('a body that is not a JSON object is refused in Chinese', () => {
    const result = ENDPOINTS.addMsg.body.safeParse('text');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('请求体必须是 JSON 对象');
  });

  it('response schemas check the envelope and keep what they do not know', () => {
    expect(ENDPOINTS.zbSearch.response.safeParse({ code: 200, msg: 'ok', total: 1, rows: [{ id: 1 }], extra: 1 }).data).toEqual({
      code: 200,
      msg: 'ok',
      total: 1,
      rows: [{ id: 1 }],
      extra: 1,
    });
    expect(ENDPOINTS.zbSearch.response.safeParse({ code: 200, msg: 'ok', rows: [] }).success).toBe(false);
    expect(ENDPOINTS.notice.response.safeParse({ code: 200, msg: 'ok' }).success).toBe(false);
    expect(ENDPOINTS.memberInfo.response.safeParse({ code: 200, msg: 'ok', user: {}, roles: [] }).success).toBe(true);
  });
});
