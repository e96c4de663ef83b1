/**
 * The mobile site's layout: a slim header, the page, a bottom tab bar and the "电脑版"
 * link. No antd and no desktop header, so a phone downloads React, the router and this.
 */
import type { ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { RouteLink } from '../../components/route-link';
import { desktopUrlFor, desktopViewHref } from '@shared/device';
import { MOBILE_PATHS } from '@shared/routes';
import { useSite } from '../../lib/site';

const TABS = [
  { to: MOBILE_PATHS.home, label: '首页', end: true },
  { to: MOBILE_PATHS.xmkList, label: '项目', end: false },
  { to: MOBILE_PATHS.zbList, label: '招标', end: false },
  { to: MOBILE_PATHS.member, label: '我的', end: false },
] as const;

/** `children`: an error page in the mobile chrome (the root error boundary); otherwise the route's page. */
export function MobileLayout({ children }: { children?: ReactNode }) {
  const site = useSite();
  const { pathname, search } = useLocation();
  return (
    <div className="m-site">
      <header className="m-header">
        <RouteLink to={MOBILE_PATHS.home} className="m-brand">
          {site.name}
        </RouteLink>
        {/* A plain link: the server sets the 电脑版 cookie and answers with the desktop page. */}
        <a className="m-header-link" href={desktopViewHref(desktopUrlFor(pathname, search))} rel="nofollow">
          电脑版
        </a>
      </header>
      <main className="m-main" id="main">
        {children ?? <Outlet />}
      </main>
      <nav className="m-tabbar" aria-label="主导航">
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end} className={({ isActive }) => (isActive ? 'm-tab is-active' : 'm-tab')}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
