import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** antd component names imported anywhere in the client, so the stylesheet carries only those. */
function usedAntdComponents(dir: string): string[] {
  const names = new Set(['App']);
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const source = readFileSync(path, 'utf8');
        for (const m of source.matchAll(/import\s*{([^}]+)}\s*from\s*'antd'/g)) {
          for (const spec of (m[1] ?? '').split(',')) {
            const name = spec.replace(/^\s*type\s+/, '').split(/\s+as\s+/)[0]?.trim();
            if (name && /^[A-Za-z]+$/.test(name) && !spec.trim().startsWith('type ')) names.add(name);
          }
        }
      }
    }
  };
  walk(dir);
  const pending = [...names];
  while (pending.length) {
    for (const inner of ANTD_INNER[pending.pop() ?? ''] ?? []) {
      if (!names.has(inner)) {
        names.add(inner);
        pending.push(inner);
      }
    }
  }
  return [...names].sort();
}

/**
 * `virtual:antd.css`: antd's styles rendered once with our theme (client/src/app/theme.ts). The
 * runtime runs antd in zero-runtime mode, so this stylesheet is the only place antd's CSS comes
 * from: linked in the server HTML (no flash of unstyled content), hashed, cached for a year.
 * Builds include only the components the code imports; dev includes all (new imports just work).
 */
function antdStylesheet(): Plugin {
  const publicId = 'virtual:antd.css';
  const resolvedId = '/@antd-theme.css';
  let isBuild = false;
  return {
    name: 'portal:antd-stylesheet',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    resolveId(id) {
      return id === publicId ? resolvedId : undefined;
    },
    async load(id) {
      if (id !== resolvedId) return undefined;
      const [{ extractStyle }, { createElement }, { ConfigProvider }, { themeConfig }] = await Promise.all([
        import('@ant-design/static-style-extract'),
        import('react'),
        import('antd'),
        import('./client/src/app/theme.ts'),
      ]);
      return extractStyle({
        includes: isBuild ? usedAntdComponents(join(root, 'client/src')) : undefined,
        customTheme: (node) => createElement(ConfigProvider, { theme: themeConfig }, node),
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  base: ASSET_BASE,
  publicDir: false,
  resolve: { alias },
  plugins: [react(), antdStylesheet()],
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
