import type { ReactNode } from 'react';
import { PageHead } from '../../../components/page-head';

/** A page with a head, a heading and content: the frame of the simpler pages. */
export function SimplePage({
  title,
  headTitle,
  noindex,
  extra,
  children,
}: {
  title: string;
  /** <title> when it differs from the heading. */
  headTitle?: string;
  noindex?: boolean;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="page">
      <PageHead title={headTitle ?? title} noindex={noindex} />
      <header className="page-header">
        <h1 className="page-title">{title}</h1>
        {extra}
      </header>
      {children}
    </section>
  );
}
