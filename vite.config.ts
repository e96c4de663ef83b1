import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { BUILD_ENTRIES, BUILD_MANIFEST } from './shared/src/build-entries.ts';
import { ASSET_BASE } from './shared/src/constants.ts';
import { antdStylesheets } from './scripts/vite/antd-stylesheets.ts';

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** The libraries every page runs on: a chunk of their own, cached across pages and deployments. */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](query-core|react-query))[\\/]/;

export default defineConfig(({ isSsrBuild }) => ({
  base: ASSET_BASE,
  publicDir: false,
  resolve: { alias: { '@shared': path('shared/src') } },
  plugins: [
    react(),
    antdStylesheets({
      sourceDir: path('client/src'),
      memberArea: /[\\/](features[\\/](member|visit|alerts)[\\/]|components[\\/]member-area[\\/]|app[\\/]layouts[\\/]user-layout\.tsx$)/,
      theme: async () => (await import('./client/src/lib/theme.ts')).themeConfig,
    }),
    // `.br` and `.gz` beside each script and stylesheet, served by server/src/http/static-files.ts.
    !isSsrBuild && compression({ include: /\.(js|css)$/, threshold: 1024, logLevel: 'silent' }),
  ],
  // jsencrypt's package cannot be imported by Node's ESM loader (DEPENDENCIES.md): bundle it.
  ssr: { noExternal: ['jsencrypt'] },
  build: isSsrBuild
    ? { outDir: 'dist/server', ssr: 'client/src/entry-server.tsx', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist/client',
        manifest: BUILD_MANIFEST,
        emptyOutDir: true,
        rolldownOptions: {
          // The desktop site's entry and the mobile site's, with the stylesheet /m pages link instead of the desktop's.
          input: [BUILD_ENTRIES.desktop, BUILD_ENTRIES.mobile, BUILD_ENTRIES.mobileCss],
          output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] } },
        },
        chunkSizeWarningLimit: 900,
      },
}));
