/**
 * antd's styles as static stylesheets, rendered once at build time with the site's theme
 * (`@ant-design/static-style-extract`). The runtime runs antd in zero-runtime mode, so these are the
 * only place antd's CSS comes from: hashed, cached for a year, linked in the server HTML (no flash
 * of unstyled content).
 *
 * - `virtual:antd.css`: the components any page outside the member area imports (with those they
 *   render inside them, and message, notification and Modal, which any page may show);
 * - `virtual:antd-member.css`: the components only the member area adds (its rules minus the
 *   first sheet's), carried by the member layout's chunk;
 * - `virtual:antd-feedback.css`: message, notification and Modal alone, carried by the chunk that
 *   shows them, for the mobile site, which links no antd stylesheet.
 *
 * A build includes only the components the code imports; development puts all of antd in the first.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import type { ThemeConfig } from 'antd';
import type { Plugin } from 'vite';

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
};

export interface AntdStylesheetOptions {
  /** The client's source folder, read for `import { … } from 'antd'`. */
  sourceDir: string;
  /** Source files only members see: their components go into the member sheet. */
  memberArea: RegExp;
  /** The theme the runtime ConfigProvider uses. */
  theme: () => Promise<ThemeConfig>;
}

/** Source files below `dir` (tests excluded). */
function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** antd component names `files` import (type imports aside), with those they render inside them. */
export function antdComponentsOf(files: readonly string[], seed: readonly string[] = []): Set<string> {
  const names = new Set(seed);
  for (const file of files) {
    for (const [, specifiers = ''] of readFileSync(file, 'utf8').matchAll(/import\s*{([^}]+)}\s*from\s*'antd'/g)) {
      for (const specifier of specifiers.split(',').map((s) => s.trim())) {
        const name = specifier.split(/\s+as\s+/)[0] ?? '';
        if (/^[A-Za-z]+$/.test(name)) names.add(name);
      }
    }
  }
  const pending = [...names];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const inner of ANTD_INNER[name] ?? []) {
      if (!names.has(inner)) pending.push(inner);
      names.add(inner);
    }
  }
  return names;
}

/** Top-level rules of a stylesheet (a rule, or an at-rule with its block), in order, as text. */
export function topLevelRules(css: string): string[] {
  return postcss.parse(css).nodes.map((node) => {
    // Rules equal but for the whitespace before them are the same rule.
    node.raws.before = '';
    return node.toString();
  });
}

export function antdStylesheets({ sourceDir, memberArea, theme }: AntdStylesheetOptions): Plugin {
  const AREAS: Record<string, 'site' | 'member' | 'feedback'> = {
    'virtual:antd.css': 'site',
    'virtual:antd-member.css': 'member',
    'virtual:antd-feedback.css': 'feedback',
  };
  let isBuild = false;
  const extract = async (includes: Iterable<string> | undefined) => {
    const [{ extractStyle }, { createElement }, { ConfigProvider }, themeConfig] = await Promise.all([
      import('@ant-design/static-style-extract'),
      import('react'),
      import('antd'),
      theme(),
    ]);
    const components = includes && [...includes].sort();
    return extractStyle({ includes: components, customTheme: (node) => createElement(ConfigProvider, { theme: themeConfig }, node) });
  };
  return {
    name: 'portal:antd-stylesheets',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    resolveId: (id) => (id in AREAS ? `/@antd-${AREAS[id]}.css` : undefined),
    async load(id) {
      const area = /^\/@antd-(site|member|feedback)\.css$/.exec(id)?.[1];
      if (!area) return undefined;
      if (!isBuild) return area === 'site' ? extract(undefined) : '';
      if (area === 'feedback') return extract(antdComponentsOf([], ['App']));
      const files = sourcesOf(sourceDir);
      const siteComponents = antdComponentsOf(
        files.filter((file) => !memberArea.test(file)),
        ['App'],
      );
      const site = await extract(siteComponents);
      if (area === 'site') return site;
      const memberComponents = [...antdComponentsOf(files.filter((file) => memberArea.test(file)))].filter(
        (name) => !siteComponents.has(name),
      );
      const shared = new Set(topLevelRules(site));
      return topLevelRules(await extract(memberComponents))
        .filter((rule) => !shared.has(rule))
        .join('');
    },
  };
}
