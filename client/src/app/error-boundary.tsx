import { lazy } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { RouteLink } from '../components/route-link';
import { MESSAGES } from '@shared/constants';
import { MOBILE_PATHS, isMobilePath } from '@shared/routes';
import { errorStatus } from '../lib/http/errors';
import { LoadingBar } from '../components/loading-bar';
import type { RouteErrorBody } from '../lib/page';
import { PageHead } from '../components/page-head';
import { MobileLayout } from './layouts/mobile-layout';

/** The desktop error page, in the desktop chrome's chunk (the mobile site never loads it). */
const DesktopError = lazy(async () => ({ default: (await import('./layouts/desktop-chrome')).ErrorPage }));

/** Status and message of any route error (spec §8: default 500), and the way on when it has one. */
export function describeRouteError(error: unknown): { status: number } & RouteErrorBody {
  if (isRouteErrorResponse(error)) {
    const body = error.data as Partial<RouteErrorBody> | null;
    const message = typeof body?.message === 'string' ? body.message : error.statusText || MESSAGES.unknown;
    const link = typeof body?.link?.href === 'string' && typeof body.link.text === 'string' ? body.link : undefined;
    const detail = typeof body?.detail === 'string' ? body.detail : undefined;
    return { status: error.status, message, detail, link };
  }
  return { status: errorStatus(error), message: MESSAGES.unknown };
}

/**
 * The mobile site's heading of a missing page. Spec §2's English message is the desktop portal's;
 * the phone site is Chinese throughout, its 404 included.
 */
const MOBILE_NOT_FOUND = '页面不存在';

/** An error on the mobile site, in its own chrome and stylesheet: what failed and the way on, with the status the server sent. */
function MobileError({ status, message, detail, link }: ReturnType<typeof describeRouteError>) {
  const title = status === 404 ? (link ? message : MOBILE_NOT_FOUND) : message;
  return (
    <MobileLayout>
      <LoadingBar />
      <section className="m-card m-status" aria-labelledby="status-title">
        <PageHead title={status === 404 ? MOBILE_NOT_FOUND : '出错了'} noindex mobile />
        <p className="m-status-code">{status}</p>
        <h1 id="status-title" className="m-title">
          {title}
        </h1>
        <p className="m-muted">{detail ?? (status === 404 ? '您访问的页面不存在或已被删除，请检查网址是否正确。' : '请稍后再试。')}</p>
        {link ? (
          <RouteLink className="m-button m-button-primary m-button-block" to={link.href}>
            {link.text}
          </RouteLink>
        ) : null}
        <RouteLink className={link ? 'm-button m-button-block' : 'm-button m-button-primary m-button-block'} to={MOBILE_PATHS.home}>
          返回首页
        </RouteLink>
      </section>
    </MobileLayout>
  );
}

/** Unknown routes, failed param validation and failed data fetches all end here, in the error layout. */
export function RootErrorBoundary() {
  const error = describeRouteError(useRouteError());
  const { pathname } = useLocation();
  return isMobilePath(pathname) ? <MobileError {...error} /> : <DesktopError {...error} />;
}
