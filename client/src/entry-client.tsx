// Development only (empty in builds): React Fast Refresh must be installed before any component module runs.
import '@vitejs/plugin-react/preamble';
// Stylesheet order is cascade order: antd's, then the site's base, then each area's.
import 'virtual:antd.css';
import './styles/base';
import './styles/areas';
import { hydratePage } from './app/hydrate-page';
import { DESKTOP_PAGES } from './app/pages';
import { sitePages } from './app/routes';

// The desktop site; /m pages load entry-mobile.tsx instead.
void hydratePage(sitePages(DESKTOP_PAGES, false));
