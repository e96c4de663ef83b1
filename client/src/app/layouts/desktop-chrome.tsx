/**
 * The desktop site's chrome in one chunk of its own (issue 14): the layouts with the site header,
 * its menus and the footer, and the error pages shown inside them. The route tree loads it with a
 * desktop page (as it loads the member layout with a member page), so the mobile site's first load
 * does without it.
 */
export { DefaultLayout } from './default-layout';
export { HeaderLayout } from './header-layout';
export { ErrorLayout } from './error-layout';
export { TestLayout } from './test-layout';
export { NotFound } from '../../components/not-found';
export { ErrorView } from '../../components/error-view';
