import { useSite } from '../lib/site';

export interface PageHeadProps {
  /** Page title; the site name is appended. Omit for the site's own title (home). */
  title?: string;
  description?: string;
  /** Keep out of search engines (member, login, test and error pages). */
  noindex?: boolean;
  /** Absolute or root-relative canonical URL. */
  canonical?: string;
}

/** <title> and meta of a page; React hoists them into <head> on the server and the client. */
export function PageHead({ title, description, noindex, canonical }: PageHeadProps) {
  const site = useSite();
  const fullTitle = title ? `${title} - ${site.name}` : site.title;
  const desc = description ?? site.description;
  return (
    <>
      <title>{fullTitle}</title>
      {desc ? <meta name="description" content={desc} /> : null}
      {noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
      {canonical ? <link rel="canonical" href={canonical} /> : null}
    </>
  );
}
