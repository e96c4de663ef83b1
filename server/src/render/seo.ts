/**
 * robots.txt and sitemap.xml. The sitemap lists the public pages of the route table
 * and the newest project and tender details, read from the backend's own search calls; when that
 * is more than one file should hold, /sitemap.xml becomes a sitemap index over numbered files.
 *
 * URLs are absolute, as the sitemap protocol requires: SITE_URL when set, else the origin of the
 * request (trust proxy decides whether X-Forwarded-* count). Production should set SITE_URL, so
 * a forged Host header can never end up in a cached sitemap.
 */
import { Router, type Request, type Response } from 'express';
import type { TableDataInfo } from '@shared/contract/common';
import type { NoticeSummary, XmkListItem, ZbListItem } from '@shared/content/types';
import { companyPath } from '@shared/company/paths';
import { detailPath } from '@shared/content/paths';
import { apiPath } from '@shared/contract/endpoint';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { CompanyListItem } from '@shared/company/types';
import type { Goods } from '@shared/member/types';
import { PAGE_SIZE_MAX } from '@shared/constants';
import { ROUTES } from '@shared/routes';
import { toTimestamp } from '@shared/time';
import { HttpError } from '../http/errors';
import { parseEnvelope } from '../upstream/backend-client';
import type { BackendCalls } from '../upstream/backends';
import { BackendCapabilities } from '../upstream/capabilities';

/** URLs per sitemap file: small enough to build from a few backend pages quickly. */
export const SITEMAP_CHUNK = 1000;
/** Search answers at most this many rows (contract `totalCapped`): the newest 10 000 per type. */
const SEARCH_LIMIT = 10_000;
const BACKEND_TIMEOUT_MS = 10_000;
/** Crawlers fetch sitemaps rarely; an hour keeps the backend out of it. */
const SITEMAP_CACHE = 'public, max-age=3600';

export interface SeoOptions {
  siteUrl?: string;
  backend: BackendCalls;
  log: (message: string, error: unknown) => void;
  /** URLs per sitemap file (tests use a small one to see the index). */
  chunkSize?: number;
  /** The backend's features (upstream/capabilities.ts); asked of the backend when not given. */
  capabilities?: () => Promise<readonly string[]>;
}

/** The most active companies the sitemap lists, a backend page at a time. */
export const SITEMAP_COMPANY_PAGES = 5;

/**
 * Public, indexable pages without an id. /2 and /index2 are left out: they are other layouts of
 * the home page and name `/` as their canonical URL.
 */
const ALTERNATE_HOMES = new Set(['/2', '/index2']);
export const STATIC_PATHS: readonly string[] = ROUTES.filter(
  // Mobile pages name their desktop page as canonical: that one is listed.
  (r) => !r.noindex && !r.path.includes(':') && r.layout !== 'user' && r.layout !== 'mobile' && !ALTERNATE_HOMES.has(r.path),
).map((r) => r.path);

type ContentType = 'xmk' | 'zb';
const SEARCH_PATHS: Record<ContentType, string> = { xmk: ENDPOINTS.xmkSearch.path, zb: ENDPOINTS.zbSearch.path };

interface SitemapUrl {
  path: string;
  lastmod?: string;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/** W3C datetime with the Shanghai offset, from the backend's `yyyy-MM-dd HH:mm:ss`. */
export function w3cDate(time: string | null | undefined): string | undefined {
  const ms = toTimestamp(time);
  return ms === null ? undefined : `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

export function urlset(origin: string, urls: readonly SitemapUrl[]): string {
  const entries = urls.map((u) => `<url><loc>${xml(origin + u.path)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

export function sitemapIndex(origin: string, files: readonly string[]): string {
  const entries = files.map((f) => `<sitemap><loc>${xml(origin + f)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    // The member area, login and registration (all under /user…), developer pages, the API.
    'Disallow: /user',
    'Disallow: /test',
    'Disallow: /404',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

class SitemapSource {
  constructor(private readonly backend: BackendCalls) {}

  private async list<T>(path: string, params: Record<string, number>): Promise<TableDataInfo<T>> {
    const query = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)])).toString();
    const target = query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
    const answer = await this.backend.call({ path: target, headers: { accept: 'application/json' }, timeoutMs: BACKEND_TIMEOUT_MS });
    const data = parseEnvelope(answer.bytes) as TableDataInfo<T> | null;
    if (answer.status !== 200 || data === null) throw new Error(`${path} answered HTTP ${answer.status}`);
    if (data.code !== 200) throw new Error(`${path} answered code ${data.code}: ${data.msg}`);
    return data;
  }

  /** How many details of a type the sitemap lists (the newest, up to what search can reach). */
  async count(type: ContentType): Promise<number> {
    const { total } = await this.list<XmkListItem>(SEARCH_PATHS[type], { pageNum: 1, pageSize: 1 });
    return Math.min(total, SEARCH_LIMIT);
  }

  /** Rows [offset, offset + limit) of the newest details, fetched a backend page at a time. */
  async details(type: ContentType, offset: number, limit: number): Promise<SitemapUrl[]> {
    const firstPage = Math.floor(offset / PAGE_SIZE_MAX) + 1;
    const pages = Math.ceil(limit / PAGE_SIZE_MAX);
    const bodies = await Promise.all(
      Array.from({ length: pages }, (_, i) =>
        this.list<XmkListItem | ZbListItem>(SEARCH_PATHS[type], { pageNum: firstPage + i, pageSize: PAGE_SIZE_MAX }),
      ),
    );
    const skip = offset - (firstPage - 1) * PAGE_SIZE_MAX;
    return bodies
      .flatMap((b) => b.rows)
      .slice(skip, skip + limit)
      .map((row) => ({ path: detailPath(type, row.id), lastmod: w3cDate(row.publishTime) }));
  }

  /**
   * The route table's public pages, the goods on sale, the most active companies and the newest
   * notices; pages and lists whose backend feature is missing are left out (they would be 404s).
   */
  async pages(features: ReadonlySet<string>): Promise<SitemapUrl[]> {
    const none = Promise.resolve({ rows: [] as never[] });
    const [goods, notices, ...companies] = await Promise.all([
      features.has('goods') ? this.list<Goods>(ENDPOINTS.goodsList.path, {}) : none,
      this.list<NoticeSummary>(apiPath(ENDPOINTS.support.path, { col: 'notice' }), {
        pageNum: 1,
        pageSize: PAGE_SIZE_MAX,
      }),
      ...Array.from({ length: features.has('company') ? SITEMAP_COMPANY_PAGES : 0 }, (_, i) =>
        this.list<CompanyListItem>(ENDPOINTS.companyList.path, { pageNum: i + 1, pageSize: PAGE_SIZE_MAX }),
      ),
    ]);
    return [
      ...STATIC_PATHS.filter((path) => {
        const capability = ROUTES.find((r) => r.path === path)?.capability;
        return capability === undefined || features.has(capability);
      }).map((path) => ({ path })),
      ...goods.rows.map((g) => ({ path: `/goods/${g.id}` })),
      ...companies.flatMap((page) => page.rows).map((c) => ({ path: companyPath(c.id) })),
      ...notices.rows.map((n) => ({ path: `/support/notice?id=${n.noticeId}`, lastmod: w3cDate(n.createTime) })),
    ];
  }
}

export function seoRoutes(opts: SeoOptions): Router {
  const chunk = opts.chunkSize ?? SITEMAP_CHUNK;
  const source = new SitemapSource(opts.backend);
  const askFeatures =
    opts.capabilities ??
    (
      (known) => () =>
        known.current()
    )(new BackendCapabilities({ backend: opts.backend }));
  const features = async () => new Set(await askFeatures());
  const router = Router();
  const originOf = (req: Request) => opts.siteUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;

  const sendXml = (res: Response, body: string) =>
    res.status(200).set({ 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': SITEMAP_CACHE }).send(body);

  /** The backend is down: crawlers should come back later rather than drop the URLs. */
  const unavailable = (error: unknown) => {
    opts.log('sitemap: backend unavailable', error instanceof Error ? error.message : error);
    return new HttpError(503, 'sitemap temporarily unavailable', { as: 'text', headers: { 'Retry-After': '600' } });
  };

  router.get('/robots.txt', (req, res) => {
    res
      .status(200)
      .set('Cache-Control', 'public, max-age=86400')
      .type('text/plain')
      .send(robotsTxt(originOf(req)));
  });

  router.get('/sitemap.xml', async (req, res) => {
    try {
      const [pages, xmk, zb] = await Promise.all([features().then((f) => source.pages(f)), source.count('xmk'), source.count('zb')]);
      if (pages.length + xmk + zb <= chunk) {
        const [xmkUrls, zbUrls] = await Promise.all([source.details('xmk', 0, xmk), source.details('zb', 0, zb)]);
        sendXml(res, urlset(originOf(req), [...pages, ...xmkUrls, ...zbUrls]));
        return;
      }
      const files = ['/sitemaps/pages.xml'];
      for (const [type, total] of [
        ['xmk', xmk],
        ['zb', zb],
      ] as const) {
        for (let n = 1; n <= Math.ceil(total / chunk); n++) files.push(`/sitemaps/${type}-${n}.xml`);
      }
      sendXml(res, sitemapIndex(originOf(req), files));
    } catch (error) {
      throw unavailable(error);
    }
  });

  router.get('/sitemaps/:file', async (req, res, next) => {
    const file = req.params.file;
    try {
      if (file === 'pages.xml') {
        sendXml(res, urlset(originOf(req), await source.pages(await features())));
        return;
      }
      const match = /^(xmk|zb)-([1-9]\d{0,4})\.xml$/.exec(file);
      const type = match?.[1] as ContentType | undefined;
      const n = Number(match?.[2]);
      if (!type || (n - 1) * chunk >= SEARCH_LIMIT) return next();
      const urls = await source.details(type, (n - 1) * chunk, chunk);
      if (urls.length === 0) return next();
      sendXml(res, urlset(originOf(req), urls));
    } catch (error) {
      throw unavailable(error);
    }
  });

  return router;
}
