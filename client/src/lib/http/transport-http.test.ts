import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { IS_TOKEN_HEADER, MESSAGES, PLATFORM_HEADER, PLATFORM_VALUE, REQUEST_TIMEOUT_MS } from '@shared/constants';
import { createHttp } from './axios-http';
import { ApiError } from './errors';
import type { Http } from './http';
import { createTransportHttp, type BackendExchange, type BackendReply } from './transport-http';

/** What a fake backend does with one exchange: answers with a status and body, or never answers. */
type Outcome = { status: number; body: unknown } | { failure: 'timeout' | 'unreachable' };

const encoder = new TextEncoder();
const bytesOf = (body: unknown) => encoder.encode(typeof body === 'string' ? body : JSON.stringify(body));

/** The server's way to the backend, faked: it records each exchange and plays `outcome`. */
function transportLayer(outcome: Outcome, opts: { token?: string; deadline?: number; signal?: AbortSignal; now?: () => number } = {}) {
  const sent: BackendExchange[] = [];
  const send = vi.fn(async (exchange: BackendExchange): Promise<BackendReply> => {
    sent.push(exchange);
    if ('failure' in outcome) throw Object.assign(new Error(outcome.failure), { failure: outcome.failure });
    return { status: outcome.status, headers: {}, bytes: bytesOf(outcome.body) };
  });
  const http = createTransportHttp({ send, baseURL: 'http://backend.test', log: () => undefined, ...opts });
  return { http, sent, send };
}

/** The same backend behind the axios layer as the server built it before: axios errors as axios reports them. */
function axiosLayer(outcome: Outcome, token?: string) {
  const http = createHttp({ baseURL: 'http://backend.test', token, log: () => undefined });
  http.axios.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    if ('failure' in outcome) {
      throw new AxiosError('no answer', outcome.failure === 'timeout' ? AxiosError.ECONNABORTED : AxiosError.ERR_NETWORK, config);
    }
    const response = { data: outcome.body, status: outcome.status, statusText: '', headers: {}, config };
    if (outcome.status >= 300) throw new AxiosError('status', AxiosError.ERR_BAD_RESPONSE, config, {}, response);
    return response;
  };
  return http;
}

/** What a caller can tell of a call's end: its value, or the error's every field. */
async function settle(promise: Promise<unknown>) {
  try {
    return { value: await promise };
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const { message, kind, code, status, isRedirect } = error as ApiError;
    return { error: { message, kind, code, status, isRedirect } };
  }
}

const OUTCOMES: Record<string, Outcome> = {
  'code 200': { status: 200, body: { code: 200, msg: '操作成功', data: { id: 1 } } },
  'no code': { status: 200, body: { rows: [], total: 0 } },
  'body 401': { status: 200, body: { code: 401, msg: 'token 过期' } },
  'body 403': { status: 200, body: { code: 403, msg: 'no' } },
  'body 404': { status: 200, body: { code: 404, msg: 'gone' } },
  'body 500': { status: 200, body: { code: 500, msg: '服务器内部错误' } },
  'other code': { status: 200, body: { code: 601, msg: '请先登录后操作' } },
  'failure without msg': { status: 200, body: { code: 500 } },
  'not an envelope': { status: 200, body: '<html>proxy page</html>' },
  'http 502 with the proxy msg': { status: 502, body: { code: 502, msg: '后端服务暂时不可用' } },
  'http 503 without a body': { status: 503, body: '' },
  'http 401': { status: 401, body: '' },
  timeout: { failure: 'timeout' },
  unreachable: { failure: 'unreachable' },
};

describe('the server render layer applies the contract as the axios layer does', () => {
  for (const [name, outcome] of Object.entries(OUTCOMES)) {
    it(`${name}: the same value or the same ApiError`, async () => {
      const viaTransport = await settle(transportLayer(outcome, { token: 'member-token' }).http.get('/api/x'));
      const viaAxios = await settle(axiosLayer(outcome, 'member-token').get('/api/x'));
      expect(viaTransport).toEqual(viaAxios);
    });
  }

  it('maps the failures to spec §8 statuses: timeout 504, no connection 502, an HTTP status as it came', async () => {
    const status = async (outcome: Outcome) => (await settle(transportLayer(outcome).http.get('/api/x'))).error?.status;
    expect(await status({ failure: 'timeout' })).toBe(504);
    expect(await status({ failure: 'unreachable' })).toBe(502);
    expect(await status({ status: 503, body: '' })).toBe(503);
    expect((await settle(transportLayer({ failure: 'timeout' }).http.get('/api/x'))).error?.message).toBe(MESSAGES.timeout);
  });
});

describe('what the server render layer sends (spec §6, §7)', () => {
  const answer: Outcome = { status: 200, body: { code: 200, data: null } };

  it('the platform header and the member bearer; JSON with its content type', async () => {
    const { http, sent } = transportLayer(answer, { token: 'member-token' });
    await http.post('/api/cms/favorite', { id: 7 });
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/cms/favorite', body: '{"id":7}', timeoutMs: REQUEST_TIMEOUT_MS });
    expect(sent[0]!.headers).toMatchObject({
      [PLATFORM_HEADER]: PLATFORM_VALUE,
      Authorization: 'Bearer member-token',
      'Content-Type': 'application/json;charset=utf-8',
    });
  });

  it('no bearer for a call that opts out, and the opt-out said as the browser says it', async () => {
    const { http, sent } = transportLayer(answer, { token: 'member-token' });
    await http.get('/api/zb/search', { isToken: false });
    expect(sent[0]!.headers).not.toHaveProperty('Authorization');
    expect(sent[0]!.headers[IS_TOKEN_HEADER]).toBe('false');
  });

  it('no bearer without a token', async () => {
    const { http, sent } = transportLayer(answer);
    await http.get('/api/x');
    expect(sent[0]!.headers).not.toHaveProperty('Authorization');
  });

  it('params as a query string with bracketed keys, appended to a query already there', async () => {
    const { http, sent } = transportLayer(answer);
    await http.get('/api/zb/search', { params: { keyword: '道路', range: { from: 1 }, skip: null } });
    await http.get('/api/x?a=1', { params: { b: 2 } });
    expect(sent.map((exchange) => exchange.path)).toEqual([
      '/api/zb/search?keyword=%E9%81%93%E8%B7%AF&range%5Bfrom%5D=1',
      '/api/x?a=1&b=2',
    ]);
  });

  it('an endpoint of the contract by its path values; tests check its answer against the schema', async () => {
    const { http, sent } = transportLayer({ status: 200, body: { code: 200, data: { id: 9 } } });
    const broken = await settle(http.call(ENDPOINTS.zbDetailPublic, { path: { id: 9 } }));
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/cmsData/bidding/9' });
    expect(broken.error).toMatchObject({ kind: 'response', code: 500, message: MESSAGES.unknown });
  });

  it('shares one budget between the calls of a render: a call gets what is left, none past it', async () => {
    let clock = 0;
    const { http, sent, send } = transportLayer(answer, { deadline: REQUEST_TIMEOUT_MS, now: () => clock });
    clock = REQUEST_TIMEOUT_MS - 2_000;
    await http.get('/api/x');
    expect(sent[0]!.timeoutMs).toBe(2_000);
    clock = REQUEST_TIMEOUT_MS;
    const late = await settle(http.get('/api/x'));
    expect(late.error).toMatchObject({ kind: 'transport', status: 504, message: MESSAGES.timeout });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("passes the page request's signal, and sends nothing once the browser has left", async () => {
    const abort = new AbortController();
    const { http, sent, send } = transportLayer(answer, { signal: abort.signal });
    await http.get('/api/x');
    expect(sent[0]!.signal).toBe(abort.signal);
    abort.abort();
    expect((await settle(http.get('/api/x'))).error).toMatchObject({ kind: 'transport', status: 502 });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a download: the bytes as a Blob, with the headers', async () => {
    const send = async (): Promise<BackendReply> => ({ status: 200, headers: { 'content-type': 'text/csv' }, bytes: bytesOf('a,b') });
    const http: Http = createTransportHttp({ send, baseURL: 'http://backend.test', log: () => undefined });
    const download = await http.download('/cms/export/zb');
    expect(download.headers['content-type']).toBe('text/csv');
    expect(await download.data.text()).toBe('a,b');
    expect(http.href('/cms/export/zb', { a: 1 })).toBe('http://backend.test/cms/export/zb?a=1');
  });

  it('the axios layer sends the same headers (one rule, envelope.ts)', async () => {
    const http = createHttp({ baseURL: 'http://backend.test', token: 'member-token', log: () => undefined });
    const seen: AxiosHeaders[] = [];
    http.axios.defaults.adapter = async (config) => {
      seen.push(AxiosHeaders.from(config.headers));
      return { data: { code: 200 }, status: 200, statusText: '', headers: {}, config };
    };
    const { http: transport, sent } = transportLayer(answer, { token: 'member-token' });
    for (const layer of [http, transport]) {
      await layer.get('/api/x');
      await layer.get('/api/y', { isToken: false });
    }
    const pick = (headers: Record<string, unknown>) => ({
      platform: headers[PLATFORM_HEADER],
      authorization: headers.Authorization,
      isToken: headers[IS_TOKEN_HEADER],
    });
    expect(sent.map((exchange) => pick(exchange.headers))).toEqual(seen.map((headers) => pick(headers.toJSON())));
  });
});
