/**
 * robots.txt and sitemap.xml against the real backend: the public pages and the
 * newest details, absolute URLs, and a sitemap index over numbered files when the list is large.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../backend/test/fixture';
import { createApp } from '../src/app';
import { errorHandler } from '../src/http/errors';
import { BackendClient, createBackendAgent } from '../src/upstream/backend-client';
import type { Renderer } from '../src/render/renderer';
import { STATIC_PATHS, seoRoutes, urlset, w3cDate } from '../src/render/seo';
import { closedPort } from './portal-fixture';

const SITE_URL = 'https://www.example.com';
const PROJECTS = 40;
const TENDERS = 70;

let backend: TestBackend;
let server: Server;
let backendURL: string;
const agent = createBackendAgent();

const notRendered: Renderer = {
  render: () => Promise.reject(new Error('SEO files are not pages')),
  assets: { css: [], bootstrapModule: '/dist/entry.js' },
};

beforeAll(async () => {
  backend = await createTestBackend({ projects: PROJECTS, tenders: TENDERS });
  server = backend.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  backendURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  agent.destroy();
  server?.closeAllConnections();
  server?.close();
  backend?.close();
});

function portal(siteUrl?: string) {
  return createApp({
    config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: false, SITE_URL: siteUrl },
    backendURL,
    renderer: notRendered,
    publicDir: 'client/public',
    log: () => {},
  });
}

/** The SEO routes alone (and the app's error handler), with a small file size to see the sitemap index. */
function seoOnly(chunkSize: number, url = backendURL) {
  return express()
    .use(seoRoutes({ siteUrl: SITE_URL, backend: new BackendClient(url, agent), log: () => {}, chunkSize }))
    .use(errorHandler(() => {}));
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');

describe('robots.txt', () => {
  it('keeps crawlers out of the member area and the developer pages and names the sitemap', async () => {
    const res = await request(portal(SITE_URL)).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain('Disallow: /user\n');
    expect(res.text).toContain('Disallow: /test\n');
    expect(res.text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });

  it('uses the request’s own origin when SITE_URL is not set', async () => {
    const res = await request(portal()).get('/robots.txt').set('Host', 'portal.test:8080');
    expect(res.text).toContain('Sitemap: http://portal.test:8080/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  it('lists the public pages and every detail in one file when they fit', async () => {
    const res = await request(portal(SITE_URL)).get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    const urls = locs(res.text);
    for (const path of ['/', '/xmk', '/zb', '/goods', '/business/gczx', '/support/about', '/support/notice']) {
      expect(urls).toContain(`${SITE_URL}${path}`);
    }
    for (const hidden of ['/2', '/index2', '/user', '/user_login', '/test', '/404']) expect(urls).not.toContain(`${SITE_URL}${hidden}`);
    expect(urls.filter((u) => /\/xmk\/\d+$/.test(u))).toHaveLength(PROJECTS);
    expect(urls.filter((u) => /\/zb\/\d+$/.test(u))).toHaveLength(TENDERS);
    expect(urls.some((u) => /\/goods\/\d+$/.test(u))).toBe(true);
    expect(urls.some((u) => /\/support\/notice\?id=\d+$/.test(u))).toBe(true);
    expect(res.text).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00<\/lastmod>/);
  });

  it('becomes an index of numbered files when large, and the files hold every detail once', async () => {
    const app = seoOnly(25);
    const index = await request(app).get('/sitemap.xml');
    expect(index.text).toContain('<sitemapindex ');
    const files = locs(index.text);
    expect(files).toEqual([
      `${SITE_URL}/sitemaps/pages.xml`,
      `${SITE_URL}/sitemaps/xmk-1.xml`,
      `${SITE_URL}/sitemaps/xmk-2.xml`,
      `${SITE_URL}/sitemaps/zb-1.xml`,
      `${SITE_URL}/sitemaps/zb-2.xml`,
      `${SITE_URL}/sitemaps/zb-3.xml`,
    ]);
    const details: string[] = [];
    for (const file of files) {
      const res = await request(app).get(file.slice(SITE_URL.length));
      expect(res.status).toBe(200);
      const urls = locs(res.text);
      // pages.xml is bounded by itself (route table, goods, newest notices); detail files by the size.
      if (!file.endsWith('/pages.xml')) expect(urls.length).toBeLessThanOrEqual(25);
      details.push(...urls.filter((u) => /\/(xmk|zb)\/\d+$/.test(u)));
    }
    expect(new Set(details).size).toBe(PROJECTS + TENDERS);
    expect(details).toHaveLength(PROJECTS + TENDERS);
  });

  it('answers 404 for a file past the end', async () => {
    expect((await request(seoOnly(25)).get('/sitemaps/xmk-3.xml')).status).toBe(404);
    expect((await request(seoOnly(25)).get('/sitemaps/other.xml')).status).toBe(404);
  });

  it('asks crawlers to come back later when the backend is down', async () => {
    const res = await request(seoOnly(25, `http://127.0.0.1:${await closedPort()}`)).get('/sitemap.xml');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('sitemap pieces', () => {
  it('escapes URLs for XML', () => {
    expect(urlset('https://a.example', [{ path: '/zb?a=1&b=2' }])).toContain('<loc>https://a.example/zb?a=1&amp;b=2</loc>');
  });

  it('dates carry the Shanghai offset', () => {
    expect(w3cDate('2024-06-12 10:30:00')).toBe('2024-06-12T10:30:00+08:00');
    expect(w3cDate(null)).toBeUndefined();
  });

  it('lists only indexable pages of the route table', () => {
    expect(STATIC_PATHS).toContain('/support/yssm');
    expect(STATIC_PATHS.some((p) => p.includes(':') || p.startsWith('/user') || p.startsWith('/test'))).toBe(false);
  });
});
