import { lazyModule } from './lazy-module';

/** The chunk of client/src/app/layouts/desktop-chrome.tsx: loaded with desktop pages and error pages. */
export const desktopChrome = lazyModule(() => import('./layouts/desktop-chrome'));
