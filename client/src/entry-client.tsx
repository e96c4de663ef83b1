// Development only (empty in builds): React Fast Refresh must be installed before any component module runs.
import '@vitejs/plugin-react/preamble';
// Stylesheet order is cascade order: antd's, then the site's base, then each area's.
import 'virtual:antd.css';
import './styles/base';
import './styles/areas';
import { hydrate } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes, type DataRouter } from 'react-router-dom';
import { isMobilePath, loginUrl } from '@shared/routes';
import { createDeferredHttp } from './api/http';
import { createQueryClient } from './api/query-client';
import { desktopChrome } from './app/desktop-chrome';
import { Document, STATE_ELEMENT_ID } from './app/document';
import type { PageState } from './app/page-state';
import { AppProviders } from './app/providers';
import { createRoutes, loadRouteCode, type RouteHandle } from './app/routes';
import { capabilitySet } from './lib/capabilities';
import { feedbackNotifier } from './lib/feedback';
import { createSessionStore } from './lib/session';
import { keepSession } from './lib/session-keeper';

declare global {
  interface Window {
    __staticRouterHydrationData?: PageState['router'];
  }
}

async function main() {
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
  const routes = createRoutes(deps);

  // Load the matched pages' code before hydrating, or React would hydrate a tree without them.
  const matches = matchRoutes(routes, window.location) ?? [];
  // A desktop error page is shown in the error layout, a chunk of its own.
  await Promise.all([
    ...matches.map(({ route }) => route.handle && loadRouteCode(route.handle as RouteHandle)),
    state.router.errors && !isMobilePath(window.location.pathname) ? desktopChrome.load() : undefined,
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
  keepSession({ session, http, storage: window.localStorage, revalidate: () => void router?.revalidate() });
}

void main();
