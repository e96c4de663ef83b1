/**
 * The render cache through the real portal: anonymous repeats come from the cache
 * with a fresh nonce each time, members never get a cached page nor fill the cache, entries
 * expire, the query string is part of the key, a burst renders once, and an outage is never
 * hidden behind cached pages.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '@shared/constants';
import { createTestPortal, type TestPortal } from './harness';

const TTL_MS = 30_000;
let now = Date.now();
let portal: TestPortal;
let zbId: number;

beforeAll(async () => {
  portal = await createTestPortal({ renderCache: { maxBytes: 8 * 1024 * 1024, ttlMs: TTL_MS, now: () => now } });
  zbId = (await request(portal.backend.app).get('/api/zb/search?pageSize=1')).body.rows[0].id as number;
});

afterAll(async () => {
  await portal?.close();
});

const get = (path: string, cookie?: string) => {
  const req = request(portal.app).get(path);
  return cookie ? req.set('Cookie', cookie) : req;
};

function nonceOf(res: request.Response): string {
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(res.headers['content-security-policy']))?.[1];
  if (!nonce) throw new Error('no nonce in the CSP');
  return nonce;
}

/** Every nonce attribute in the page. */
const nonceAttributes = (html: string) => [...html.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1]);

/**
 * A list page of its own (a filter nobody else uses), so tests do not meet each other's entries.
 * Only a parameter the page reads makes a new entry.
 */
let unique = 0;
const fresh = (path: '/zb' | '/xmk') => `${path}?industry=t${++unique}`;

describe('anonymous pages', () => {
  it('are rendered once, then served from the cache, each answer with its own nonce in header and body', async () => {
    const path = `/zb/${zbId}`;
    const renders = portal.renders();
    const first = await get(path);
    const second = await get(path);
    const third = await get(path);
    expect(portal.renders() - renders).toBe(1);
    expect([first.headers['x-render-cache'], second.headers['x-render-cache'], third.headers['x-render-cache']]).toEqual([
      'miss',
      'hit',
      'hit',
    ]);

    const nonces = [first, second, third].map(nonceOf);
    expect(new Set(nonces).size).toBe(3);
    for (const [i, res] of [first, second, third].entries()) {
      expect(res.status).toBe(200);
      const attributes = nonceAttributes(res.text);
      expect(attributes.length).toBeGreaterThan(0);
      expect(new Set(attributes)).toEqual(new Set([nonces[i]]));
    }
    // The same page apart from the nonces, announced as public for up to 60 s, with its age.
    const withoutNonces = (html: string) => html.replace(/\snonce="[^"]*"/g, '');
    expect(withoutNonces(third.text)).toBe(withoutNonces(first.text));
    expect(third.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(third.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(third.headers.vary).toBe('Cookie');
    expect(third.headers.age).toBe('0');
  });

  it('expire after their time to live', async () => {
    const path = fresh('/zb');
    await get(path);
    now += TTL_MS - 1_000;
    const aged = await get(path);
    expect(aged.headers['x-render-cache']).toBe('hit');
    expect(aged.headers.age).toBe(String((TTL_MS - 1_000) / 1000));
    now += 1_000;
    const renders = portal.renders();
    expect((await get(path)).headers['x-render-cache']).toBe('miss');
    expect(portal.renders() - renders).toBe(1);
  });

  it('are keyed by path and the query parameters the page reads', async () => {
    const keyword = encodeURIComponent('道路');
    const base = fresh('/zb');
    await get(`${base}&keyword=${keyword}`);
    expect((await get(`${base}&keyword=${encodeURIComponent('学校')}`)).headers['x-render-cache']).toBe('miss');
    expect((await get(base)).headers['x-render-cache']).toBe('miss');
    expect((await get(`${base}&keyword=${keyword}`)).headers['x-render-cache']).toBe('hit');
  });

  it('share one entry whatever parameters no page reads come with them, and render without them', async () => {
    const path = fresh('/zb');
    const renders = portal.renders();
    const answers = [];
    for (const junk of ['utm_source=a', 'utm_source=b&fbclid=c', 't=1', 't=2&x=%E4%B8%AD', ''])
      answers.push(await get(junk ? `${path}&${junk}` : path));
    expect(portal.renders() - renders).toBe(1);
    expect(answers.map((res) => res.headers['x-render-cache'])).toEqual(['miss', 'hit', 'hit', 'hit', 'hit']);
    expect(answers[0]!.text).not.toContain('utm_source');
    // The same for a page that reads no parameter at all.
    await get('/?utm_source=x');
    expect((await get('/?fbclid=y&t=3')).headers['x-render-cache']).toBe('hit');
  });

  it('render once for a burst of concurrent requests', async () => {
    const path = fresh('/xmk');
    const renders = portal.renders();
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(path)));
    expect(portal.renders() - renders).toBe(1);
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(new Set(nonceAttributes(res.text))).toEqual(new Set([nonceOf(res)]));
    }
  });

  it('are served to HEAD from the cache, without a body', async () => {
    const path = '/';
    await get(path);
    const head = await request(portal.app).head(path);
    expect(head.status).toBe(200);
    expect(head.headers['x-render-cache']).toBe('hit');
    expect(head.text).toBeUndefined();
  });

  it('only 200s are kept: a 404 renders every time', async () => {
    const path = '/zb/999999999';
    const renders = portal.renders();
    const first = await get(path);
    const second = await get(path);
    expect([first.status, second.status]).toEqual([404, 404]);
    expect(second.headers['x-render-cache']).toBe('miss');
    expect(portal.renders() - renders).toBe(2);
  });
});

describe('members', () => {
  it('never get a cached page: theirs is rendered for them, with their name in it', async () => {
    const path = fresh('/zb');
    await get(path);
    expect((await get(path)).headers['x-render-cache']).toBe('hit');
    const cookie = await portal.memberCookie();
    const renders = portal.renders();
    const mine = await get(path, cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers['x-render-cache']).toBeUndefined();
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.text).toContain('site-member-text');
    expect(portal.renders() - renders).toBe(1);
  });

  it('never fill the cache: a member’s render is not served to the next visitor', async () => {
    const path = fresh('/zb');
    const cookie = await portal.memberCookie();
    await get(path, cookie);
    await get(path, cookie);
    const visitor = await get(path);
    expect(visitor.headers['x-render-cache']).toBe('miss');
    expect(visitor.text).not.toContain('site-member-text');
  });

  it('a cookie shaped like a token bypasses the cache, whether or not the backend knows it', async () => {
    const path = '/';
    await get(path);
    const res = await get(path, `${TOKEN_COOKIE}=${'x'.repeat(20)}`);
    expect(res.headers['x-render-cache']).toBeUndefined();
  });

  it('a cookie that is no token (@shared/session) is no session: cleared, and the visitor gets the anonymous page', async () => {
    const path = '/';
    await get(path);
    for (const value of ['', 'not%20a%20token']) {
      const res = await get(path, `${TOKEN_COOKIE}=${value}`);
      expect(res.headers['x-render-cache'], value).toBe('hit');
      expect(String(res.headers['set-cookie']), value).toContain(`${TOKEN_COOKIE}=;`);
    }
  });
});

describe('a backend outage', () => {
  it('is never hidden by cached pages: they are dropped, and kept again once the backend answers', async () => {
    const path = fresh('/xmk');
    await get(path);
    expect((await get(path)).headers['x-render-cache']).toBe('hit');

    const { port } = portal.backendServer.address() as AddressInfo;
    portal.backendServer.close();
    portal.backendServer.closeAllConnections();
    await once(portal.backendServer, 'close');
    const down = await get(path);
    expect(down.status).toBe(502);
    expect(down.text).toContain('服务暂时不可用');

    portal.backendServer.listen(port, '127.0.0.1');
    await once(portal.backendServer, 'listening');
    // The first render after the outage shows the backend answers again; the cache is used from then on.
    const back = await get(path);
    expect(back.status).toBe(200);
    expect(back.headers['x-render-cache']).toBeUndefined();
    expect((await get(path)).headers['x-render-cache']).toBe('miss');
    expect((await get(path)).headers['x-render-cache']).toBe('hit');
  });

  it('is noticed when the backend resets its connections instead of closing them (killed on a busy machine)', async () => {
    const path = fresh('/xmk');
    await get(path);
    expect((await get(path)).headers['x-render-cache']).toBe('hit');

    const { port } = portal.backendServer.address() as AddressInfo;
    // A killed process resets every connection with a request it had not read: no FIN, an RST.
    // (Reset first: closing the server would close its idle connections with a FIN.)
    expect(portal.backendSockets.size).toBeGreaterThan(0);
    for (const socket of portal.backendSockets) socket.resetAndDestroy();
    portal.backendServer.close();
    await once(portal.backendServer, 'close');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const down = await get(path);
    expect(down.status).toBe(502);
    expect(down.text).toContain('服务暂时不可用');

    portal.backendServer.listen(port, '127.0.0.1');
    await once(portal.backendServer, 'listening');
    expect((await get(path)).status).toBe(200);
    expect((await get(path)).headers['x-render-cache']).toBe('miss');
    expect((await get(path)).headers['x-render-cache']).toBe('hit');
  });
});
