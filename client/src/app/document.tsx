import type { ReactNode } from 'react';

/** Assets the server found in the build manifest (or Vite's dev server). */
export interface DocumentAssets {
  /** Stylesheets linked in <head>: antd's build-time CSS and ours, hashed and cached. */
  css: string[];
  /** Development only: Vite's HMR client. */
  devScripts?: string[];
  /** The chunks the entry script imports (the framework): fetched with it rather than after it. */
  modules?: string[];
}

export interface DocumentProps {
  assets: DocumentAssets;
  /** Safely serialised page state (see shared/src/serialize.ts); the client re-renders the same string. */
  stateJson: string;
  children: ReactNode;
}

export const STATE_ELEMENT_ID = '__APP_STATE__';

/**
 * The whole HTML document is rendered by React, so each page's <title> and <meta> hoist into
 * <head> on the server and on client navigations alike (React 19).
 */
export function Document({ assets, stateJson, children }: DocumentProps) {
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="renderer" content="webkit" />
        {/* Browsers and bookmark tools ask for /favicon.ico whatever the page links: serve one, prefer the SVG. */}
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.modules?.map((href) => (
          // Low, as React marks the entry's own: the stylesheet and the page's first paint come first.
          <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
        ))}
        {assets.devScripts?.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </head>
      <body>
        <div id="app">{children}</div>
        <script id={STATE_ELEMENT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: stateJson }} />
      </body>
    </html>
  );
}
