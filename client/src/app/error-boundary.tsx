import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { MESSAGES } from '@shared/constants';
import { errorStatus } from '../api/http';
import { ErrorView } from '../components/error-view';
import { LoadingBar } from '../components/loading-bar';
import { NotFound } from '../components/not-found';
import type { RouteErrorBody } from '../lib/page';
import { ErrorLayout } from './layouts/error-layout';

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
  // A 404 with a way on (a page past the last one) says what is missing; any other is the plain 404.
  const notFound = link ? <NotFound title={message} text={detail} link={link} /> : <NotFound />;
  return (
    <ErrorLayout>
      <LoadingBar />
      {status === 404 ? notFound : <ErrorView status={status} message={message} />}
    </ErrorLayout>
  );
}
