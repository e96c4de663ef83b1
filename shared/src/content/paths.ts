/**
 * Where projects (xmk) and tenders (zb) are on the site: the desktop pages, and the mobile site's
 * (spec §2's redirect names them). Every link, sitemap entry, feed, mail and export that points at
 * an item is built here.
 */
import type { ContentType } from '../contract/common';
import { mobileSitePage, OWN_MOBILE_SITE } from '../routes';

/** The list and search page of a content type: /xmk, /zb. */
export const listPath = (type: ContentType) => `/${type}`;

/** The public detail page of an item: /xmk/{id}, /zb/{id} (members read it through the member endpoints). */
export const detailPath = (type: ContentType, id: number) => `${listPath(type)}/${id}`;
export const xmkDetailPath = (id: number) => detailPath('xmk', id);
export const zbDetailPath = (id: number) => detailPath('zb', id);

/** An item's detail page on a mobile site, the portal's own (/m) unless `site` names another. */
export const mobileDetailPath = (type: ContentType, id: number, site: string = OWN_MOBILE_SITE) =>
  `${mobileSitePage(site, type, 'detail')}?id=${id}`;
