/**
 * Transport-level behaviour every caller meets: envelopes of unknown paths, wrong methods, bad or
 * oversized bodies, malformed URLs, paging rules, and that no failure ever carries a stack or SQL.
 */
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../src/http-server';
import { createTestBackend, type TestBackend } from './fixture';

let t: TestBackend;
let token: string;

beforeAll(async () => {
  t = await createTestBackend({ projects: 60, tenders: 80 });
  token = await t.login('demo', 'demo123');
});

afterAll(() => t.close());

/** Nothing that looks like a stack frame, a source path or SQL in any answer. */
function expectNoInternals(text: string) {
  expect(text).not.toMatch(/\bat .+\(.*:\d+:\d+\)|\.ts:\d+|node_modules|SQLITE|SELECT |INSERT |syntax error/i);
}

describe('paths and methods', () => {
  it('answers an unknown path with HTTP 404 and the RuoYi envelope', async () => {
    const res = await request(t.app).get('/api/does/not/exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, msg: '访问资源不存在' });
  });

  it('answers another method on a known path with 405 and Allow', async () => {
    const res = await request(t.app).delete('/api/zb/search');
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD');
    expect(res.body).toEqual({ code: 405, msg: '请求方法不被支持' });
  });

  it('serves the spec paths with or without their trailing slash', async () => {
    for (const path of ['/api/cms/getHomeList/', '/api/cms/getHomeList', '/api/cms/selectZBHomeList']) {
      expect((await request(t.app).get(path)).body.code).toBe(200);
    }
    for (const path of ['/cms/favorite/list/', '/cms/favorite/list', '/cms/member/memberLogScoreList']) {
      expect((await request(t.app).get(path).set(t.bearer(token))).body.code).toBe(200);
    }
  });

  it('answers HEAD on GET paths', async () => {
    const res = await request(t.app).head('/api/zb/search');
    expect(res.status).toBe(200);
  });

  it('refuses a malformed %-escape in a path parameter with HTTP 400', async () => {
    const res = await request(t.app).get('/api/cmsData/xmk/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, msg: '请求参数不合法' });
  });

  it('sends nosniff and no X-Powered-By; member answers are private and never stored', async () => {
    const open = await request(t.app).get('/api/zb/search');
    expect(open.headers['x-content-type-options']).toBe('nosniff');
    expect(open.headers['x-powered-by']).toBeUndefined();
    expect(open.headers['cache-control']).toBeUndefined();
    const member = await request(t.app).get('/cms/member/getMemberInfo').set(t.bearer(token));
    expect(member.headers['cache-control']).toBe('private, no-store');
    const captcha = await request(t.app).get('/captchaImage');
    expect(captcha.headers['cache-control']).toBe('private, no-store');
  });
});

describe('request bodies', () => {
  it('refuses unparseable JSON with HTTP 400', async () => {
    const res = await request(t.app).put('/api/cms/addMsg').set('Content-Type', 'application/json').send('{"name": "张三",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, msg: '请求体不是有效的 JSON' });
    expectNoInternals(res.text);
  });

  it('refuses a body over 100 kB with HTTP 413', async () => {
    const res = await request(t.app)
      .put('/api/cms/addMsg')
      .send({ name: '张三', phone: '13800000000', source: 'support', content: 'x'.repeat(120_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 413, msg: '请求数据过大' });
  });

  it('refuses a body that is not a JSON object, naming the problem', async () => {
    for (const send of [
      () => request(t.app).put('/api/cms/addMsg').send([1, 2]),
      () => request(t.app).put('/api/cms/addMsg').set('Content-Type', 'text/plain').send('hello'),
    ]) {
      const res = await send();
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 500, msg: '请求体必须是 JSON 对象' });
    }
  });

  it('names the field of a missing or wrong-typed value', async () => {
    const missing = await request(t.app).put('/api/cms/addMsg').send({ phone: '13800000000', content: '你好', source: 'support' });
    expect(missing.body).toEqual({ code: 500, msg: 'name 必须是 1 到 20 个字符' });
    const wrongType = await request(t.app)
      .put('/cms/favorite/changeStatus')
      .set(t.bearer(token))
      .send({ id: '12', type: 'xmk', isCancel: 0 });
    expect(wrongType.body).toEqual({ code: 500, msg: 'id 必须是正整数' });
  });
});

describe('paging', () => {
  const list = (query: Record<string, string>) => request(t.app).get('/api/xmk/search').query(query);

  it.each([
    [{ pageSize: '0' }, 'pageSize 必须是 1 到 100 的整数'],
    [{ pageSize: '101' }, 'pageSize 必须是 1 到 100 的整数'],
    [{ pageSize: 'abc' }, 'pageSize 必须是 1 到 100 的整数'],
    [{ pageSize: '10.5' }, 'pageSize 必须是 1 到 100 的整数'],
    [{ pageNum: '0' }, 'pageNum 必须是 1 到 1000000 的整数'],
    [{ pageNum: '-3' }, 'pageNum 必须是 1 到 1000000 的整数'],
    [{ pageNum: '99999999999999999999' }, 'pageNum 必须是 1 到 1000000 的整数'],
    [{ pageNum: '1e3' }, 'pageNum 必须是 1 到 1000000 的整数'],
  ])('refuses %o naming the field', async (query, msg) => {
    const res = await list(query);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 500, msg });
  });

  it('refuses a repeated paging key', async () => {
    const res = await request(t.app).get('/api/xmk/search?pageNum=1&pageNum=2');
    expect(res.body).toEqual({ code: 500, msg: 'pageNum 必须是 1 到 1000000 的整数' });
  });

  it('defaults to page 1 of 20 and answers no rows, with the true total, past the end', async () => {
    const first = await list({});
    expect(first.body.rows).toHaveLength(20);
    expect(first.body.total).toBe(60);
    const past = await list({ pageNum: '1000000', pageSize: '100' });
    expect(past.body).toMatchObject({ code: 200, total: 60, rows: [] });
  });

  it('pages without overlap', async () => {
    const a = await list({ pageNum: '1', pageSize: '25' });
    const b = await list({ pageNum: '2', pageSize: '25' });
    const ids = [...a.body.rows, ...b.body.rows].map((r: { id: number }) => r.id);
    expect(new Set(ids).size).toBe(50);
  });
});

describe('the listener', () => {
  /**
   * Raw bytes to a real listener, each request sent once the previous one was answered; resolves
   * with everything it answered before closing.
   */
  async function raw(...requests: Buffer[]): Promise<string> {
    const server = createHttpServer(t.app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      return await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let answer = '';
        const pending = [...requests];
        socket.on('data', (chunk) => {
          answer += chunk.toString('utf8');
          const next = pending.shift();
          if (next) socket.write(next);
        });
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
        socket.write(pending.shift()!);
      });
    } finally {
      server.close();
    }
  }
  const line = (target: string, close = true) =>
    Buffer.from(`GET ${target} HTTP/1.1\r\nHost: localhost\r\n${close ? 'Connection: close\r\n' : ''}\r\n`, 'utf8');

  it('answers a hand-typed URL with raw UTF-8, as a browser would have encoded it', async () => {
    // A page of 20: the newest hit may have the keyword in its body only (the seeded lifecycles decide).
    const answer = await raw(line('/api/zb/search?keyword=道路&pageSize=20'));
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toContain('"highlightTitle":');
    expect(answer).toContain('<em>道路</em>');
  });

  it('keeps the connection usable for the next request', async () => {
    const plainFirst = await raw(line('/api/cms/getTodayNum/0', false), line('/api/zb/search?keyword=桥&pageSize=1'));
    expect(plainFirst.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(plainFirst).toContain('"msg":"查询成功"');
    const rawFirst = await raw(line('/api/xmk/search?keyword=道路&pageSize=1', false), line('/api/cms/getTodayNum/0'));
    expect(rawFirst.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
  });

  it("answers other malformed requests in the API's envelope", async () => {
    const badLine = await raw(Buffer.from('GET /a b c HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(badLine).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    expect(badLine).toContain('{"code":400,"msg":"请求格式不正确"}');
    const flood = await raw(Buffer.from(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`));
    expect(flood).toMatch(/^HTTP\/1\.1 431 /);
    expect(flood).toContain('{"code":431,"msg":"请求头过大"}');
  });

  it('never writes an error into the answer of a pipelined request before the refused one', async () => {
    const answer = await raw(
      Buffer.concat([line('/api/zb/search?pageSize=1', false), Buffer.from('GET /a b c HTTP/1.1\r\nHost: x\r\n\r\n')]),
    );
    expect(answer).not.toContain('请求格式不正确');
    expect(answer.match(/HTTP\/1\.1 /g) ?? []).toHaveLength(answer === '' ? 0 : 1);
  });
});

describe('unexpected failures', () => {
  it('answer spec §8 "unknown error" without internals, and are logged', async () => {
    const logged: string[] = [];
    const broken = await createTestBackend({ projects: 5, tenders: 5 });
    broken.context.log.error = (message) => logged.push(message);
    broken.db.close();
    const res = await request(broken.app).get('/api/xmk/search');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 500, msg: '系统未知错误，请反馈给管理员' });
    expectNoInternals(res.text);
    expect(logged).toEqual(['unhandled error on GET /api/xmk/search']);
    broken.close();
  });

  it('log the path without the feed token it carries', async () => {
    const logged: string[] = [];
    const broken = await createTestBackend({ projects: 5, tenders: 5 });
    broken.context.log.error = (message) => logged.push(message);
    broken.db.close();
    const token = 'FeedTokenSecret0123456789abcdefXYZ';
    await request(broken.app).get(`/api/ext/feeds/${token}.atom`);
    expect(logged).toEqual(['unhandled error on GET /api/ext/feeds/[REDACTED].atom']);
    broken.close();
  });
});
