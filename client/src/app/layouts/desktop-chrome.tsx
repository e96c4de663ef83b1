/**
 * The desktop site's chrome in one chunk of its own: the layouts with the site header, its menus
 * and the footer, and the error page shown inside them. The route tree loads it with a desktop
 * page (as it loads the member layout with a member page), so the mobile site does without it.
 */
export { DefaultLayout } from './default-layout';
export { HeaderLayout } from './header-layout';
export { ErrorLayout, ErrorPage } from './error-layout';
export { TestLayout } from './test-layout';
