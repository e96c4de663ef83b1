import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import postcss from 'postcss';
import { defineConfig, type Plugin } from 'vite';
import { BUILD_ENTRIES, BUILD_MANIFESTS } from './shared/src/build-entries.ts';
import { ASSET_BASE } from './shared/src/constants.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = { '@shared': join(root, 'shared/src') };

/**
 * antd components that render others inside them (a Pagination's size changer is a Select, a
 * Table's filters are Dropdowns and Checkboxes…): their styles must come along.
 */
const ANTD_INNER: Record<string, string[]> = {
  App: ['message', 'notification', 'Modal'],
  Pagination: ['Select', 'Input'],
  Table: ['Pagination', 'Select', 'Checkbox', 'Radio', 'Dropdown', 'Spin', 'Empty', 'Tooltip', 'Input', 'Button'],
  Select: ['Empty'],
  TreeSelect: ['Empty', 'Tree'],
  Cascader: ['Empty'],
  AutoComplete: ['Select', 'Empty'],
  List: ['Spin', 'Empty', 'Pagination', 'Row', 'Col'],
  Form: ['Row', 'Col', 'Tooltip'],
  DatePicker: ['Button'],
  Modal: ['Button'],
  Popconfirm: ['Popover', 'Button'],
  Dropdown: ['Menu'],
  Tabs: ['Dropdown'],
  Input: ['Button'],
  Upload: ['Progress', 'Tooltip'],
  Descriptions: [],
};

/**
 * The libraries every page runs on (issue 14): a chunk of their own, cached across pages.
 * React Query's hooks for mutations, infinite lists and parallel queries stay with the pages that use them.
 */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](query-core|react-query))[\\/]/;
const FRAMEWORK_ON_DEMAND =
  /[\\/](mutationObserver|useMutation|infiniteQueryObserver|useInfiniteQuery|useSuspenseInfiniteQuery|queriesObserver|useQueries|useSuspenseQueries)\.js$/;
const isFramework = (id: string) => FRAMEWORK.test(id) && !FRAMEWORK_ON_DEMAND.test(id);

/** `vite build --mode mobile`: the mobile site's client build (issue 14), with a manifest of its own. */
const MOBILE_MODE = 'mobile';
const MOBILE_MANIFEST = BUILD_MANIFESTS.mobile;

const mobilePage = (page: string) => join(root, `client/src/features/${page}.tsx`);
/** The mobile site's two detail pages: what they alone share is one chunk (mobileSiteChunks). */
const MOBILE_DETAIL_PAGES = ['listings/pages/m-zb-detail-page', 'listings/pages/m-xmk-detail-page'].map(mobilePage);
/**
 * The mobile site's public pages: what the entry, these pages and all of their static imports have
 * in common goes into one chunk with the entry's own code (mobileSiteChunks).
 */
const MOBILE_CORE_PAGES = [
  ...['home/pages/m-home-page', 'listings/pages/m-zb-list-page', 'listings/pages/m-xmk-list-page'].map(mobilePage),
  ...MOBILE_DETAIL_PAGES,
];

/** The member area: everything only members see. Its antd components get a stylesheet of their own. */
const MEMBER_AREA = /[\\/](features[\\/]member[\\/]|app[\\/]layouts[\\/]user-layout\.tsx$)/;

/** Source files of the client (tests excluded). */
function clientSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return clientSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** antd component names `files` import, with those they render inside them. */
function antdComponentsOf(files: readonly string[], seed: readonly string[] = []): Set<string> {
  const names = new Set(seed);
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(/import\s*{([^}]+)}\s*from\s*'antd'/g)) {
      for (const spec of (m[1] ?? '').split(',')) {
        const name = spec
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name && /^[A-Za-z]+$/.test(name) && !spec.trim().startsWith('type ')) names.add(name);
      }
    }
  }
  const pending = [...names];
  while (pending.length) {
    for (const inner of ANTD_INNER[pending.pop() ?? ''] ?? []) {
      if (!names.has(inner)) {
        names.add(inner);
        pending.push(inner);
      }
    }
  }
  return names;
}

/**
 * The components public pages use (plus message, notification and Modal, which any page may
 * show) and those only the member area adds.
 */
function antdComponentsByArea(dir: string): { site: string[]; member: string[] } {
  const files = clientSources(dir);
  const site = antdComponentsOf(
    files.filter((f) => !MEMBER_AREA.test(f)),
    ['App'],
  );
  const member = [...antdComponentsOf(files.filter((f) => MEMBER_AREA.test(f)))].filter((name) => !site.has(name));
  return { site: [...site].sort(), member: member.sort() };
}

/** Top-level rules of a stylesheet (a rule, or an at-rule with its block), in order, as text. */
function topLevelRules(css: string): string[] {
  return postcss.parse(css).nodes.map((node) => {
    // Rules equal but for the whitespace before them are the same rule.
    node.raws.before = '';
    return node.toString();
  });
}

/**
 * `virtual:antd.css` and `virtual:antd-member.css`: antd's styles rendered once with our theme
 * (client/src/app/theme.ts). The runtime runs antd in zero-runtime mode, so these stylesheets are
 * the only place antd's CSS comes from: hashed, cached for a year, linked in the server HTML (no
 * flash of unstyled content). Builds include only the components the code imports: the first
 * sheet those of every page, the second those only the member area uses (its rules minus the
 * first sheet's), which the member layout's chunk carries. Dev puts everything in the first.
 * `virtual:antd-feedback.css` is message, notification and Modal alone, carried by the chunk that
 * shows them (client/src/lib/feedback-antd.tsx): the mobile site links no antd stylesheet.
 */
function antdStylesheets(): Plugin {
  const ids: Record<string, 'site' | 'member' | 'feedback'> = {
    'virtual:antd.css': 'site',
    'virtual:antd-member.css': 'member',
    'virtual:antd-feedback.css': 'feedback',
  };
  let isBuild = false;
  const extract = async (includes: string[] | undefined) => {
    const [{ extractStyle }, { createElement }, { ConfigProvider }, { themeConfig }] = await Promise.all([
      import('@ant-design/static-style-extract'),
      import('react'),
      import('antd'),
      import('./client/src/app/theme.ts'),
    ]);
    return extractStyle({ includes, customTheme: (node) => createElement(ConfigProvider, { theme: themeConfig }, node) });
  };
  return {
    name: 'portal:antd-stylesheets',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    resolveId(id) {
      return id in ids ? `/@antd-${ids[id]}.css` : undefined;
    },
    async load(id) {
      const area = /^\/@antd-(site|member|feedback)\.css$/.exec(id)?.[1];
      if (!area) return undefined;
      if (!isBuild) return area === 'site' ? extract(undefined) : '';
      // Toasts, notifications and confirmations, with their chunk: the mobile site links no antd sheet.
      if (area === 'feedback') return extract([...antdComponentsOf([], ['App'])]);
      const components = antdComponentsByArea(join(root, 'client/src'));
      const site = await extract(components.site);
      if (area === 'site') return site;
      const shared = new Set(topLevelRules(site));
      return topLevelRules(await extract(components.member))
        .filter((rule) => !shared.has(rule))
        .join('');
    },
  };
}

/**
 * Lets the bundler drop the React Router components the portal never renders (issue 14: Form and
 * its submission code, ScrollRestoration, HistoryRouter, ~1.2 KB gzip of every first load). Its
 * build declares them as `var Form = React10.forwardRef(...)`, a call the bundler cannot prove
 * free of side effects, and names them after (`Form.displayName = "Form";`), an assignment it
 * must keep: either keeps the component and all it uses. In the browser build the calls are
 * marked pure and the names blanked (they serve React's developer tools, which a production build
 * does not feed). SSR is left as it is.
 */
function reactRouterTreeShaking(): Plugin {
  const NAMING = /^[A-Za-z0-9_$]+\.displayName = "[^"\n]*";$/gm;
  const COMPONENT = /^(var [A-Za-z0-9_$]+ = )(React\d*\.(?:forwardRef|memo)\()/gm;
  // Its console warnings (`warning`, `warningOnce`, `warnOnce`) print even in its production build
  // (remix-run/react-router#13996): emptied, the minifier drops the calls and their messages.
  const WARNING = /^(function (?:warning|warningOnce|warnOnce)\([^)]*\) \{)\n[\s\S]*?\n\}$/gm;
  let warningHelpers = 0;
  return {
    name: 'portal:react-router-tree-shaking',
    apply: 'build',
    buildStart() {
      warningHelpers = 0;
    },
    transform: {
      filter: { id: /node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
      handler(code, id) {
        if (this.environment.config.build.ssr) return undefined;
        // Two copies of the router would mean two router contexts: links outside the router's.
        if (/[\\/]dist[\\/]development[\\/]/.test(id)) this.error(`React Router's development build in a browser build: ${id}`);
        const out = code
          .replace(NAMING, (statement) => ' '.repeat(statement.length))
          .replace(COMPONENT, '$1/* @__PURE__ */ $2')
          .replace(WARNING, (_helper, head: string) => {
            warningHelpers += 1;
            return `${head}}`;
          });
        return { code: out, map: null };
      },
    },
    buildEnd() {
      // A new React Router whose helpers read differently must not quietly ship its warnings again.
      if (!this.environment.config.build.ssr && warningHelpers !== 3) {
        this.error(`expected React Router's 3 warning helpers (warning, warningOnce, warnOnce), emptied ${warningHelpers}`);
      }
    },
  };
}

/**
 * One chunk for what every mobile page runs (issue 14): the entry's static imports, and the app
 * modules that the home, the lists and the details all import. Left to itself the bundler makes a
 * chunk of every distinct set of importers, a dozen files of under 1 KB on each first load, each
 * with its import and export statements and its own compression window (~4 KB of gzip on /m/ in
 * all). Likewise one chunk for what the two detail pages share and no other code imports (the
 * detail layout, contact block, timeline and their parts: four files otherwise). The module graph
 * is read once it is complete (`buildEnd`), before chunks are made.
 */
function mobileSiteChunks(): {
  plugin: Plugin;
  isSiteModule: (id: string) => boolean;
  isDetailModule: (id: string) => boolean;
} {
  const site = new Set<string>();
  const detail = new Set<string>();
  const plugin: Plugin = {
    name: 'portal:mobile-site-chunks',
    apply: 'build',
    buildEnd() {
      const closure = (start: string) => {
        const seen = new Set<string>();
        const pending = [start];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entry = join(root, BUILD_ENTRIES.mobile);
      if (!this.getModuleInfo(entry)) return;
      const closures = MOBILE_CORE_PAGES.map(closure);
      const [first, ...others] = closures;
      const shared = [...(first ?? [])].filter((id) => others.every((pages) => pages.has(id)));
      // App modules only: a library module in a group would be bundled whole, tree-shaking aside.
      for (const id of [...closure(entry), ...shared]) if (!id.includes('node_modules')) site.add(id);

      // What the details import beyond the site chunk, unless the home or a list does too. Other
      // pages that use a detail part (a company's page, the member pages) load this chunk with it.
      const nonDetail = new Set(
        MOBILE_CORE_PAGES.filter((page) => !MOBILE_DETAIL_PAGES.includes(page)).flatMap((page) => [...closure(page)]),
      );
      for (const id of MOBILE_DETAIL_PAGES.flatMap((page) => [...closure(page)])) {
        if (!MOBILE_DETAIL_PAGES.includes(id) && !nonDetail.has(id) && !site.has(id) && !id.includes('node_modules')) detail.add(id);
      }
    },
  };
  return { plugin, isSiteModule: (id) => site.has(id), isDetailModule: (id) => detail.has(id) };
}
const mobileSite = mobileSiteChunks();

/**
 * Writes `.br` and `.gz` beside every script and stylesheet of the client build, compressed once at
 * the highest levels, which server/src/precompressed.ts serves to browsers that accept them: a
 * visitor downloads ~155 KB of JavaScript for /zb instead of ~500 KB, and no request pays for
 * compression.
 */
function precompressAssets(): Plugin {
  return {
    name: 'portal:precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      if (this.environment.config.build.ssr || !options.dir) return;
      for (const file of Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name))) {
        const path = join(options.dir, file);
        const body = readFileSync(path);
        if (body.length < 1024) continue;
        const brotli = { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length };
        writeFileSync(`${path}.br`, brotliCompressSync(body, { params: brotli }));
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * One line per build instead of Vite's listing of every chunk (a hundred lines, with gzip sizes
 * computed for nothing: the build writes its own `.br`/`.gz`): where it went, how many files, the
 * script and style totals and the biggest script. Warnings and errors still print (logLevel).
 */
function buildSummary(): Plugin {
  let started = 0;
  return {
    name: 'portal:build-summary',
    apply: 'build',
    buildStart() {
      started = performance.now();
    },
    writeBundle(options, bundle) {
      const kb = (bytes: number) => `${Math.round(bytes / 1024)} kB`;
      const files = Object.values(bundle);
      const size = (file: (typeof files)[number]) =>
        file.type === 'chunk' ? Buffer.byteLength(file.code) : Buffer.byteLength(file.source);
      const total = (re: RegExp) => files.filter((f) => re.test(f.fileName)).reduce((sum, f) => sum + size(f), 0);
      const scripts = files.filter((f) => f.type === 'chunk').sort((a, b) => size(b) - size(a));
      const biggest = scripts[0] ? `, biggest ${scripts[0].fileName} ${kb(size(scripts[0]))}` : '';
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const what = this.environment.config.build.ssr ? 'server renderer' : 'client';
      this.environment.logger.warn(
        `✓ ${what}: ${files.length} files in ${relative(root, options.dir ?? '.')} (scripts ${kb(total(/\.m?js$/))}${biggest}; styles ${kb(total(/\.css$/))}) in ${seconds} s`,
      );
    },
  };
}

/**
 * React Router's production build, for the browser's builds: its package exports always resolve to
 * its development build (remix-run/react-router#14102, #12532), whose developer-only code
 * (`ENABLE_DEV_WARNINGS`: error-page hints, hydration and path warnings) then ships to every
 * visitor, ~0.6 KB gzip of each first load. The production files sit beside it in the package; dev
 * and SSR keep the development build and its warnings.
 */
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: join(root, 'node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(root, 'node_modules/react-router/dist/production/dom-export.mjs') },
];

export default defineConfig(({ command, isSsrBuild, mode }) => ({
  base: ASSET_BASE,
  publicDir: false,
  resolve: {
    alias: [
      ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
      ...(command === 'build' && !isSsrBuild ? REACT_ROUTER_PRODUCTION : []),
    ],
  },
  // Warnings and errors only: buildSummary says the rest in one line per build.
  logLevel: 'warn',
  plugins: [react(), antdStylesheets(), reactRouterTreeShaking(), mobileSite.plugin, precompressAssets(), buildSummary()],
  // jsencrypt's package cannot be imported by Node's ESM loader (DEPENDENCIES.md): bundle it.
  ssr: { noExternal: ['jsencrypt'] },
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        ssr: 'client/src/entry-server.tsx',
        emptyOutDir: true,
        copyPublicDir: false,
        reportCompressedSize: false,
        // Rolldown's plugin-timings block names the antd stylesheet extraction every build: known, and noise.
        rolldownOptions: { checks: { pluginTimings: false } },
      }
    : mode === MOBILE_MODE
      ? {
          // The mobile site (issue 14): a second client build into the same folder, after the
          // desktop's (`npm run build:client`), with its entry, its stylesheet and chunks cut for
          // its pages alone, so that a phone's first load shares no chunk with desktop pages.
          outDir: 'dist/client',
          manifest: MOBILE_MANIFEST,
          emptyOutDir: false,
          rolldownOptions: {
            input: [BUILD_ENTRIES.mobile, BUILD_ENTRIES.mobileCss],
            checks: { pluginTimings: false },
            output: {
              codeSplitting: {
                groups: [
                  { name: 'framework', test: isFramework },
                  { name: 'mobile-site', test: mobileSite.isSiteModule, includeDependenciesRecursively: false },
                  { name: 'm-detail', test: mobileSite.isDetailModule, includeDependenciesRecursively: false },
                ],
              },
            },
          },
          chunkSizeWarningLimit: 900,
          reportCompressedSize: false,
        }
      : {
          outDir: 'dist/client',
          manifest: true,
          emptyOutDir: true,
          rolldownOptions: {
            input: [BUILD_ENTRIES.desktop],
            checks: { pluginTimings: false },
            output: { codeSplitting: { groups: [{ name: 'framework', test: isFramework }] } },
          },
          chunkSizeWarningLimit: 900,
          reportCompressedSize: false,
        },
}));
