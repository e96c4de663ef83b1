/**
 * `npm run bench:bundle` (issue 7 §4): the JavaScript and CSS a first visit downloads before the
 * page works, per route, from the client build's manifest: the entry, the page's chunk and
 * everything they import statically, gzip-compressed as a server sends them. Fails when `/` or
 * `/zb` is over budget, or when member code is among a public page's initial chunks.
 *
 *   npm run build && npm run bench:bundle [-- --json FILE]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { BUILD_ENTRIES, BUILD_MANIFESTS } from '@shared/build-entries';

const ROOT = resolve(import.meta.dirname, '../..');
const CLIENT_DIR = join(ROOT, 'dist/client');
/** /m pages load the mobile entry and link its stylesheet instead of the desktop's (server/src/renderer.ts). */
const { desktop: ENTRY, mobile: MOBILE_ENTRY, mobileCss: MOBILE_CSS, memberLayout: MEMBER_LAYOUT } = BUILD_ENTRIES;
const KB = 1024;

/** Routes measured (with the chunk of their layout when it has its own); those with a budget must stay within it. */
const ROUTES: readonly { path: string; budget: boolean; layout?: string; mobile?: boolean }[] = [
  { path: '/', budget: true },
  { path: '/zb', budget: true },
  { path: '/zb/:id', budget: false },
  { path: '/xmk', budget: false },
  { path: '/xmk/:id', budget: false },
  { path: '/user', budget: false, layout: MEMBER_LAYOUT },
  // The mobile site (issue 14): a phone's first load has the tighter budget of MOBILE_BUDGET.
  { path: '/m/', budget: true, mobile: true },
  { path: '/m/pages/zb/index', budget: false, mobile: true },
  { path: '/m/pages/zb/detail', budget: true, mobile: true },
  { path: '/m/pages/xmk/detail', budget: true, mobile: true },
];
const BUDGET = { jsKB: 200, cssKB: 60 } as const;
/** Issue 14: first-load JS of the mobile home and a detail (React included); CSS: the mobile stylesheet. */
const MOBILE_BUDGET = { jsKB: 120, cssKB: 15 } as const;
/** Chunks named after these never belong to a public page's first load. */
const MEMBER_CODE = /features\/member|layouts\/user-layout|api\/visit/;

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const { values: args } = parseArgs({ options: { json: { type: 'string' } } });

/** The page module of each route, from the route tables' imports (client/src/app/pages.ts, mobile-pages.ts). */
function pageModules(): Map<string, string> {
  const modules = new Map<string, string>();
  for (const file of ['pages.ts', 'mobile-pages.ts']) {
    const source = readFileSync(join(ROOT, 'client/src/app', file), 'utf8');
    for (const m of source.matchAll(/'([^']+)': \(\) => import\('\.\.\/([^']+)'\)/g)) {
      const [, path = '', module = ''] = m;
      modules.set(path, `client/src/${module}.tsx`);
    }
  }
  return modules;
}

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...keys];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  return seen;
}

const gzipSizes = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(CLIENT_DIR, file))).length;
    gzipSizes.set(file, size);
  }
  return size;
}

function main() {
  const desktopManifest = JSON.parse(readFileSync(join(CLIENT_DIR, BUILD_MANIFESTS.desktop), 'utf8')) as Manifest;
  // The mobile site is a client build of its own (vite.config.ts), with its own manifest.
  const mobileManifest = JSON.parse(readFileSync(join(CLIENT_DIR, BUILD_MANIFESTS.mobile), 'utf8')) as Manifest;
  const modules = pageModules();
  const problems: string[] = [];
  const report = ROUTES.map(({ path, budget, layout, mobile }) => {
    const limit = mobile ? MOBILE_BUDGET : BUDGET;
    const manifest = mobile ? mobileManifest : desktopManifest;
    const page = modules.get(path);
    if (!page) throw new Error(`no page module for ${path} in client/src/app/pages.ts`);
    const entry = mobile ? MOBILE_ENTRY : ENTRY;
    const chunks = staticClosure(manifest, [entry, page, ...(layout ? [layout] : [])]);
    const js = [...chunks].map((key) => ({ key, file: manifest[key]?.file ?? '', gzip: gzipSize(manifest[key]?.file ?? '') }));
    // A mobile page links the mobile stylesheet instead of the entry's, plus its chunks' own.
    const linked = mobile
      ? [manifest[MOBILE_CSS]?.file ?? '', ...[...chunks].filter((key) => key !== entry).flatMap((key) => manifest[key]?.css ?? [])]
      : [...chunks].flatMap((key) => manifest[key]?.css ?? []);
    const css = [...new Set(linked)].map((file) => ({ file, gzip: gzipSize(file) }));
    const jsKB = js.reduce((sum, c) => sum + c.gzip, 0) / KB;
    const cssKB = css.reduce((sum, c) => sum + c.gzip, 0) / KB;
    if (budget) {
      if (jsKB > limit.jsKB) problems.push(`${path}: ${jsKB.toFixed(1)} KB of JavaScript, over the ${limit.jsKB} KB budget`);
      if (cssKB > limit.cssKB) problems.push(`${path}: ${cssKB.toFixed(1)} KB of CSS, over the ${limit.cssKB} KB budget`);
      const member = js.filter((c) => MEMBER_CODE.test(c.key));
      if (member.length > 0) problems.push(`${path}: member code in the first load (${member.map((c) => c.key).join(', ')})`);
    }
    return {
      path,
      budget,
      jsKB: Math.round(jsKB * 10) / 10,
      cssKB: Math.round(cssKB * 10) / 10,
      js: js.sort((a, b) => b.gzip - a.gzip),
      css,
    };
  });

  console.log(
    `initial download per route, gzip (budget for / and /zb: JS ≤ ${BUDGET.jsKB} KB, CSS ≤ ${BUDGET.cssKB} KB; /m/ and a mobile detail: JS ≤ ${MOBILE_BUDGET.jsKB} KB)\n`,
  );
  console.log(`${'route'.padEnd(20)}${'JS KB'.padStart(8)}${'CSS KB'.padStart(8)}  largest chunks`);
  for (const r of report) {
    const largest = r.js.slice(0, 4).map((c) => `${c.file.replace(/^assets\//, '')} ${(c.gzip / KB).toFixed(1)}`);
    console.log(`${r.path.padEnd(20)}${r.jsKB.toFixed(1).padStart(8)}${r.cssKB.toFixed(1).padStart(8)}  ${largest.join(', ')}`);
  }
  if (args.json) writeFileSync(args.json, `${JSON.stringify({ budget: BUDGET, routes: report }, null, 2)}\n`);
  if (problems.length > 0) {
    console.log(`\nbench:bundle: FAIL\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\nbench:bundle: within budget');
}

main();
