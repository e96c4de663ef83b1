/**
 * The frame of every member page: a heading card (title, one line on what the page is for, the
 * page's main actions) and white section cards below. Member pages are never indexed.
 */
import { useId, type ReactNode } from 'react';
import { PageHead } from '../page-head';

export function MemberPage({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="member-page">
      <PageHead title={title} noindex />
      <header className="member-page-header">
        <div>
          <h1 className="member-page-title">{title}</h1>
          {intro ? <p className="member-page-intro">{intro}</p> : null}
        </div>
        {actions ? <div className="member-page-actions">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

/** A white card with an optional heading row (title left, extra links or buttons right). */
export function MemberSection({
  title,
  extra,
  id,
  className,
  children,
}: {
  title?: string;
  extra?: ReactNode;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const generatedId = useId();
  const headingId = title ? (id ? `${id}-title` : generatedId) : undefined;
  return (
    <section className={className ? `member-section ${className}` : 'member-section'} id={id} aria-labelledby={headingId}>
      {title ? (
        <div className="member-section-head">
          <h2 className="member-section-title" id={headingId}>
            {title}
          </h2>
          {extra ? <div className="member-section-extra">{extra}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}
