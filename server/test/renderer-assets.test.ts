import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assetsFromManifest } from '../src/render/renderer';

/** The desktop and mobile sites are two entries of one client build, in its manifest. */
describe('page assets from the client build', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function build(manifest: object): string {
    dir = mkdtempSync(join(tmpdir(), 'portal-assets-'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    return dir;
  }

  it('bootstraps /m pages with the mobile entry and its stylesheet, desktop pages with the desktop entry and its', () => {
    const assets = assetsFromManifest(
      build({
        'client/src/entry-client.tsx': {
          file: 'assets/entry-client-A.js',
          css: ['assets/entry-client-A.css'],
          imports: ['_framework-F.js', '_hydrate-page-H.js'],
        },
        '_framework-F.js': { file: 'assets/framework-F.js' },
        '_hydrate-page-H.js': { file: 'assets/hydrate-page-H.js', imports: ['_framework-F.js'] },
        'client/src/app/layouts/user-layout.tsx': { file: 'assets/user-layout-A.js', css: ['assets/user-layout-A.css'] },
        'client/src/entry-mobile.tsx': { file: 'assets/entry-mobile-M.js', imports: ['_hydrate-page-H.js'] },
        'client/src/styles/mobile-site.css': { file: 'assets/mobile-site-M.css' },
      }),
    );
    expect(assets).toEqual({
      css: ['/dist/assets/entry-client-A.css'],
      memberCss: ['/dist/assets/user-layout-A.css'],
      mobileCss: ['/dist/assets/mobile-site-M.css'],
      bootstrapModule: '/dist/assets/entry-client-A.js',
      mobileBootstrapModule: '/dist/assets/entry-mobile-M.js',
      entryImports: ['/dist/assets/hydrate-page-H.js', '/dist/assets/framework-F.js'],
      mobileEntryImports: ['/dist/assets/hydrate-page-H.js', '/dist/assets/framework-F.js'],
    });
  });

  it('refuses to start without the mobile entry', () => {
    build({ 'client/src/entry-client.tsx': { file: 'assets/e.js' } });
    expect(() => assetsFromManifest(dir)).toThrow(/entry-mobile\.tsx/);
  });
});
