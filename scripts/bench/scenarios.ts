/**
 * What `npm run bench` measures (issue 7 §1). Each scenario is one kind of request repeated by 50
 * connections; the static asset is the baseline the page figures are divided by, and the direct
 * backend call the baseline of the proxied one.
 */

/** A county-sized search: keyword + region, the /zb list's typical query. */
const SEARCH_QUERY = `keyword=${encodeURIComponent('道路')}&areaCode=370100`;

export interface BenchIds {
  zb: number;
  xmk: number;
}

export interface Scenario {
  name: string;
  /** What the table says it is. */
  label: string;
  /** Which origin serves it. */
  target: 'portal' | 'backend';
  /** The path of every request, or of request `n` (a fresh URL each time defeats any cache). */
  path: string | ((n: number) => string);
  /** Informational: measured and reported, but no target applies. */
  informational?: boolean;
}

export function scenarios(ids: BenchIds): Scenario[] {
  return [
    { name: 'static', label: 'static asset (baseline)', target: 'portal', path: '/favicon.svg' },
    { name: 'home', label: '/', target: 'portal', path: '/' },
    { name: 'zb-list', label: '/zb?keyword&areaCode', target: 'portal', path: `/zb?${SEARCH_QUERY}` },
    { name: 'zb-detail', label: `/zb/${ids.zb}`, target: 'portal', path: `/zb/${ids.zb}` },
    { name: 'xmk-detail', label: `/xmk/${ids.xmk}`, target: 'portal', path: `/xmk/${ids.xmk}` },
    { name: 'api-proxied', label: '/prod-api/api/zb/search', target: 'portal', path: `/prod-api/api/zb/search?${SEARCH_QUERY}` },
    { name: 'api-direct', label: 'backend /api/zb/search', target: 'backend', path: `/api/zb/search?${SEARCH_QUERY}` },
    // The same pages with a query parameter no page reads, new on every request: each one is
    // rendered, which is what a visitor gets on a cache miss.
    {
      name: 'zb-list-render',
      label: '/zb?… rendered each time',
      target: 'portal',
      path: (n) => `/zb?${SEARCH_QUERY}&bench=${n}`,
      informational: true,
    },
    {
      name: 'zb-detail-render',
      label: `/zb/${ids.zb} rendered each time`,
      target: 'portal',
      path: (n) => `/zb/${ids.zb}?bench=${n}`,
      informational: true,
    },
  ];
}

/** The targets, checked against the median of the runs. */
export const TARGETS = {
  /** /zb list and /zb/{id}: at least this share of the static baseline's req/s … */
  pageShareOfBaseline: 0.5,
  /** … with p99 at most this. */
  pageP99Ms: 100,
  /** The proxied API call: at least this share of the direct backend call's req/s. */
  proxyShareOfDirect: 0.7,
  /** The server process after the run. */
  maxRssMB: 250,
  /** "No growth over three consecutive runs": the last run's RSS within this of the first's. */
  rssGrowthToleranceMB: 15,
} as const;
