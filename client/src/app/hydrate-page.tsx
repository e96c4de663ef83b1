/**
 * Hydration of a server-rendered page, shared by the browser's two entries (issue 14): the
 * desktop site's (entry-client.tsx, with antd's and the site's stylesheets) and the mobile site's
 * (entry-mobile.tsx, its pages alone). The server picks the entry by path (isMobilePath).
 */
import { hydrate } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes, type DataRouter } from 'react-router-dom';
import { isMobilePath, loginUrl } from '@shared/routes';
import { createDeferredHttp } from '../api/http';
import { createQueryClient } from '../api/query-client';
import { capabilitySet } from '../lib/capabilities';
import { feedbackNotifier } from '../lib/feedback';
import type { PageImports } from '../lib/page';
import { createSessionStore } from '../lib/session';
import { desktopChrome } from './desktop-chrome';
import { Document, STATE_ELEMENT_ID } from './document';
import type { PageState } from './page-state';
import { AppProviders } from './providers';
import { createRoutes, loadRouteCode, type RouteHandle } from './routes';
import { MOBILE_BUILD } from '../lib/build-target';

declare global {
  interface Window {
    __staticRouterHydrationData?: PageState['router'];
  }
}

/** `pages`: the entry's route modules (routes.tsx `sitePages`). */
export async function hydratePage(pages: PageImports): Promise<void> {
  // The server wrote this string; rendering it back unchanged keeps hydration exact.
  const stateJson = document.getElementById(STATE_ELEMENT_ID)?.textContent ?? '';
  const state = JSON.parse(stateJson) as PageState;

  const queryClient = createQueryClient();
  hydrate(queryClient, state.rq);
  const session = createSessionStore(state.session);
  let router: DataRouter | null = null;
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
  const deps = { queryClient, http, session, capabilities: capabilitySet(state.settings.capabilities) };
  const routes = createRoutes(deps, pages);

  // Load the matched pages' code before hydrating, or React would hydrate a tree without them.
  const matches = matchRoutes(routes, window.location) ?? [];
  // A desktop error page is shown in the error layout, a chunk of its own.
  await Promise.all([
    ...matches.map(({ route }) => route.handle && loadRouteCode(route.handle as RouteHandle)),
    state.router.errors && !MOBILE_BUILD && !isMobilePath(window.location.pathname) ? desktopChrome.load() : undefined,
  ]);

  // React Router reads (and deserialises errors from) this global.
  window.__staticRouterHydrationData = state.router;
  router = createBrowserRouter(routes);

  hydrateRoot(
    document,
    <Document assets={state.assets} stateJson={stateJson}>
      <AppProviders deps={deps} settings={state.settings}>
        <RouterProvider router={router} />
      </AppProviders>
    </Document>,
  );
  // After hydration, in a chunk of its own: nothing on the page waits for it (issue 14).
  const { keepSession } = await import('../lib/session-keeper');
  keepSession({ session, http, storage: window.localStorage, revalidate: () => void router?.revalidate() });
}
