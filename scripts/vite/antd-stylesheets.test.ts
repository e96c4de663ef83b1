import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { antdComponentsOf, antdStylesheets, topLevelRules } from './antd-stylesheets';

const dir = mkdtempSync(join(tmpdir(), 'antd-sheets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function source(path: string, text: string): string {
  const file = join(dir, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** The plugin's hooks as a build (or the dev server) calls them. */
function hooks(plugin: Plugin, command: 'build' | 'serve') {
  const call = (hook: unknown, ...args: unknown[]) => (hook as (...a: unknown[]) => unknown).call({}, ...args);
  call(plugin.configResolved, { command });
  return async (id: string) => {
    const resolved = call(plugin.resolveId, id, undefined) as string;
    return (await call(plugin.load, resolved)) as string;
  };
}

describe('the antd components a set of files uses', () => {
  it('are the names they import, type imports aside, with the components those render inside them', () => {
    const file = source(
      'a.tsx',
      "import { Button as B, Pagination, type TableProps } from 'antd';\nimport type { FormProps } from 'antd';\n",
    );
    expect([...antdComponentsOf([file])].sort()).toEqual(['Button', 'Empty', 'Input', 'Pagination', 'Select']);
  });

  it('start from a seed: App brings the feedback components any page may show', () => {
    expect([...antdComponentsOf([], ['App'])].sort()).toEqual(['App', 'Button', 'Modal', 'message', 'notification']);
  });
});

describe('top-level rules', () => {
  it('are equal when they differ only in the whitespace before them', () => {
    expect(topLevelRules('.a{color:red}\n\n  .b{color:blue}')).toEqual(topLevelRules('.a{color:red}.b{color:blue}'));
    expect(topLevelRules('@media (min-width:1px){.a{color:red}}')).toHaveLength(1);
  });
});

describe('the antd stylesheets', () => {
  const src = join(dir, 'src');
  source('src/pages/home.tsx', "import { Button } from 'antd';\n");
  source('src/member/table-page.tsx', "import { Table } from 'antd';\n");
  source('src/member/table-page.test.tsx', "import { Tag } from 'antd';\n");
  const plugin = antdStylesheets({
    sourceDir: src,
    memberArea: /[\\/]member[\\/]/,
    theme: async () => ({ token: { colorPrimary: '#1A6DD0' } }),
  });

  // Which components' rules a sheet holds (its text is long: a failed toContain would print all of it).
  const has = (css: string, className: string) => css.includes(`.${className}`);

  it('give public pages the components they use, and the member area only what it adds', async () => {
    const load = hooks(plugin, 'build');
    const site = await load('virtual:antd.css');
    expect([has(site, 'ant-btn'), has(site, 'ant-message'), has(site, 'ant-table')]).toEqual([true, true, false]);
    const member = await load('virtual:antd-member.css');
    // Tests are not the site's code.
    expect([has(member, 'ant-table'), has(member, 'ant-tag')]).toEqual([true, false]);
    // Nothing twice: the member sheet adds to the site's.
    const siteRules = new Set(topLevelRules(site));
    expect(topLevelRules(member).filter((rule) => siteRules.has(rule))).toEqual([]);
    const feedback = await load('virtual:antd-feedback.css');
    expect([has(feedback, 'ant-message'), has(feedback, 'ant-table')]).toEqual([true, false]);
  });

  it('in development are all of antd in the first sheet', async () => {
    const load = hooks(plugin, 'serve');
    expect(has(await load('virtual:antd.css'), 'ant-table')).toBe(true);
    expect(await load('virtual:antd-member.css')).toBe('');
  });
});
