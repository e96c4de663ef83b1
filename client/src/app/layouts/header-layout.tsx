import { Outlet } from 'react-router-dom';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** A slim header without the navigation: login and registration. */
export function HeaderLayout() {
  return (
    <div className="layout layout-header">
      <SiteHeader compact />
      <main className="layout-main layout-centered" id="main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
