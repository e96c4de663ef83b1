/**
 * What a backend may offer beyond spec §7, as `GET /api/ext/capabilities` names it. The portal hides
 * whatever the backend does not name (a Java CMS without that call names nothing). Every ext
 * endpoint names its feature; 'mail' is named only when the backend can send mail.
 */
export const FEATURES = [
  'capabilities',
  'visitRecords',
  'profile',
  'goods',
  'messageReply',
  'lifecycle',
  /**
   * A notice's lifecycle and 变更内容 by its id, apart from the detail: for a detail answer that
   * lacks them (a CMS's, beside a companion that follows it).
   */
  'noticeTimeline',
  /** Member alerts, their feeds, and alert mail. */
  'alerts',
  'feeds',
  'mail',
  /** The member's favourite ids in one call, for the stars on list rows. */
  'favoriteIds',
  /** Company profiles and company search. */
  'company',
  /** Lists as .xlsx files (searches, favourites, the visit CRM), rows per day by tier. */
  'export',
  /** A proof of work the browser solves before login and registration (named only with the captcha on). */
  'pow',
  /** Password recovery by a mailed link (named only when the backend can send mail). */
  'passwordRecovery',
  /** The tenders as OCDS open data (/ocds/releases.json, /ocds/records/{ocid}.json, the /open-data page). */
  'ocds',
] as const;

export type Feature = (typeof FEATURES)[number];
