/**
 * `npm run bench:bundle`: the JavaScript and CSS a first visit downloads before the page works,
 * per route, from the client build's manifest: the site's entry, the page's chunk and everything
 * they import statically, gzip-compressed as a server sends them. The framework chunk (React,
 * React DOM, React Router, React Query: the same on every page, cached across pages) is reported
 * on its own; the budget is what a page adds to it. Fails when a route is over its budget, or when
 * member code is among a public page's initial chunks.
 *
 *   npm run build && npm run bench:bundle [-- --json FILE]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { BUILD_ENTRIES, BUILD_MANIFEST } from '@shared/build-entries';

const ROOT = resolve(import.meta.dirname, '../..');
const CLIENT_DIR = join(ROOT, 'dist/client');
/** /m pages load the mobile entry and link its stylesheet instead of the desktop's (server/src/render/renderer.ts). */
const { desktop: ENTRY, mobile: MOBILE_ENTRY, mobileCss: MOBILE_CSS, memberLayout: MEMBER_LAYOUT } = BUILD_ENTRIES;
/** The chunk of vite.config.ts's FRAMEWORK group. */
const FRAMEWORK_CHUNK = 'framework';
const KB = 1024;

/** KB of gzip a page may add to the framework chunk, and of CSS it may link. */
interface Budget {
  jsKB: number;
  cssKB: number;
}
const DESKTOP: Budget = { jsKB: 100, cssKB: 60 };
/** The member area links antd's member-only components and its own styles too. */
const MEMBER: Budget = { jsKB: 100, cssKB: 85 };
/** A phone on a slow network: the mobile site's home, lists and details. */
const MOBILE: Budget = { jsKB: 40, cssKB: 15 };

/** Routes measured, with the chunk of their layout when it has its own. */
const ROUTES: readonly { path: string; budget: Budget; layout?: string; mobile?: boolean }[] = [
  { path: '/', budget: DESKTOP },
  { path: '/zb', budget: DESKTOP },
  { path: '/zb/:id', budget: DESKTOP },
  { path: '/xmk', budget: DESKTOP },
  { path: '/xmk/:id', budget: DESKTOP },
  { path: '/user', budget: MEMBER, layout: MEMBER_LAYOUT },
  { path: '/m/', budget: MOBILE, mobile: true },
  { path: '/m/pages/zb/index', budget: MOBILE, mobile: true },
  { path: '/m/pages/xmk/index', budget: MOBILE, mobile: true },
  { path: '/m/pages/zb/detail', budget: MOBILE, mobile: true },
  { path: '/m/pages/xmk/detail', budget: MOBILE, mobile: true },
];
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

const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;

function main() {
  const manifest = JSON.parse(readFileSync(join(CLIENT_DIR, BUILD_MANIFEST), 'utf8')) as Manifest;
  const framework = Object.entries(manifest).find(([, chunk]) => chunk.name === FRAMEWORK_CHUNK);
  if (!framework) throw new Error(`no ${FRAMEWORK_CHUNK} chunk in the build manifest`);
  const [frameworkKey, { file: frameworkFile }] = framework;
  const modules = pageModules();
  const problems: string[] = [];
  const report = ROUTES.map(({ path, budget, layout, mobile }) => {
    const page = modules.get(path);
    if (!page) throw new Error(`no page module for ${path} in client/src/app/pages.ts or mobile-pages.ts`);
    const entry = mobile ? MOBILE_ENTRY : ENTRY;
    const chunks = staticClosure(manifest, [entry, page, ...(layout ? [layout] : [])]);
    if (!chunks.has(frameworkKey)) throw new Error(`${path}: the framework chunk is not in its first load`);
    chunks.delete(frameworkKey);
    const js = [...chunks].map((key) => ({ key, file: manifest[key]?.file ?? '', gzip: gzipSize(manifest[key]?.file ?? '') }));
    // A mobile page links the mobile stylesheet instead of the entry's, plus its chunks' own.
    const linked = mobile
      ? [manifest[MOBILE_CSS]?.file ?? '', ...[...chunks].filter((key) => key !== entry).flatMap((key) => manifest[key]?.css ?? [])]
      : [...chunks].flatMap((key) => manifest[key]?.css ?? []);
    const css = [...new Set(linked)].map((file) => ({ file, gzip: gzipSize(file) }));
    const jsKB = kb(js.reduce((sum, c) => sum + c.gzip, 0));
    const cssKB = kb(css.reduce((sum, c) => sum + c.gzip, 0));
    if (jsKB > budget.jsKB) problems.push(`${path}: ${jsKB} KB of JavaScript beyond the framework, over the ${budget.jsKB} KB budget`);
    if (cssKB > budget.cssKB) problems.push(`${path}: ${cssKB} KB of CSS, over the ${budget.cssKB} KB budget`);
    const member = js.filter((c) => MEMBER_CODE.test(c.key));
    if (budget !== MEMBER && member.length > 0)
      problems.push(`${path}: member code in the first load (${member.map((c) => c.key).join(', ')})`);
    return { path, budget, jsKB, cssKB, js: js.sort((a, b) => b.gzip - a.gzip), css };
  });

  const frameworkKB = kb(gzipSize(frameworkFile));
  console.log(`framework chunk (React, React DOM, React Router, React Query): ${frameworkKB} KB gzip, on every page\n`);
  console.log(`first load beyond it, gzip: JS KB (budget) and CSS KB (budget)\n`);
  console.log(`${'route'.padEnd(20)}${'JS KB'.padStart(14)}${'CSS KB'.padStart(14)}  largest chunks`);
  for (const r of report) {
    const largest = r.js.slice(0, 4).map((c) => `${c.file.replace(/^assets\//, '')} ${kb(c.gzip)}`);
    const js = `${r.jsKB.toFixed(1)} (${r.budget.jsKB})`;
    const css = `${r.cssKB.toFixed(1)} (${r.budget.cssKB})`;
    console.log(`${r.path.padEnd(20)}${js.padStart(14)}${css.padStart(14)}  ${largest.join(', ')}`);
  }
  if (args.json) writeFileSync(args.json, `${JSON.stringify({ frameworkKB, routes: report }, null, 2)}\n`);
  if (problems.length > 0) {
    console.log(`\nbench:bundle: FAIL\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\nbench:bundle: within budget');
}

main();
