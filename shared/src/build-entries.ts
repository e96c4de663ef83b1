/**
 * The client build's inputs and manifest, as the build (vite.config.ts) writes them and the server
 * and the bundle bench read them: paths from the repository's root, as Vite's manifest keys them.
 */
export const BUILD_ENTRIES = {
  /** The desktop site's entry. */
  desktop: 'client/src/entry-client.tsx',
  /** The mobile site's entry (/m pages): its pages alone. */
  mobile: 'client/src/entry-mobile.tsx',
  /** The mobile site's stylesheet, a build input of its own. */
  mobileCss: 'client/src/styles/mobile-site.css',
  /** The member area's layout: a chunk of its own, with the member area's styles. */
  memberLayout: 'client/src/app/layouts/user-layout.tsx',
} as const;

/** Where the client build writes its manifest, in the client's output folder. */
export const BUILD_MANIFEST = '.vite/manifest.json';
