/**
 * What `npm run bench` measures. Each scenario is one kind of request repeated by 50
 * connections; the static asset is the baseline the page figures are divided by, and the direct
 * backend call the baseline of the proxied one.
 */
import { xmkDetailPath, zbDetailPath } from '@shared/content/paths';

/** A county-sized search: keyword + region, the /zb list's typical query. */
const SEARCH_QUERY = `keyword=${encodeURIComponent('道路')}&areaCode=370100`;

export interface BenchIds {
  zb: number;
  xmk: number;
  /** The oldest and newest tender ids: uncached details are spread over the whole table. */
  zbRange: { first: number; last: number };
}

export interface Scenario {
  name: string;
  /** What the table says it is. */
  label: string;
  /**
   * Which origin serves it: the portal, the same build started with its render cache off
   * (`RENDER_CACHE_MB=0`, sharing the first portal's backend and data), or the backend itself.
   */
  target: 'portal' | 'uncached' | 'backend';
  /** The path of every request, or of request `n` (a fresh URL each time defeats any cache). */
  path: string | ((n: number) => string);
}

export function scenarios(ids: BenchIds): Scenario[] {
  return [
    { name: 'static', label: 'static asset (baseline)', target: 'portal', path: '/favicon.svg' },
    { name: 'home', label: '/', target: 'portal', path: '/' },
    { name: 'zb-list', label: '/zb?keyword&areaCode', target: 'portal', path: `/zb?${SEARCH_QUERY}` },
    { name: 'zb-detail', label: zbDetailPath(ids.zb), target: 'portal', path: zbDetailPath(ids.zb) },
    { name: 'xmk-detail', label: xmkDetailPath(ids.xmk), target: 'portal', path: xmkDetailPath(ids.xmk) },
    { name: 'api-proxied', label: '/prod-api/api/zb/search', target: 'portal', path: `/prod-api/api/zb/search?${SEARCH_QUERY}` },
    { name: 'api-direct', label: 'backend /api/zb/search', target: 'backend', path: `/api/zb/search?${SEARCH_QUERY}` },
    // The same pages on the portal whose render cache is off: every request renders, which is
    // what a visitor gets on a cache miss and every crawler visit. The search is the cached
    // scenario's own (same rows, same bytes: the ratio to it is the cache's worth); the details
    // walk the whole table with a stride, so most rows are read from disk, not a warm page.
    {
      name: 'zb-list-render',
      label: '/zb?… rendered each time',
      target: 'uncached',
      path: `/zb?${SEARCH_QUERY}`,
    },
    {
      name: 'zb-detail-render',
      label: '/zb/{id} rendered each time',
      target: 'uncached',
      path: (n) => zbDetailPath(spreadId(ids.zbRange, n)),
    },
  ];
}

/** Request `n`'s tender: a prime stride through the ids, so neighbours are far apart. */
export function spreadId(range: BenchIds['zbRange'], n: number): number {
  const span = range.last - range.first + 1;
  return range.first + ((n * 7919) % span);
}

/** The targets, checked against the median of the runs. */
export const TARGETS = {
  /** /zb list and /zb/{id}: at least this share of the static baseline's req/s … */
  pageShareOfBaseline: 0.9,
  /** … with p99 at most this. */
  pageP99Ms: 100,
  /** Pages rendered every time: the search and the detail, share of the baseline … */
  renderedListShareOfBaseline: 0.3,
  renderedDetailShareOfBaseline: 0.4,
  /** … with p99 at most this. */
  renderedP99Ms: 300,
  /** The proxied API call: at least this share of the direct backend call's req/s. */
  proxyShareOfDirect: 0.9,
  /** The server process after the run. */
  maxRssMB: 250,
  /** "No growth over three consecutive runs": the last run's RSS within this of the first's. */
  rssGrowthToleranceMB: 15,
} as const;
