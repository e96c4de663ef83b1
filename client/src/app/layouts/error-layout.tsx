import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { ErrorView } from '../../components/error-view';
import { LoadingBar } from '../../components/loading-bar';
import { NotFound } from '../../components/not-found';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import type { RouteErrorBody } from '../../lib/page';

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

/** A route error on the desktop site (the root error boundary): in the error layout, with the status the server sent. */
export function ErrorPage({ status, message, detail, link }: { status: number } & RouteErrorBody) {
  // A 404 with a way on (a page past the last one) says what is missing; any other is the plain 404.
  const notFound = link ? <NotFound title={message} text={detail} link={link} /> : <NotFound />;
  return (
    <ErrorLayout>
      <LoadingBar />
      {status === 404 ? notFound : <ErrorView status={status} message={message} />}
    </ErrorLayout>
  );
}
