/** 帮助中心: the support pages share a side menu and a content card. */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { Breadcrumb } from '../../../components/breadcrumb';

const SUPPORT_PAGES = [
  { path: '/support/about', title: '关于我们' },
  { path: '/support/notice', title: '网站公告' },
  { path: '/support/service', title: '客户服务' },
  { path: '/support/rwbf', title: '入网须知' },
  { path: '/support/fwxy', title: '服务协议' },
  { path: '/support/yssm', title: '隐私声明' },
] as const;

export function SupportFrame({
  section,
  current,
  children,
  aside,
}: {
  /** The support page's own name (breadcrumb). */
  section: string;
  /** A sub page's name, e.g. a notice title. */
  current?: { name: string; parentPath: string };
  children: ReactNode;
  aside?: ReactNode;
}) {
  const crumbs = current
    ? [{ name: '首页', path: '/' }, { name: '帮助中心' }, { name: section, path: current.parentPath }, { name: current.name }]
    : [{ name: '首页', path: '/' }, { name: '帮助中心' }, { name: section }];
  return (
    <div className="support-page">
      <Breadcrumb crumbs={crumbs} />
      <div className="support-layout">
        <nav className="support-nav" aria-label="帮助中心">
          <p className="support-nav-title">帮助中心</p>
          {SUPPORT_PAGES.map((page) => (
            <NavLink key={page.path} to={page.path} end className="support-nav-link">
              {page.title}
            </NavLink>
          ))}
        </nav>
        <div className="support-main">
          {children}
          {aside}
        </div>
      </div>
    </div>
  );
}
