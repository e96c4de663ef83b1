/**
 * Where the render function and the page assets come from: the production build
 * (dist/server + the client manifest) or, in development, Vite's dev server.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderOptions, RenderResult, createPublicQueryCache } from '../../../client/src/entry-server';
import { BUILD_ENTRIES, BUILD_MANIFEST } from '@shared/build-entries';
import { ASSET_BASE } from '@shared/constants';

export type { RenderOptions, RenderResult };

export interface PageAssets {
  css: string[];
  /** The member layout chunk's own stylesheets, linked on member pages only. */
  memberCss?: string[];
  /** The mobile site's stylesheet, linked on /m pages instead of `css`. */
  mobileCss?: string[];
  bootstrapModule: string;
  /** The mobile site's entry, loaded by /m pages instead of `bootstrapModule`. */
  mobileBootstrapModule?: string;
  /**
   * The chunks each entry imports statically (the framework chunk): preloaded in <head>, so the
   * browser fetches them with the entry instead of after parsing it.
   */
  entryImports?: string[];
  mobileEntryImports?: string[];
  devScripts?: string[];
}

export interface Renderer {
  render(opts: RenderOptions): Promise<RenderResult>;
  assets: PageAssets;
  /** Configs and dictionaries shared between renders (production; development always asks). */
  publicQueries?: RenderOptions['publicQueries'];
}

/** How long a config or dictionary changed in the CMS may take to show on rendered pages. */
const PUBLIC_DATA_TTL_MS = 60_000;

const { desktop: CLIENT_ENTRY, mobile: MOBILE_ENTRY, memberLayout: MEMBER_LAYOUT, mobileCss: MOBILE_CSS } = BUILD_ENTRIES;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The files of the chunks `key` imports statically, and of theirs, without its own. */
function staticImports(manifest: Record<string, ManifestChunk>, key: string): string[] {
  const files = new Set<string>();
  const pending = [...(manifest[key]?.imports ?? [])];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const chunk = manifest[next];
    if (!chunk || files.has(ASSET_BASE + chunk.file)) continue;
    files.add(ASSET_BASE + chunk.file);
    pending.push(...(chunk.imports ?? []));
  }
  return [...files];
}

/** The client entry's script and every stylesheet it needs, from Vite's build manifest. */
export function assetsFromManifest(clientDir: string): PageAssets {
  const manifest = JSON.parse(readFileSync(join(clientDir, BUILD_MANIFEST), 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`${CLIENT_ENTRY} is missing from the client build manifest`);
  /** The stylesheets of a chunk and of everything it imports statically, in order. */
  const stylesheets = (chunk: ManifestChunk | undefined, css = new Set<string>(), seen = new Set<ManifestChunk>()) => {
    if (!chunk || seen.has(chunk)) return css;
    seen.add(chunk);
    chunk.css?.forEach((file) => css.add(ASSET_BASE + file));
    chunk.imports?.forEach((key) => stylesheets(manifest[key], css, seen));
    return css;
  };
  const css = stylesheets(entry);
  const memberCss = [...stylesheets(manifest[MEMBER_LAYOUT])].filter((file) => !css.has(file));
  const mobileEntry = manifest[MOBILE_ENTRY];
  if (!mobileEntry) throw new Error(`${MOBILE_ENTRY} is missing from the client build manifest`);
  const mobile = manifest[MOBILE_CSS];
  const mobileCss = mobile ? [ASSET_BASE + mobile.file] : undefined;
  const mobileBootstrapModule = ASSET_BASE + mobileEntry.file;
  return {
    css: [...css],
    memberCss,
    mobileCss,
    bootstrapModule: ASSET_BASE + entry.file,
    mobileBootstrapModule,
    entryImports: staticImports(manifest, CLIENT_ENTRY),
    mobileEntryImports: staticImports(manifest, MOBILE_ENTRY),
  };
}

export async function loadProductionRenderer(distDir: string): Promise<Renderer> {
  const mod = (await import(pathToFileURL(join(distDir, 'server/entry-server.js')).href)) as {
    render: Renderer['render'];
    createPublicQueryCache: typeof createPublicQueryCache;
  };
  return {
    render: mod.render,
    assets: assetsFromManifest(join(distDir, 'client')),
    publicQueries: mod.createPublicQueryCache({ ttlMs: PUBLIC_DATA_TTL_MS }),
  };
}

/**
 * Vite in middleware mode: modules are transformed on request and hot-reloaded. The HMR websocket
 * shares the portal's own HTTP server, so several dev portals can run side by side.
 */
export async function createDevRenderer(root: string, httpServer?: Server) {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: httpServer ? { server: httpServer } : false },
    appType: 'custom',
    logLevel: process.env.VITEST ? 'error' : 'info',
  });
  const renderer: Renderer = {
    async render(opts) {
      const mod = (await vite.ssrLoadModule('/client/src/entry-server.tsx')) as { render: Renderer['render'] };
      return mod.render(opts);
    },
    assets: {
      css: [],
      bootstrapModule: `${ASSET_BASE}${CLIENT_ENTRY}`,
      mobileBootstrapModule: `${ASSET_BASE}${MOBILE_ENTRY}`,
      // Vite answers a stylesheet as CSS (not as a module) when asked `?direct`, as for a <link>.
      mobileCss: [`${ASSET_BASE}${MOBILE_CSS}?direct`],
      devScripts: [`${ASSET_BASE}@vite/client`],
    },
  };
  return { vite, renderer };
}
