import { use } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { MESSAGES } from '@shared/constants';
import { errorStatus } from '../api/http';
import { LoadingBar } from '../components/loading-bar';
import type { RouteErrorBody } from '../lib/page';
import { desktopChrome } from './desktop-chrome';

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

/** Unknown routes, failed param validation and failed data fetches all end here, in the error layout. */
export function RootErrorBoundary() {
  const { status, message, detail, link } = describeRouteError(useRouteError());
  // The error layout is the desktop chrome's chunk: loaded before hydrating an error page, and on
  // the way to one (routes.tsx); `use` covers a route that failed before its loader ran.
  const { ErrorLayout, ErrorView, NotFound } = desktopChrome.loaded() ?? use(desktopChrome.load());
  // A 404 with a way on (a page past the last one) says what is missing; any other is the plain 404.
  const notFound = link ? <NotFound title={message} text={detail} link={link} /> : <NotFound />;
  return (
    <ErrorLayout>
      <LoadingBar />
      {status === 404 ? notFound : <ErrorView status={status} message={message} />}
    </ErrorLayout>
  );
}
