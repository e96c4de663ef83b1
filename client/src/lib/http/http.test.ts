import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_TIMEOUT_MS, MESSAGES, SESSION_OBJ_KEY } from '@shared/constants';
import { toQueryString, type HttpOptions } from './http';
import { ApiError, errorStatus } from './errors';
import { createDeferredHttp } from './deferred-http';
import { createHttp } from './axios-http';

/** What the adapter saw of each request, after the interceptors ran. */
type Sent = Pick<InternalAxiosRequestConfig, 'url' | 'method' | 'data' | 'timeout' | 'baseURL'> & { headers: AxiosHeaders };

function response(config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse {
  return { data, status, statusText: String(status), headers: {}, config };
}

/** An axios adapter answering every request with `answer(config)`; no network involved. */
function setup(
  answer: (config: InternalAxiosRequestConfig) => Promise<AxiosResponse> | AxiosResponse,
  overrides: Partial<HttpOptions> = {},
) {
  const sent: Sent[] = [];
  const notifier = { error: vi.fn<(m: string) => void>(), notifyError: vi.fn<(t: string) => void>() };
  const onUnauthorized = vi.fn();
  const onTransportUnauthorized = vi.fn();
  const log = vi.fn();
  let clock = 1_000_000;
  const http = createHttp({
    baseURL: '/prod-api',
    storage: window.sessionStorage,
    notifier,
    onUnauthorized,
    onTransportUnauthorized,
    log,
    now: () => clock,
    ...overrides,
  });
  const adapter: AxiosAdapter = async (config) => {
    sent.push({
      url: config.url,
      method: config.method,
      data: config.data,
      timeout: config.timeout,
      baseURL: config.baseURL,
      headers: AxiosHeaders.from(config.headers),
    });
    return answer(config);
  };
  http.axios.defaults.adapter = adapter;
  return {
    http,
    sent,
    notifier,
    onUnauthorized,
    onTransportUnauthorized,
    log,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const ok =
  (data: unknown = { code: 200, msg: '操作成功' }) =>
  (config: InternalAxiosRequestConfig) =>
    response(config, 200, data);

/** An HTTP error status as axios reports it (validateStatus rejects non-2xx). */
const httpFailure = (status: number, data?: unknown) => (config: InternalAxiosRequestConfig) => {
  throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, response(config, status, data));
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => window.sessionStorage.clear());

describe('requests (spec §6, §7, §9)', () => {
  it('sends JSON to /<product> with the platform header and a 15 s timeout', async () => {
    const { http, sent } = setup(ok());
    await http.post('/api/member/reg', { username: 'zhang' });
    const [request] = sent;
    expect(request?.baseURL).toBe('/prod-api');
    expect(request?.headers.get('platform')).toBe('cmsMember');
    expect(request?.headers.get('Content-Type')).toBe('application/json;charset=utf-8');
    expect(request?.timeout).toBe(15_000);
  });

  it('lets a call set its own timeout (the captcha waits 20 s)', async () => {
    const { http, sent } = setup(ok());
    await http.get('/captchaImage', { timeout: CAPTCHA_TIMEOUT_MS });
    expect(sent[0]?.timeout).toBe(20_000);
  });

  it('sends GET params as a query string with bracketed keys, skipping null and undefined', async () => {
    const { http, sent } = setup(ok());
    await http.get('/api/xmk/search', {
      params: { keyword: '道路 改造', pageNum: 2, areaCode: null, stage: undefined, params: { beginTime: '2026-01-01', endTime: null } },
    });
    expect(sent[0]?.url).toBe('/api/xmk/search?keyword=%E9%81%93%E8%B7%AF%20%E6%94%B9%E9%80%A0&pageNum=2&params%5BbeginTime%5D=2026-01-01');
  });

  it('appends to a url that already has a query', async () => {
    const { http, sent } = setup(ok());
    await http.get('/cms/favorite/1?type=xmk', { params: { a: 1 } });
    expect(sent[0]?.url).toBe('/cms/favorite/1?type=xmk&a=1');
  });

  it('puts query parameters of other methods in the url too (resetPassword is a PUT with a query)', async () => {
    const { http, sent } = setup(ok());
    await http.put('/cms/member/resetPassword', undefined, { params: { oldPassword: 'a+b', newPassword: 'c/d' } });
    expect(sent[0]?.url).toBe('/cms/member/resetPassword?oldPassword=a%2Bb&newPassword=c%2Fd');
  });

  it('marks an isToken:false call for the proxy, which then sends no bearer', async () => {
    const { http, sent } = setup(ok());
    await http.get('/api/zb/search', { isToken: false });
    await http.get('/cms/member/getMemberInfo');
    expect(sent[0]?.headers.get('istoken')).toBe('false');
    expect(sent[1]?.headers.has('istoken')).toBe(false);
  });

  it('on the server, adds the bearer itself unless the call opts out', async () => {
    const { http, sent } = setup(ok(), { baseURL: 'http://127.0.0.1:3001', token: 'tok-123', storage: undefined });
    await http.get('/cms/member/getMemberInfo');
    await http.get('/api/zb/search', { isToken: false });
    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(sent[1]?.headers.has('Authorization')).toBe(false);
  });

  it('never sends an Authorization header from the browser instance', async () => {
    const { http, sent } = setup(ok());
    await http.get('/cms/member/getMemberInfo');
    expect(sent[0]?.headers.has('Authorization')).toBe(false);
  });
});

describe('toQueryString', () => {
  it('brackets nested objects and arrays, and keeps 0, false and empty strings', () => {
    expect(toQueryString({ a: 0, b: false, c: '', d: { e: { f: 1 } }, ids: [3, null, 4] })).toBe(
      'a=0&b=false&c=&d%5Be%5D%5Bf%5D=1&ids%5B0%5D=3&ids%5B2%5D=4',
    );
  });
});

describe('response table (spec §8)', () => {
  it('resolves with the body of a code 200 answer', async () => {
    const { http, notifier } = setup(ok({ code: 200, msg: '查询成功', data: { id: 7 } }));
    await expect(http.get('/api/cmsData/xmk/7')).resolves.toEqual({ code: 200, msg: '查询成功', data: { id: 7 } });
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('reads an answer without a code as success (code defaults to 200)', async () => {
    const { http } = setup(ok({ msg: 'value' }));
    await expect(http.get('/x')).resolves.toEqual({ msg: 'value' });
  });

  it('body 401: clears the session, goes to login and says "认证失败，无法访问系统资源"', async () => {
    const { http, notifier, onUnauthorized } = setup(ok({ code: 401, msg: 'token expired' }));
    const error = await failure(http.get('/cms/member/getMemberInfo'));
    expect(error).toMatchObject({ code: 401, status: 401, kind: 'response', isRedirect: true, message: MESSAGES.unauthorized });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(notifier.error).toHaveBeenCalledWith(MESSAGES.unauthorized);
  });

  it('body 401 from several parallel calls ends the session once', async () => {
    const { http, notifier, onUnauthorized } = setup(ok({ code: 401, msg: '' }));
    await Promise.allSettled([http.get('/a'), http.get('/b'), http.get('/c')]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(notifier.error).toHaveBeenCalledTimes(1);
  });

  it('body 401 ends the session even for a call that shows its own errors', async () => {
    const { http, onUnauthorized } = setup(ok({ code: 401, msg: '' }));
    await failure(http.get('/cms/member/getMemberInfo', { notify: false }));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('body 403: a notification titled "当前操作没有权限"', async () => {
    const { http, notifier, onUnauthorized } = setup(ok({ code: 403, msg: 'forbidden' }));
    const error = await failure(http.get('/cms/x'));
    expect(error).toMatchObject({ code: 403, status: 403, message: MESSAGES.forbidden });
    expect(notifier.notifyError).toHaveBeenCalledWith(MESSAGES.forbidden);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('body 404: a notification titled "访问资源不存在"', async () => {
    const { http, notifier } = setup(ok({ code: 404, msg: 'no such row' }));
    const error = await failure(http.get('/cms/x'));
    expect(error).toMatchObject({ code: 404, status: 404, message: MESSAGES.notFound });
    expect(notifier.notifyError).toHaveBeenCalledWith(MESSAGES.notFound);
  });

  it('body 500: an error toast with the server msg, and the call fails', async () => {
    const { http, notifier } = setup(ok({ code: 500, msg: '用户不存在/密码错误' }));
    const error = await failure(http.post('/api/member/login', { username: 'a' }));
    expect(error).toMatchObject({ code: 500, status: 500, kind: 'response', message: '用户不存在/密码错误' });
    expect(notifier.error).toHaveBeenCalledWith('用户不存在/密码错误');
    expect(notifier.notifyError).not.toHaveBeenCalled();
  });

  it('any other code: an error notification titled with the message', async () => {
    const { http, notifier } = setup(ok({ code: 601, msg: '库存不足' }));
    const error = await failure(http.get('/cms/x'));
    expect(error).toMatchObject({ code: 601, message: '库存不足' });
    expect(notifier.notifyError).toHaveBeenCalledWith('库存不足');
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('a failure without a message: "系统未知错误，请反馈给管理员"', async () => {
    const { http, notifier } = setup(ok({ code: 500 }));
    const error = await failure(http.get('/cms/x'));
    expect(error.message).toBe(MESSAGES.unknown);
    expect(notifier.error).toHaveBeenCalledWith(MESSAGES.unknown);
  });

  it('an answer that is not an envelope: "系统未知错误，请反馈给管理员"', async () => {
    const { http, notifier, log } = setup(ok('<html>gateway</html>'));
    const error = await failure(http.get('/cms/x'));
    expect(error).toMatchObject({ message: MESSAGES.unknown, status: 500 });
    expect(notifier.error).toHaveBeenCalledWith(MESSAGES.unknown);
    expect(log).toHaveBeenCalled();
  });

  it('notify:false leaves showing the failure to the caller', async () => {
    const { http, notifier } = setup(ok({ code: 500, msg: '验证码错误' }));
    const error = await failure(http.post('/api/member/login', {}, { notify: false }));
    expect(error.message).toBe('验证码错误');
    expect(notifier.error).not.toHaveBeenCalled();
    expect(notifier.notifyError).not.toHaveBeenCalled();
  });

  it('transport 401: logged out without a redirect or a message', async () => {
    const { http, notifier, onUnauthorized, onTransportUnauthorized } = setup(httpFailure(401, { code: 401, msg: '认证失败' }));
    const error = await failure(http.get('/cms/member/getMemberInfo'));
    expect(error).toMatchObject({ kind: 'transport', status: 401, isRedirect: false });
    expect(onTransportUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it("other transport errors are only logged and passed on, with the proxy's message", async () => {
    const { http, notifier, log, onTransportUnauthorized } = setup(httpFailure(502, { code: 502, msg: MESSAGES.upstreamDown }));
    const error = await failure(http.get('/api/zb/search'));
    expect(error).toMatchObject({ kind: 'transport', code: 502, status: 502, message: MESSAGES.upstreamDown, transport: true });
    expect(log).toHaveBeenCalledTimes(1);
    expect(notifier.error).not.toHaveBeenCalled();
    expect(notifier.notifyError).not.toHaveBeenCalled();
    expect(onTransportUnauthorized).not.toHaveBeenCalled();
  });

  it('a dropped connection and a timeout are transport errors with 502 and 504', async () => {
    const network = setup((config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    });
    expect(await failure(network.http.get('/x'))).toMatchObject({ kind: 'transport', status: 502, message: MESSAGES.network });
    const slow = setup((config) => {
      throw new AxiosError('timeout of 15000ms exceeded', AxiosError.ECONNABORTED, config);
    });
    expect(await failure(slow.http.get('/x'))).toMatchObject({ kind: 'transport', status: 504, message: MESSAGES.timeout });
    expect(network.notifier.error).not.toHaveBeenCalled();
    expect(slow.notifier.error).not.toHaveBeenCalled();
  });
});

describe('duplicate-submit guard (spec §5)', () => {
  it('refuses the same POST with the same data within 1000 ms, with "数据正在处理，请勿重复提交"', async () => {
    const { http, sent, notifier, advance } = setup(ok());
    await http.post('/api/member/login', { username: 'zhang', password: 'x' });
    advance(999);
    const error = await failure(http.post('/api/member/login', { username: 'zhang', password: 'x' }));
    expect(error).toMatchObject({ kind: 'repeat-submit', message: MESSAGES.repeatSubmit });
    expect(notifier.error).toHaveBeenCalledWith(MESSAGES.repeatSubmit);
    expect(sent).toHaveLength(1);
  });

  it('guards PUT the same way', async () => {
    const { http, sent } = setup(ok());
    await http.put('/cms/favorite/changeStatus', { id: 1, isCancel: 1 });
    await failure(http.put('/cms/favorite/changeStatus', { id: 1, isCancel: 1 }));
    expect(sent).toHaveLength(1);
  });

  it('lets the same request through once 1000 ms have passed', async () => {
    const { http, sent, advance } = setup(ok());
    await http.post('/api/cms/addMsg', { content: 'a' });
    advance(1000);
    await http.post('/api/cms/addMsg', { content: 'a' });
    expect(sent).toHaveLength(2);
  });

  it('lets different data or a different url through at once', async () => {
    const { http, sent } = setup(ok());
    await http.post('/api/cms/addMsg', { content: 'a' });
    await http.post('/api/cms/addMsg', { content: 'b' });
    await http.post('/api/member/reg', { content: 'b' });
    expect(sent).toHaveLength(3);
  });

  it('never guards GET or DELETE', async () => {
    const { http, sent } = setup(ok());
    await http.get('/api/zb/search');
    await http.get('/api/zb/search');
    await http.delete('/cms/baifang/delBaifangRecords/3');
    await http.delete('/cms/baifang/delBaifangRecords/3');
    expect(sent).toHaveLength(4);
  });

  it('repeatSubmit:false opts a call out, and it leaves no record behind', async () => {
    const { http, sent } = setup(ok());
    await http.post('/api/member/checkUserNameUnique', { username: 'zhang' }, { repeatSubmit: false });
    await http.post('/api/member/checkUserNameUnique', { username: 'zhang' }, { repeatSubmit: false });
    expect(sent).toHaveLength(2);
    expect(window.sessionStorage.getItem(SESSION_OBJ_KEY)).toBeNull();
  });

  it('keeps the last write in sessionStorage as url, serialised data and time (spec §3)', async () => {
    const { http } = setup(ok());
    await http.post('/api/cms/addMsg', { content: 'a' });
    expect(JSON.parse(window.sessionStorage.getItem(SESSION_OBJ_KEY) ?? '')).toEqual({
      url: '/api/cms/addMsg',
      data: '{"content":"a"}',
      time: 1_000_000,
    });
  });

  it('holds across request layers of the same tab (the record is in sessionStorage)', async () => {
    const first = setup(ok());
    const second = setup(ok());
    await first.http.post('/api/cms/addMsg', { content: 'a' });
    await failure(second.http.post('/api/cms/addMsg', { content: 'a' }));
    expect(second.sent).toHaveLength(0);
  });

  it('ignores a record it cannot read', async () => {
    window.sessionStorage.setItem(SESSION_OBJ_KEY, '{not json');
    const { http, sent } = setup(ok());
    await http.post('/api/cms/addMsg', { content: 'a' });
    expect(sent).toHaveLength(1);
  });

  it('is off where there is no storage (the server)', async () => {
    const { http, sent } = setup(ok(), { storage: undefined });
    await http.post('/api/cms/addMsg', { content: 'a' });
    await http.post('/api/cms/addMsg', { content: 'a' });
    expect(sent).toHaveLength(2);
  });
});

describe('errorStatus (spec §8 navigation errors)', () => {
  it('takes statusCode, then status, then the response status, else 500', () => {
    expect(errorStatus({ statusCode: 404, status: 500 })).toBe(404);
    expect(errorStatus({ status: 403 })).toBe(403);
    expect(errorStatus({ response: { status: 502 } })).toBe(502);
    expect(errorStatus(new Error('boom'))).toBe(500);
    expect(errorStatus(new ApiError('x', { kind: 'repeat-submit', code: 0, status: 409 }))).toBe(409);
  });
});

describe('the browser layer, with axios loaded by its first call', () => {
  it('sends and answers as the eager layer does, 401 handling included', async () => {
    const sent: { url?: string; platform: unknown }[] = [];
    const previous = axios.defaults.adapter;
    // Instances take the module's defaults when they are created, i.e. at the first call here.
    axios.defaults.adapter = async (config) => {
      sent.push({ url: config.url, platform: AxiosHeaders.from(config.headers).get('platform') });
      return response(config, 200, config.url?.startsWith('/gone') ? { code: 401, msg: 'x' } : { code: 200, data: 7 });
    };
    try {
      const onUnauthorized = vi.fn();
      const http = createDeferredHttp({ baseURL: '/prod-api', storage: window.sessionStorage, onUnauthorized });
      await expect(http.get('/api/a', { params: { b: 1 } })).resolves.toEqual({ code: 200, data: 7 });
      const error = await failure(http.get('/gone'));
      expect(error.code).toBe(401);
      expect(onUnauthorized).toHaveBeenCalledOnce();
      expect(sent.map((s) => s.url)).toEqual(['/api/a?b=1', '/gone']);
      expect(sent[0]?.platform).toBeTruthy();
    } finally {
      axios.defaults.adapter = previous;
    }
  });
});
