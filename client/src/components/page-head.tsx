import { mobileAlternate } from '@shared/device';
import { absoluteUrl, usePortalSettings } from '../lib/portal-settings';
import { useSite } from '../lib/site';
import { useInnerTitle, useUi } from '../lib/ui-state';

/** A square PNG for share cards (WeChat wants at least 300×300 and no SVG). */
const SHARE_IMAGE = '/images/share-logo.png';

export interface PageHeadProps {
  /** Page title; the site name is appended. Omit for the site's own title (home). */
  title?: string;
  description?: string;
  /**
   * Keep out of search engines: true for member, login, test and error pages ("noindex,
   * nofollow"); 'follow' for pages whose links are still worth following (keyword searches).
   */
  noindex?: boolean | 'follow';
  /**
   * Root-relative canonical path (`/zb?industry=2`). It is made absolute with SITE_URL when that
   * is set; otherwise it stays root-relative (the Host header never goes into cached HTML).
   */
  canonical?: string;
  /** Open Graph type: detail pages are articles. */
  ogType?: 'website' | 'article';
  /** A page of the mobile site: its canonical is the desktop page, and it has no alternate. */
  mobile?: boolean;
}

/** <title> and meta of a page; React hoists them into <head> on the server and the client. */
export function PageHead({ title, description, noindex, canonical, ogType = 'website', mobile = false }: PageHeadProps) {
  const site = useSite();
  const settings = usePortalSettings();
  const fullTitle = title ? `${title} - ${site.name}` : site.title;
  const desc = description ?? site.description;
  const url = canonical ? absoluteUrl(settings, canonical) : undefined;
  const { inApp } = useUi();
  useInnerTitle(title ?? '');
  // Only the browser knows it is WeChat (ui-state.tsx), so its own origin stands in for SITE_URL.
  const shareImage = inApp === 'wechat' ? new URL(absoluteUrl(settings, SHARE_IMAGE), window.location.origin).href : '';
  // Baidu's and Google's pattern for a separate mobile site: the desktop page names its mobile twin.
  const twin = !mobile && canonical && settings.mobileSiteUrl ? mobileAlternate(settings.mobileSiteUrl, canonical) : null;
  const alternate = twin?.startsWith('/') ? absoluteUrl(settings, twin) : twin;
  return (
    <>
      <title>{fullTitle}</title>
      {desc ? <meta name="description" content={desc} /> : null}
      {noindex ? <meta name="robots" content={noindex === 'follow' ? 'noindex, follow' : 'noindex, nofollow'} /> : null}
      {url ? <link rel="canonical" href={url} /> : null}
      {alternate ? <link rel="alternate" media="only screen and (max-width: 640px)" href={alternate} /> : null}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={title ?? site.title} />
      <meta property="og:type" content={ogType} />
      {desc ? <meta property="og:description" content={desc} /> : null}
      {url ? <meta property="og:url" content={url} /> : null}
      {inApp === 'wechat' ? (
        // WeChat's share card reads schema.org itemprops (title, summary, picture) rather than Open Graph.
        <>
          <meta itemProp="name" content={fullTitle} />
          {desc ? <meta itemProp="description" content={desc} /> : null}
          <meta itemProp="image" content={shareImage} />
          <meta property="og:image" content={shareImage} />
        </>
      ) : null}
    </>
  );
}
