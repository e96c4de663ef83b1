import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { MESSAGES } from '@shared/constants';
import { errorStatus } from '../api/http';
import { ErrorView } from '../components/error-view';
import { LoadingBar } from '../components/loading-bar';
import { NotFound } from '../components/not-found';
import { ErrorLayout } from './layouts/error-layout';

/** Status and message of any route error (spec §8: default 500). */
export function describeRouteError(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const body = error.data as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : error.statusText || MESSAGES.unknown;
    return { status: error.status, message };
  }
  return { status: errorStatus(error), message: MESSAGES.unknown };
}

/** Unknown routes, failed param validation and failed data fetches all end here, in the error layout. */
export function RootErrorBoundary() {
  const { status, message } = describeRouteError(useRouteError());
  return (
    <ErrorLayout>
      <LoadingBar />
      {status === 404 ? <NotFound /> : <ErrorView status={status} message={message} />}
    </ErrorLayout>
  );
}
