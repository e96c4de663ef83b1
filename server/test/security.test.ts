/**
 * Security through the real portal: the security headers and the CSP nonce on every inline
 * script, the proxy's CSRF rule against what another site can make a browser send, and redirects
 * that never leave the site.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_HEADER, PLATFORM_VALUE, TOKEN_COOKIE } from '@shared/constants';
import { safeRedirectTarget } from '@shared/routes';
import { createApp } from '../src/app';
import { createTestPortal, type TestPortal } from './harness';
import { API, OUR_PAGE, isCleared, parseSetCookies } from './portal-fixture';

let portal: TestPortal;
let zbId: number;

beforeAll(async () => {
  portal = await createTestPortal();
  zbId = (await request(portal.backend.app).get('/api/zb/search?pageSize=1')).body.rows[0].id as number;
});

afterAll(async () => {
  await portal?.close();
});

function cspOf(res: request.Response): Map<string, string> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

function nonceOf(res: request.Response): string {
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(cspOf(res).get('script-src') ?? '')?.[1];
  if (!nonce) throw new Error('no nonce in the CSP');
  return nonce;
}

/** Opening tags of scripts a browser would execute (not JSON data blocks). */
function executableScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/type="application\/(?:ld\+)?json"/.test(tag));
}

describe('security headers', () => {
  it('a page allows only our scripts and inline scripts with its own, fresh nonce', async () => {
    const res = await request(portal.app).get(`/zb/${zbId}`);
    expect(res.status).toBe(200);
    const csp = cspOf(res);
    const nonce = nonceOf(res);
    expect(csp.get('script-src')).toBe(`'self' 'nonce-${nonce}'`);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('connect-src')).toBe("'self'");

    const scripts = executableScripts(res.text);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) {
      if (!/\ssrc=/.test(tag)) expect(tag).toContain(`nonce="${nonce}"`);
    }
    // React's bootstrap module carries the nonce too.
    expect(scripts.some((tag) => /type="module"/.test(tag) && tag.includes(`nonce="${nonce}"`))).toBe(true);

    const again = await request(portal.app).get(`/zb/${zbId}`);
    expect(nonceOf(again)).not.toBe(nonce);
  });

  it('every answer forbids framing and sniffing and keeps the referrer to our origin', async () => {
    for (const path of ['/', '/no-such-page', '/favicon.svg', `${API}/api/zb/search`, '/healthz', '/robots.txt']) {
      const res = await request(portal.app).get(path);
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      expect(res.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(cspOf(res).get('frame-ancestors'), path).toBe("'none'");
    }
  });

  it('sends HSTS only for HTTPS behind a trusted proxy, never for a header anyone can send', async () => {
    const plain = await request(portal.app).get('/robots.txt').set('X-Forwarded-Proto', 'https');
    expect(plain.headers['strict-transport-security']).toBeUndefined();

    const behindTls = createApp({
      config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: true },
      backendURL: portal.backendURL,
      renderer: { render: () => Promise.reject(new Error('not rendered')), assets: { css: [], bootstrapModule: '/x.js' } },
      publicDir: 'client/public',
      log: () => undefined,
    });
    const https = await request(behindTls).get('/robots.txt').set('X-Forwarded-Proto', 'https');
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
    const http = await request(behindTls).get('/robots.txt').set('X-Forwarded-Proto', 'http');
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CSRF: what another site can make a browser send (spec §6, proxy rule)', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await portal.memberCookie();
  });

  const clientCount = async () =>
    (await request(portal.app).get(`${API}/cms/baifang/getBaifangClientList`).set(OUR_PAGE).set('Cookie', cookie)).body.total as number;

  it.each([
    [
      'a cross-site fetch with the platform header',
      { [PLATFORM_HEADER]: PLATFORM_VALUE, 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/json' },
    ],
    ['a sibling subdomain', { [PLATFORM_HEADER]: PLATFORM_VALUE, 'Sec-Fetch-Site': 'same-site', 'Content-Type': 'application/json' }],
    ['a sandboxed frame (Origin: null)', { [PLATFORM_HEADER]: PLATFORM_VALUE, Origin: 'null', 'Content-Type': 'application/json' }],
    ['our host on another port', { [PLATFORM_HEADER]: PLATFORM_VALUE, Origin: 'http://127.0.0.1:1', 'Content-Type': 'application/json' }],
    ['a plain cross-site form (no platform header)', { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'text/plain' }],
    [
      'a typed-in or bookmarked request (Sec-Fetch-Site: none)',
      { [PLATFORM_HEADER]: PLATFORM_VALUE, 'Sec-Fetch-Site': 'none', 'Content-Type': 'application/json' },
    ],
  ])('%s cannot write as the member', async (_name, headers) => {
    const before = await clientCount();
    const res = await request(portal.app)
      .put(`${API}/cms/baifang/addBaifangClient`)
      .set(headers)
      .set('Cookie', cookie)
      .send(JSON.stringify({ companyName: '跨站伪造公司' }));
    expect(res.body.code).toBe(401);
    // The refusal was about a call without our bearer: the member's cookie stays.
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await clientCount()).toBe(before);
  });

  it('a cross-site logout does not log the member out (regression: it cleared the cookies)', async () => {
    const res = await request(portal.app)
      .post(`${API}/logout`)
      .set({ 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/x-www-form-urlencoded' })
      .set('Cookie', cookie);
    expect(res.headers['set-cookie']).toBeUndefined();
    const info = await request(portal.app).get(`${API}/cms/member/getMemberInfo`).set(OUR_PAGE).set('Cookie', cookie);
    expect(info.body.code).toBe(200);
  });

  it('our own logout still clears the cookies', async () => {
    const own = await portal.memberCookie();
    const res = await request(portal.app).post(`${API}/logout`).set(OUR_PAGE).set('Cookie', own);
    expect(isCleared(parseSetCookies(res.headers['set-cookie']).get(TOKEN_COOKIE))).toBe(true);
  });
});

describe('the API prefix reaches the contract and nothing else', () => {
  it.each([
    '/admin/orders',
    '/ADMIN/orders',
    '/api/cmsData/xmk/..%2F..%2F..%2Fadmin%2Forders',
    '/api/cms/getSupport/../../../admin/orders',
    '/api/cms/getSupport/%2e%2e/%2e%2e/%2e%2e/admin/orders',
    '/api/zb/search;jsessionid=1',
    '//api/zb/search',
    '/api/zb/search/..',
    '/druid/index.html',
    '/swagger-ui/index.html',
    '/actuator/env',
    '/monitor/online/list',
  ])('%s answers 404 without reaching the backend', async (path) => {
    const res = await request(portal.app).get(`${API}${path}`).set(OUR_PAGE).set('X-Admin-Token', portal.backend.adminToken);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, msg: '访问资源不存在' });
  });

  it('staff endpoints answer on the backend itself, for staff on its network', async () => {
    const res = await request(portal.backend.app).get('/admin/orders').set(portal.backend.admin());
    expect(res.body.code).toBe(200);
  });

  it.each(['/api/cms/getHomeList', '/api/cms/getHomeList/', '/API/zb/search', `/api/cmsData/bidding/%31`])(
    'contract paths however a router reads them still work: %s',
    async (path) => {
      const res = await request(portal.app).get(`${API}${path}`).set(OUR_PAGE);
      expect(res.body.code).toBe(200);
    },
  );
});

describe('request bodies through the proxy', () => {
  const bigJson = (bytes: number) => JSON.stringify({ name: '张三', phone: '13800000000', source: 'support', content: 'x'.repeat(bytes) });

  it('over 100 kB with a Content-Length: 413 in the envelope before anything is forwarded', async () => {
    const res = await request(portal.app)
      .put(`${API}/api/cms/addMsg`)
      .set(OUR_PAGE)
      .set('Content-Type', 'application/json')
      .send(bigJson(150_000));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 413, msg: '请求数据过大' });
  });

  it('over 100 kB in chunks: 413 as well', async () => {
    const server = portal.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'PUT',
            path: `${API}/api/cms/addMsg`,
            headers: { ...OUR_PAGE, 'Content-Type': 'application/json' },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        const chunk = 'x'.repeat(16 * 1024);
        req.write('{"content":"');
        for (let i = 0; i < 12; i++) req.write(chunk);
        req.end('"}');
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ code: 413, msg: '请求数据过大' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('under the limit the backend decides', async () => {
    const res = await request(portal.app)
      .put(`${API}/api/cms/addMsg`)
      .set(OUR_PAGE)
      .set('Content-Type', 'application/json')
      .send(bigJson(90_000));
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatch(/content/);
  });
});

describe('request smuggling through the proxy', () => {
  /** A backend that records the raw bytes it receives and answers every request with a small JSON. */
  async function recordingBackend() {
    const received: string[] = [];
    const server = createNetServer((socket) =>
      socket.on('data', (data) => {
        received.push(data.toString('latin1'));
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 12\r\n\r\n{"code":200}');
      }),
    ).listen(0, '127.0.0.1');
    await once(server, 'listening');
    return { received, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it.each(['DELETE', 'OPTIONS', 'GET'])(
    'a %s with a chunked body is refused, never forwarded (regression: the body became a second request)',
    async (method) => {
      const backend = await recordingBackend();
      const app = createApp({
        config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: false },
        backendURL: backend.url,
        renderer: { render: () => Promise.reject(new Error('not rendered')), assets: { css: [], bootstrapModule: '/x.js' } },
        publicDir: 'client/public',
        log: () => undefined,
      });
      const portalServer = app.listen(0, '127.0.0.1');
      await once(portalServer, 'listening');
      try {
        const smuggled = 'GET /admin/orders HTTP/1.1\r\nHost: backend\r\nX-Admin-Token: guessed\r\n\r\n';
        const socket = connect((portalServer.address() as AddressInfo).port, '127.0.0.1');
        let answer = '';
        socket.on('data', (data: Buffer) => (answer += data.toString('utf8')));
        socket.write(
          `${method} ${API}/cms/baifang/delBaifangRecords/1 HTTP/1.1\r\nHost: portal\r\nTransfer-Encoding: chunked\r\n\r\n` +
            `${smuggled.length.toString(16)}\r\n${smuggled}\r\n0\r\n\r\n`,
        );
        await once(socket, 'close');
        expect(answer).toMatch(/^HTTP\/1\.1 400 /);
        expect(answer).toContain('{"code":400,"msg":"请求格式不正确"}');
        expect(backend.received.join('')).not.toContain('/admin/orders');
      } finally {
        portalServer.closeAllConnections();
        portalServer.close();
        backend.server.close();
      }
    },
  );
});

describe('hostile values the fuzzer found', () => {
  it.each(['%01abc', 'abc%0Ddef', '%E4%BD%A0%E5%A5%BD', 'a b'])(
    'a cookie %s that is no token reaches no Authorization header (regression: a control character was a 500)',
    async (value) => {
      const api = await request(portal.app).get(`${API}/api/cmsData/testToken`).set(OUR_PAGE).set('Cookie', `${TOKEN_COOKIE}=${value}`);
      expect(api.status).toBe(200);
      expect(api.body.data.authenticated).toBe(false);
      const page = await request(portal.app).get('/zb').set('Cookie', `${TOKEN_COOKIE}=${value}`);
      expect(page.status).toBe(200);
    },
  );

  /** Sends a request target as is (supertest would normalise it). */
  async function rawGet(target: string): Promise<string> {
    const server = portal.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      let answer = '';
      socket.on('data', (data: Buffer) => (answer += data.toString('utf8')));
      socket.write(`GET ${target} HTTP/1.1\r\nHost: portal\r\nConnection: close\r\n\r\n`);
      await once(socket, 'close');
      return answer;
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  it('a page target of "//" is a 404 page (regression: the render URL threw, 500)', async () => {
    expect(await rawGet('//')).toMatch(/^HTTP\/1\.1 404 /);
  });

  it('an absolute-form target renders the path on our site, never the other origin', async () => {
    const answer = await rawGet('http://evil.example/zb');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).not.toContain('evil.example');
  });
});

describe('static files', () => {
  it('serve only what is in their folder, and say so plainly (regression: 403 said "internal error")', async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'portal-static-'));
    writeFileSync(join(clientDir, 'app-1234.js'), 'export {};');
    try {
      const app = createApp({
        config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: false },
        backendURL: portal.backendURL,
        renderer: { render: () => Promise.reject(new Error('not rendered')), assets: { css: [], bootstrapModule: '/x.js' } },
        clientDir,
        publicDir: 'client/public',
        log: () => undefined,
      });
      expect((await request(app).get('/dist/app-1234.js')).status).toBe(200);
      for (const path of ['/dist/%2e%2e/package.json', '/dist/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/dist/..%2fpackage.json']) {
        const res = await request(app).get(path);
        expect([403, 404], path).toContain(res.status);
        expect(res.body.msg, path).not.toBe('服务器内部错误');
        expect(res.text, path).not.toContain('province-project-portal');
      }
    } finally {
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});

describe('open redirects', () => {
  const staysOnSite = (location: string | undefined) => {
    expect(location).toBeDefined();
    expect(location).toMatch(/^\/(?![/\\])/);
  };

  it.each(['//evil.example/user', '/\\evil.example/user', '/user/..%2F..%2F%2Fevil.example', '/user?x=https://evil.example'])(
    'the member guard keeps %s on the site',
    async (path) => {
      const res = await request(portal.app).get(path);
      if (res.status === 302) staysOnSite(res.headers.location);
      else expect(res.status).toBe(404);
    },
  );

  it.each(['//evil.example/%2e%2e/images', '/images', '//images', '/%2F%2Fevil.example/..%2Fimages'])(
    'a static directory redirect for %s stays on the site',
    async (path) => {
      const res = await request(portal.app).get(path);
      if (res.status >= 300 && res.status < 400) staysOnSite(res.headers.location);
    },
  );

  it('a member on the login page goes to /user, whatever redirect the link carried', async () => {
    const res = await request(portal.app)
      .get('/user_login?redirect=https%3A%2F%2Fevil.example')
      .set('Cookie', await portal.memberCookie());
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/user');
  });

  it.each([
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example',
    'HTTPS://evil.example',
    'javascript:alert(1)',
    ' /evil',
    'data:text/html,x',
  ])('the login page ignores redirect=%j', (target) => {
    expect(safeRedirectTarget(target)).toBe('/user');
  });

  it.each(['/user/favorite?type=zb', '/%2F%2Fevil.example', '/zb/1#x'])('and follows the same-site path %s', (target) => {
    expect(safeRedirectTarget(target)).toBe(target);
  });
});
