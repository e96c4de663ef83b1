import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assetsFromManifest } from '../src/render/renderer';

/** The desktop and mobile sites are two client builds, each with its manifest. */
describe('page assets from the client builds', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function build(desktop: object, mobile: object): string {
    dir = mkdtempSync(join(tmpdir(), 'portal-assets-'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(desktop));
    writeFileSync(join(dir, '.vite/manifest-mobile.json'), JSON.stringify(mobile));
    return dir;
  }

  it('bootstraps /m pages with the mobile entry and its stylesheet, desktop pages with the desktop entry and its', () => {
    const assets = assetsFromManifest(
      build(
        {
          'client/src/entry-client.tsx': {
            file: 'assets/entry-client-A.js',
            css: ['assets/entry-client-A.css'],
            imports: ['_framework-A.js'],
          },
          '_framework-A.js': { file: 'assets/framework-A.js' },
          'client/src/app/layouts/user-layout.tsx': { file: 'assets/user-layout-A.js', css: ['assets/user-layout-A.css'] },
        },
        {
          'client/src/entry-mobile.tsx': { file: 'assets/entry-mobile-M.js', imports: ['_framework-M.js'] },
          '_framework-M.js': { file: 'assets/framework-M.js' },
          'client/src/styles/mobile-site.css': { file: 'assets/mobile-site-M.css' },
        },
      ),
    );
    expect(assets).toEqual({
      css: ['/dist/assets/entry-client-A.css'],
      memberCss: ['/dist/assets/user-layout-A.css'],
      mobileCss: ['/dist/assets/mobile-site-M.css'],
      bootstrapModule: '/dist/assets/entry-client-A.js',
      mobileBootstrapModule: '/dist/assets/entry-mobile-M.js',
      entryImports: ['/dist/assets/framework-A.js'],
      mobileEntryImports: ['/dist/assets/framework-M.js'],
    });
  });

  it('refuses to start without the mobile build', () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-assets-'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify({ 'client/src/entry-client.tsx': { file: 'assets/e.js' } }));
    expect(() => assetsFromManifest(dir)).toThrow(/manifest-mobile\.json/);
  });
});
