/**
 * Hydration of a server-rendered page, shared by the browser's two entries: the desktop site's
 * (entry-client.tsx, with antd's and the site's stylesheets) and the mobile site's
 * (entry-mobile.tsx, its pages alone). The server picks the entry by path (isMobilePath).
 */
import { hydrate } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes, type DataRouter } from 'react-router-dom';
import { isMobilePath, loginUrl } from '@shared/routes';
import { createDeferredHttp } from '../lib/http/deferred-http';
import { createQueryClient } from '../lib/query-client';
import { capabilitySet } from '../lib/capabilities';
import { feedbackNotifier } from '../lib/feedback';
import type { AppDeps, PageImports } from '../lib/page';
import { createSessionStore } from '../lib/session';
import { Document, STATE_ELEMENT_ID } from './document';
import type { PageState } from './page-state';
import { AppProviders } from './providers';
import { createRoutes, routerContext } from './routes';

declare global {
  interface Window {
    __staticRouterHydrationData?: PageState['router'];
  }
}

const RELOAD_FLAG = 'chunk-reload-at';

/**
 * spec §2: a code chunk that fails to load (a deployment has replaced it) makes the browser load
 * the page it was opening as a document, which picks up the current deployment's assets. Once per
 * minute at most, so a chunk that is really gone ends on the error page instead of reloading in a
 * loop. `vite:preloadError` is the build's event for a dynamic import that failed.
 */
function reloadOnChunkError(target: () => string): void {
  window.addEventListener('vite:preloadError', () => {
    const last = Number(window.sessionStorage.getItem(RELOAD_FLAG) ?? 0);
    if (Date.now() - last < 60_000) return;
    window.sessionStorage.setItem(RELOAD_FLAG, String(Date.now()));
    window.location.assign(target());
  });
}

/** `pages`: the entry's route modules (routes.tsx `sitePages`). */
export async function hydratePage(pages: PageImports): Promise<void> {
  let router: DataRouter | null = null;
  reloadOnChunkError(() => {
    const opening = router?.state.navigation.location;
    return opening && router ? router.createHref(opening) : window.location.href;
  });
  // The server wrote this string; rendering it back unchanged keeps hydration exact.
  const stateJson = document.getElementById(STATE_ELEMENT_ID)?.textContent ?? '';
  const state = JSON.parse(stateJson) as PageState;

  const queryClient = createQueryClient();
  hydrate(queryClient, state.rq);
  const session = createSessionStore(state.session);
  const http = createDeferredHttp({
    baseURL: `/${state.product}`,
    storage: window.sessionStorage,
    notifier: feedbackNotifier,
    onUnauthorized: () => {
      session.clear();
      // Mid-navigation, the loader turns the 401 into a redirect to login for the page being opened.
      if (router?.state.navigation.state === 'idle') {
        void router.navigate(loginUrl(window.location.pathname + window.location.search));
      }
    },
    onTransportUnauthorized: () => session.clear(),
  });
  const deps: AppDeps = { queryClient, http, session, capabilities: capabilitySet(state.settings.capabilities) };
  const routes = createRoutes(pages, { capabilities: deps.capabilities });

  // React Router's way with lazy routes and server rendering: the matched routes' code is loaded
  // before the router is made, or it would render them as not yet loaded and hydration would fail.
  const lazyRoutes = (matchRoutes(routes, window.location) ?? []).map(({ route }) => route);
  await Promise.all([
    ...lazyRoutes.map(async (route) => {
      if (typeof route.lazy === 'function') Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
    // A desktop error page is shown in the desktop chrome, a chunk of its own.
    state.router.errors && !isMobilePath(window.location.pathname) ? import('./layouts/desktop-chrome') : undefined,
  ]);

  // React Router reads (and deserialises errors from) this global.
  window.__staticRouterHydrationData = state.router;
  router = createBrowserRouter(routes, { getContext: () => routerContext(deps, () => router?.state.navigation.location?.hash ?? '') });

  hydrateRoot(
    document,
    <Document assets={state.assets} stateJson={stateJson}>
      <AppProviders deps={deps} settings={state.settings}>
        <RouterProvider router={router} />
      </AppProviders>
    </Document>,
  );
  // After hydration, in a chunk of its own: nothing on the page waits for it.
  const { keepSession } = await import('../lib/session-keeper');
  keepSession({ session, http, storage: window.localStorage, revalidate: () => void router?.revalidate() });
}
