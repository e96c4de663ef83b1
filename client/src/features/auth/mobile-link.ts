import { OWN_MOBILE_SITE } from '@shared/routes';

/**
 * What the /3g QR code opens (docs/decisions/qr-login.md):
 * - visitor: the mobile site's home;
 * - member: its login page with the member's random password, which the mobile site sends as
 *   `POST /api/member/login` with `loginType: 'randomPassword'`.
 * The mobile site is MOBILE_SITE_URL, else (`off`: no redirect) the portal's own under /m, which is
 * always there; a root-relative site needs the portal's origin, as a QR code holds a whole URL.
 */
export interface MobileLinkInput {
  /** MOBILE_SITE_URL: `/m` (the built-in site), another site's origin, or null (`off`). */
  mobileSiteUrl: string | null;
  /** This portal's origin (SITE_URL, or the browser's location), null before it is known. */
  portalOrigin: string | null;
  member: { userName: string; randomPassword: string } | null;
}

export function mobileLink({ mobileSiteUrl, portalOrigin, member }: MobileLinkInput): string | null {
  const site = (mobileSiteUrl ?? OWN_MOBILE_SITE).replace(/\/+$/, '');
  if (site.startsWith('/') && !portalOrigin) return null;
  const base = site.startsWith('/') ? `${portalOrigin}${site}` : site;
  if (!member) return `${base}/`;
  const query = new URLSearchParams({
    loginType: 'randomPassword',
    username: member.userName,
    password: member.randomPassword,
  });
  return `${base}/pages/login/index?${query.toString()}`;
}
