/**
 * The portal's server in front of the real backend (backend/test/fixture.ts), both in-process:
 * the backend listens on a free port, the portal app is driven by supertest.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import request from 'supertest';
import { PLATFORM_HEADER, PLATFORM_VALUE, RANDOM_PASSWORD_COOKIE, TOKEN_COOKIE } from '@shared/constants';
import { createTestBackend, type TestBackend, type TestBackendOptions } from '../../backend/test/fixture';
import { createApp, type AppOptions } from '../src/app';
import type { Renderer } from '../src/render/renderer';

export const PRODUCT = 'prod-api';
export const API = `/${PRODUCT}`;

/** Pages that get this far are "rendered" as a redirect to this marker, so tests can tell. */
export const RENDERED = '/__rendered__';
const markerRenderer: Renderer = {
  render: () => Promise.resolve({ type: 'redirect', status: 302, location: RENDERED }),
  assets: { css: [], bootstrapModule: '/dist/entry.js' },
};

/** The test backend listening on a free loopback port, as a portal reaches it. */
export interface ListeningBackend {
  backend: TestBackend;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Drops open connections, stops listening, closes the database. */
  close(): Promise<void>;
}

export async function listenTestBackend(options: TestBackendOptions): Promise<ListeningBackend> {
  const backend = await createTestBackend(options);
  const server: Server = backend.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    backend,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
      backend.close();
    },
  };
}

/** A portal listening on a free loopback port. */
export interface ListeningPortal {
  port: number;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Drops open connections and stops listening. */
  close(): void;
}

/** The portal app in front of `backendURL` with `renderer` (and any other option), listening. */
export async function listenPortal(
  options: Pick<AppOptions, 'backendURL' | 'renderer' | 'renderLimit' | 'renderCache' | 'renderGate'>,
): Promise<ListeningPortal> {
  const app = createApp({
    config: { PRODUCT, MOBILE_SITE_URL: undefined, TRUST_PROXY: false },
    publicDir: 'client/public',
    log: () => undefined,
    ...options,
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

export interface Portal {
  backend: TestBackend;
  backendURL: string;
  app: ReturnType<typeof createApp>;
  close(): Promise<void>;
}

export async function startPortal(options: TestBackendOptions & { trustProxy?: boolean } = {}): Promise<Portal> {
  const { backend, url: backendURL, close } = await listenTestBackend({ projects: 30, tenders: 30, captchaEnabled: false, ...options });
  const app = createApp({
    config: { PRODUCT, MOBILE_SITE_URL: undefined, TRUST_PROXY: options.trustProxy ?? false },
    backendURL,
    renderer: markerRenderer,
    publicDir: 'client/public',
    log: () => undefined,
  });
  return { backend, backendURL, app, close };
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

/** Headers of a call from one of our pages, as Chromium sends them. */
export const OUR_PAGE = { [PLATFORM_HEADER]: PLATFORM_VALUE, 'Sec-Fetch-Site': 'same-origin' } as const;

export interface ParsedCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function parseSetCookies(header: string | string[] | undefined): Map<string, ParsedCookie> {
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const cookies = new Map<string, ParsedCookie>();
  for (const line of list) {
    const [pair = '', ...attrs] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const attr of attrs) {
      const i = attr.indexOf('=');
      if (i === -1) attributes[attr.toLowerCase()] = true;
      else attributes[attr.slice(0, i).toLowerCase()] = attr.slice(i + 1);
    }
    cookies.set(pair.slice(0, eq), { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), attributes });
  }
  return cookies;
}

/** A cookie the response tells the browser to delete. */
export function isCleared(cookie: ParsedCookie | undefined): boolean {
  if (!cookie) return false;
  const expires = cookie.attributes.expires;
  return (
    cookie.value === '' && (cookie.attributes['max-age'] === '0' || (typeof expires === 'string' && Date.parse(expires) <= Date.now()))
  );
}

/** Logs in through the portal like the login page does; returns the session cookies it set. */
export async function loginThroughPortal(portal: Portal, username = 'demo', password = 'demo123') {
  const res = await request(portal.app)
    .post(`${API}/api/member/login`)
    .set(OUR_PAGE)
    .send({ username, password: portal.backend.encrypt(password), loginType: 'password' });
  const cookies = parseSetCookies(res.headers['set-cookie']);
  const token = cookies.get(TOKEN_COOKIE)?.value ?? '';
  return {
    res,
    cookies,
    token,
    cookieHeader: `${TOKEN_COOKIE}=${token}; ${RANDOM_PASSWORD_COOKIE}=${cookies.get(RANDOM_PASSWORD_COOKIE)?.value ?? ''}`,
  };
}
