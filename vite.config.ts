import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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
        const name = spec.replace(/^\s*type\s+/, '').split(/\s+as\s+/)[0]?.trim();
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
  const site = antdComponentsOf(files.filter((f) => !MEMBER_AREA.test(f)), ['App']);
  const member = [...antdComponentsOf(files.filter((f) => MEMBER_AREA.test(f)))].filter((name) => !site.has(name));
  return { site: [...site].sort(), member: member.sort() };
}

/** Top-level rules of a stylesheet (a rule, or an at-rule with its block), in order. */
function topLevelRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      rules.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  return rules;
}

/**
 * `virtual:antd.css` and `virtual:antd-member.css`: antd's styles rendered once with our theme
 * (client/src/app/theme.ts). The runtime runs antd in zero-runtime mode, so these stylesheets are
 * the only place antd's CSS comes from: hashed, cached for a year, linked in the server HTML (no
 * flash of unstyled content). Builds include only the components the code imports: the first
 * sheet those of every page, the second those only the member area uses (its rules minus the
 * first sheet's), which the member layout's chunk carries. Dev puts everything in the first.
 */
function antdStylesheets(): Plugin {
  const ids: Record<string, 'site' | 'member'> = { 'virtual:antd.css': 'site', 'virtual:antd-member.css': 'member' };
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
      const area = /^\/@antd-(site|member)\.css$/.exec(id)?.[1];
      if (!area) return undefined;
      if (!isBuild) return area === 'site' ? extract(undefined) : '';
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

export default defineConfig(({ isSsrBuild }) => ({
  base: ASSET_BASE,
  publicDir: false,
  resolve: { alias },
  plugins: [react(), antdStylesheets(), precompressAssets()],
  // jsencrypt's package cannot be imported by Node's ESM loader (DEPENDENCIES.md): bundle it.
  ssr: { noExternal: ['jsencrypt'] },
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        ssr: 'client/src/entry-server.tsx',
        emptyOutDir: true,
        copyPublicDir: false,
      }
    : {
        outDir: 'dist/client',
        manifest: true,
        emptyOutDir: true,
        rollupOptions: { input: 'client/src/entry-client.tsx' },
        chunkSizeWarningLimit: 900,
      },
}));
