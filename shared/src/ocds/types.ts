/** Open data (ext): what the /open-data page says about the feed. */

export interface OcdsSummary {
  /** The ocid prefix (OCDS_PREFIX) */
  prefix: string;
  /** Tender notices published, withdrawn ones included (each is in the feed) */
  notices: number;
  /** Publish time of the oldest and the newest notice, `yyyy-MM-dd HH:mm:ss`; null when there are none */
  firstPublished: string | null;
  lastPublished: string | null;
  /** A process to show as a sample record: the newest award with a process code, else the newest notice */
  sample: { ocid: string; title: string } | null;
}
