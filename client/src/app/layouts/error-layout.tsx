import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';

/** 404 and error pages: the site chrome around a centred message. */
export function ErrorLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="layout layout-error">
      <SiteHeader />
      <main className="container layout-main layout-centered" id="main">
        {children ?? <Outlet />}
      </main>
      <SiteFooter />
    </div>
  );
}
