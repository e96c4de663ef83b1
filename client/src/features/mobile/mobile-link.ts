/**
 * What the /3g QR code opens (docs/decisions.md "Public content"):
 * - a mobile site is configured, visitor: the mobile site's home;
 * - a mobile site is configured, member: its login page with the member's random password, which
 *   the mobile site sends as `POST /api/member/login` with `loginType: 'randomPassword'`;
 * - no mobile site: this portal's own home, which phones can open as it is.
 */
export interface MobileLinkInput {
  mobileSiteUrl: string | null;
  /** This portal's origin (SITE_URL, or the browser's location), null before it is known. */
  portalOrigin: string | null;
  member: { userName: string; randomPassword: string } | null;
}

export function mobileLink({ mobileSiteUrl, portalOrigin, member }: MobileLinkInput): string | null {
  if (!mobileSiteUrl) return portalOrigin ? `${portalOrigin}/` : null;
  const base = mobileSiteUrl.replace(/\/+$/, '');
  if (!member) return `${base}/`;
  const query = new URLSearchParams({
    loginType: 'randomPassword',
    username: member.userName,
    password: member.randomPassword,
  });
  return `${base}/pages/login/index?${query.toString()}`;
}
