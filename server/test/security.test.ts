/**
 * Issue 8 §4 through the real portal: the security headers and the CSP nonce on every inline
 * script, the proxy's CSRF rule against what another site can make a browser send, and redirects
 * that never leave the site.
 */
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  return [...html.matchAll(/<script\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !/type="application\/(?:ld\+)?json"/.test(tag));
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
    (await request(portal.app).get(`${API}/cms/baifang/getBaifangClientList`).set(OUR_PAGE).set('Cookie', cookie)).body
      .total as number;

  it.each([
    ['a cross-site fetch with the platform header', { [PLATFORM_HEADER]: PLATFORM_VALUE, 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/json' }],
    ['a sibling subdomain', { [PLATFORM_HEADER]: PLATFORM_VALUE, 'Sec-Fetch-Site': 'same-site', 'Content-Type': 'application/json' }],
    ['a sandboxed frame (Origin: null)', { [PLATFORM_HEADER]: PLATFORM_VALUE, Origin: 'null', 'Content-Type': 'application/json' }],
    ['our host on another port', { [PLATFORM_HEADER]: PLATFORM_VALUE, Origin: 'http://127.0.0.1:1', 'Content-Type': 'application/json' }],
    ['a plain cross-site form (no platform header)', { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'text/plain' }],
    ['a typed-in or bookmarked request (Sec-Fetch-Site: none)', { [PLATFORM_HEADER]: PLATFORM_VALUE, 'Sec-Fetch-Site': 'none', 'Content-Type': 'application/json' }],
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
    const res = await request(portal.app)
      .get(`${API}${path}`)
      .set(OUR_PAGE)
      .set('X-Admin-Token', portal.backend.adminToken);
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
    const res = await request(portal.app).put(`${API}/api/cms/addMsg`).set(OUR_PAGE).set('Content-Type', 'application/json').send(bigJson(150_000));
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
          { host: '127.0.0.1', port, method: 'PUT', path: `${API}/api/cms/addMsg`, headers: { ...OUR_PAGE, 'Content-Type': 'application/json' } },
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
    const res = await request(portal.app).put(`${API}/api/cms/addMsg`).set(OUR_PAGE).set('Content-Type', 'application/json').send(bigJson(90_000));
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatch(/content/);
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
