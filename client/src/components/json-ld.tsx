/**
 * Structured data (schema.org JSON-LD) for search engines. The JSON goes through the same
 * serialiser as the page state, so a title holding "</script>" cannot end the element.
 */
import { serializeForScript } from '@shared/serialize';
import { toTimestamp } from '@shared/time';
import { absoluteUrl, usePortalSettings } from '../lib/portal-settings';

export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeForScript(data) }} />;
}

/** ISO 8601 with the Shanghai offset, as schema.org dates want: "2025-03-01T09:30:00+08:00". */
export function isoShanghai(time: string | null | undefined): string | undefined {
  const ms = toTimestamp(time);
  if (ms === null) return undefined;
  return `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

export interface Crumb {
  name: string;
  /** Root-relative path; omitted for the current page. */
  path?: string;
}

/**
 * The visible breadcrumb and its BreadcrumbList twin: one list, so what users and search engines
 * see cannot drift apart.
 */
export function useBreadcrumbLd(crumbs: readonly Crumb[], currentPath: string): object {
  const settings = usePortalSettings();
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(settings, crumb.path ?? currentPath),
    })),
  };
}
