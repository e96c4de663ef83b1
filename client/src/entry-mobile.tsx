// Development only (empty in builds): React Fast Refresh must be installed before any component module runs.
import '@vitejs/plugin-react/preamble';
import { hydratePage } from './app/hydrate-page';
import { MOBILE_PAGES } from './app/mobile-pages';
import { sitePages } from './app/routes';

// The mobile site: its pages only, no antd and no desktop stylesheets (the server links
// styles/mobile-site.css), so a phone's first load is the framework, this and the page.
void hydratePage(sitePages(MOBILE_PAGES, true));
