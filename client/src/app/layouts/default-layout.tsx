import { Outlet } from 'react-router-dom';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, a 1200 px content column and the footer: the public pages. */
export function DefaultLayout() {
  return (
    <div className="layout layout-default">
      <SiteHeader />
      <main className="container layout-main" id="main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
