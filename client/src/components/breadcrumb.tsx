import { Fragment } from 'react';
import { RouteLink } from './route-link';
import type { Crumb } from './json-ld';

/** Element's breadcrumb: 首页 / 项目库 / current page. */
export function Breadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav className="breadcrumb" aria-label="当前位置">
      {crumbs.map((crumb, index) => (
        <Fragment key={`${index}-${crumb.name}`}>
          {index > 0 ? <span className="breadcrumb-separator">/</span> : null}
          {crumb.path ? (
            <RouteLink to={crumb.path} className="breadcrumb-link">
              {crumb.name}
            </RouteLink>
          ) : (
            <span className="breadcrumb-current" aria-current="page">
              {crumb.name}
            </span>
          )}
        </Fragment>
      ))}
    </nav>
  );
}
