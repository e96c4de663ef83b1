/**
 * One rule decides "has a session" (@shared/session). A member cookie that fails it (`a b`,
 * non-ASCII, over 4 KB) must neither pass the guard while rendering sees no member (which would send
 * /user_login → /user → /user_login forever) nor stay: every step agrees and the cookie is cleared.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '@shared/constants';
import { guardRedirect } from '@shared/routes';
import type { TestBackend } from '../../backend/test/fixture';
import { createApp } from '../src/app';
import type { Renderer } from '../src/render/renderer';
import { isCleared, listenTestBackend, parseSetCookies, type ListeningBackend } from './portal-fixture';

/** Renders like entry-server's loaders do: the guard again, with the token the server handed over. */
const guardingRenderer: Renderer = {
  render: ({ request: page, token }) => {
    const url = new URL(page.url);
    const target = guardRedirect(url.pathname, url.pathname + url.search, token !== null);
    return Promise.resolve(
      target
        ? { type: 'redirect', status: 302, location: target }
        : { type: 'redirect', status: 302, location: `/__rendered__${url.pathname}` },
    );
  },
  assets: { css: [], bootstrapModule: '/dist/entry.js' },
};

let listening: ListeningBackend;
let backend: TestBackend;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  listening = await listenTestBackend({ projects: 30, tenders: 30, captchaEnabled: false });
  backend = listening.backend;
  app = createApp({
    config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: false },
    backendURL: listening.url,
    renderer: guardingRenderer,
    publicDir: 'client/public',
    log: () => undefined,
  });
});

afterAll(() => listening.close());

/** Follows redirects like a browser that keeps sending `cookie`; fails on the first repeated URL. */
async function follow(start: string, cookie: string) {
  const seen: string[] = [];
  const cleared: boolean[] = [];
  let url = start;
  for (;;) {
    if (seen.includes(url)) throw new Error(`redirect loop: ${[...seen, url].join(' → ')}`);
    seen.push(url);
    if (url.startsWith('/__rendered__')) return { seen, cleared, rendered: url.slice('/__rendered__'.length) };
    const res = await request(app).get(url).set('Cookie', cookie);
    expect(res.status).toBe(302);
    cleared.push(isCleared(parseSetCookies(res.headers['set-cookie']).get(TOKEN_COOKIE)));
    url = res.headers.location as string;
  }
}

const BAD_COOKIES = {
  'a space': `${TOKEN_COOKIE}=a b`,
  'non-ASCII': `${TOKEN_COOKIE}=${encodeURIComponent('令牌')}`,
  'over 4 KB': `${TOKEN_COOKIE}=${'a'.repeat(4097)}`,
};

describe('a member cookie that fails the session rule', () => {
  for (const [name, cookie] of Object.entries(BAD_COOKIES)) {
    it(`(${name}) leaves /user_login on the login page and clears the cookie`, async () => {
      const { rendered, cleared } = await follow('/user_login', cookie);
      expect(rendered).toBe('/user_login');
      expect(cleared[0]).toBe(true);
    });

    it(`(${name}) sends /user to the login page once, not round and round`, async () => {
      const { seen, rendered, cleared } = await follow('/user', cookie);
      expect(seen).toEqual(['/user', '/user_login?redirect=%2Fuser', '/__rendered__/user_login']);
      expect(rendered).toBe('/user_login');
      expect(cleared[0]).toBe(true);
    });
  }

  it('a well-formed cookie is still a session for the guard (the backend decides whether it lives)', async () => {
    const res = await request(app)
      .get('/user')
      .set('Cookie', `${TOKEN_COOKIE}=${await backend.login('demo', 'demo123')}`);
    expect(res.headers.location).toBe('/__rendered__/user');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
