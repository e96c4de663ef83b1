/**
 * `npm run bench:lighthouse` (not in CI): Lighthouse 12's desktop preset on `/`, `/zb` and a
 * tender's page of the production build, and its mobile preset on the mobile site's home, list and
 * a detail, with Debian's Chromium (CHROME_PATH, default /usr/bin/chromium; never a downloaded
 * browser). Prints the four category scores per page and every audit that cost points, writes them
 * to bench/results/, and fails when a page is below performance 95, accessibility 95, SEO 100 or
 * best practices 95 (mobile pages: performance 95, accessibility 100, SEO 100, best practices 95).
 *
 * Lighthouse is not a dependency of the project (`npm ci` would install it for every checkout):
 * the first run installs it into node_modules/.cache/lighthouse/<version>.
 *
 *   npm run build && npm run bench:lighthouse [-- --runs N] [-- --pages desktop|mobile|all]
 *   (a page's score: the median of N runs, default 3)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { mobileDetailPath, zbDetailPath } from '@shared/content/paths';
import { MOBILE_PATHS } from '@shared/routes';
import { freePort, startProductionPortal } from '../lib/production-portal';
import { commitStamp, median } from './report';

const ROOT = resolve(import.meta.dirname, '../..');
const LIGHTHOUSE_VERSION = '12.2.3';
const LIGHTHOUSE_DIR = join(ROOT, 'node_modules/.cache/lighthouse', LIGHTHOUSE_VERSION);

/** What this script reads of a Lighthouse result. */
interface Result {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>;
  runtimeError?: { message: string };
}
interface Flags {
  port: number;
  output: 'json';
  logLevel: 'error';
  onlyCategories: string[];
}
interface Lighthouse {
  default: (url: string, flags: Flags, config?: object) => Promise<{ lhr: Result } | undefined>;
  desktopConfig: object;
}
interface ChromeLauncher {
  launch: (options: { chromePath: string; chromeFlags: string[]; port?: number }) => Promise<{ port: number; kill: () => unknown }>;
}

/** A package of the Lighthouse install, installing it first if this is the first run. */
async function fromLighthouseInstall<T>(name: string): Promise<T> {
  if (!existsSync(join(LIGHTHOUSE_DIR, 'node_modules/lighthouse/package.json'))) {
    console.log(`installing lighthouse@${LIGHTHOUSE_VERSION} into ${relative(ROOT, LIGHTHOUSE_DIR)} (first run only)`);
    execFileSync(
      'npm',
      ['install', '--prefix', LIGHTHOUSE_DIR, '--no-save', '--no-audit', '--no-fund', `lighthouse@${LIGHTHOUSE_VERSION}`],
      {
        stdio: 'inherit',
      },
    );
  }
  const dir = join(LIGHTHOUSE_DIR, 'node_modules', name);
  const { main } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { main: string };
  return (await import(pathToFileURL(join(dir, main)).href)) as T;
}

const { default: lighthouse, desktopConfig } = await fromLighthouseInstall<Lighthouse>('lighthouse');
const chromeLauncher = await fromLighthouseInstall<ChromeLauncher>('chrome-launcher');
const TARGETS: Record<string, number> = { performance: 95, accessibility: 95, seo: 100, 'best-practices': 95 };
/** The mobile site under the mobile preset (a slow phone on 4G). */
const MOBILE_TARGETS: Record<string, number> = { performance: 95, accessibility: 100, seo: 100, 'best-practices': 95 };
type Preset = 'desktop' | 'mobile';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

const { values: args } = parseArgs({
  // --port N: the portal on N and Chrome's debugging port on N + 1 (a shared machine's assigned range); free ports otherwise.
  options: { runs: { type: 'string', default: '3' }, pages: { type: 'string', default: 'all' }, port: { type: 'string' } },
});
const runs = Number(args.runs);

interface PageScores {
  path: string;
  preset: Preset;
  scores: Record<string, number>;
  /** Audits that lost points, with the categories they count in. */
  findings: { id: string; title: string; score: number | null; displayValue?: string }[];
}

/** Audits below full marks that count towards a category's score. */
function findingsOf(lhr: Result): PageScores['findings'] {
  const weighted = new Set(Object.values(lhr.categories).flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => r.id)));
  return Object.values(lhr.audits)
    .filter((a) => weighted.has(a.id) && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => ({ id: a.id, title: a.title, score: a.score, ...(a.displayValue ? { displayValue: a.displayValue } : {}) }));
}

async function audit(url: string, port: number, preset: Preset): Promise<Result> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS) };
  // No config is Lighthouse's default: the mobile preset (emulated phone, throttled 4G and CPU).
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

async function main() {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  // SITE_URL as a deployment sets it: canonical links are absolute only then (cached HTML never
  // takes its host from the request).
  const port = args.port ? Number(args.port) : await freePort();
  const portal = await startProductionPortal({
    root: ROOT,
    port,
    env: { SEED_PROJECTS: '3000', SEED_TENDERS: '5000', SITE_URL: `http://127.0.0.1:${port}` },
  });
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, ...(args.port ? { port: port + 1 } : {}) });
  const pages: PageScores[] = [];
  try {
    const search = (await (await fetch(`${portal.url}/prod-api/api/zb/search?pageSize=1`)).json()) as { rows: { id: number }[] };
    const id = search.rows[0]?.id ?? 1;
    // The indexable list (a keyword search is "noindex, follow" by design, which SEO counts against it).
    const desktop: [string, Preset][] = ['/', '/zb', zbDetailPath(id)].map((path) => [path, 'desktop']);
    const mobile: [string, Preset][] = ['/m/', MOBILE_PATHS.zbList, mobileDetailPath('zb', id)].map((path) => [path, 'mobile']);
    const paths = args.pages === 'desktop' ? desktop : args.pages === 'mobile' ? mobile : [...desktop, ...mobile];
    for (const [path, preset] of paths) {
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) results.push(await audit(portal.url + path, chrome.port, preset));
      const scores = Object.fromEntries(
        Object.keys(TARGETS).map((id) => [id, Math.round(median(results.map((r) => (r.categories[id]?.score ?? 0) * 100)))]),
      );
      // Findings of the run closest to the median performance score.
      const typical = results.reduce((best, r) =>
        Math.abs((r.categories.performance?.score ?? 0) * 100 - (scores.performance ?? 0)) <
        Math.abs((best.categories.performance?.score ?? 0) * 100 - (scores.performance ?? 0))
          ? r
          : best,
      );
      pages.push({ path, preset, scores, findings: findingsOf(typical) });
      console.log(
        `${path.padEnd(28)} ${Object.entries(scores)
          .map(([id, s]) => `${id} ${s}`)
          .join('  ')}`,
      );
      for (const f of findingsOf(typical))
        console.log(`    ${f.id}: ${f.title}${f.displayValue ? ` (${f.displayValue})` : ''} — ${f.score}`);
    }
  } finally {
    await chrome.kill();
    await portal.stop('SIGTERM');
  }

  const missed = pages.flatMap((p) =>
    Object.entries(p.preset === 'mobile' ? MOBILE_TARGETS : TARGETS)
      .filter(([id, min]) => (p.scores[id] ?? 0) < min)
      .map(([id, min]) => `${p.path}: ${id} ${p.scores[id]} < ${min}`),
  );
  const stamp = commitStamp(ROOT);
  const out = join(
    ROOT,
    'bench/results',
    `lighthouse-${new Date().toISOString().slice(0, 10)}-${stamp.sha}${stamp.dirty ? '-dirty' : ''}.json`,
  );
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify({ kind: 'bench:lighthouse', date: new Date().toISOString(), commit: stamp, runs, targets: TARGETS, mobileTargets: MOBILE_TARGETS, pages }, null, 2)}\n`,
  );
  console.log(`\nwrote ${out.slice(ROOT.length + 1)}`);
  if (missed.length > 0) {
    console.log(`\nbench:lighthouse: below target\n  ${missed.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\nbench:lighthouse: every page on target');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
