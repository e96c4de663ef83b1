/**
 * A member's private alert feeds: an Atom feed and an iCalendar, behind a token that is the only
 * credential. The portal serves them at `/feeds/<token>.atom|.ics` and reads them from the
 * backend's `/api/ext/feeds/<token>.atom|.ics` (not in ENDPOINTS: they answer Atom and iCalendar,
 * not the JSON envelope). Both sides refuse anything but a well-formed token with the same rule.
 */
import type { AlertFeeds } from './types';

export type FeedFormat = 'atom' | 'ics';

/** A token as the backend issues it: 32 url-safe characters (24 random bytes); up to 64 are accepted. */
const TOKEN = '[A-Za-z0-9_-]{32,64}';
const FEED_TOKEN = new RegExp(`^${TOKEN}$`);
const FEED_FILE = new RegExp(`^(${TOKEN})\\.(atom|ics)$`);

export const isFeedToken = (token: string) => FEED_TOKEN.test(token);

/** `<token>.atom` or `<token>.ics` as a token and its format; null for anything else. */
export function parseFeedFile(file: string): { token: string; format: FeedFormat } | null {
  const match = FEED_FILE.exec(file);
  return match ? { token: match[1]!, format: match[2] as FeedFormat } : null;
}

/** The portal's route of the feeds, and the backend's: `:file` is `<token>.<format>`. */
export const FEED_PORTAL_ROUTE = '/feeds/:file';
export const FEED_BODY_ROUTE = '/api/ext/feeds/:file';

const feedFile = (token: string, format: FeedFormat) => `${token}.${format}`;

/** Where the backend serves a feed's body. */
export const feedBodyPath = (token: string, format: FeedFormat) => FEED_BODY_ROUTE.replace(':file', feedFile(token, format));

/** A feed's root-relative portal path. */
export const feedPortalPath = (token: string, format: FeedFormat) => FEED_PORTAL_ROUTE.replace(':file', feedFile(token, format));

/** Portal paths of a feed token (what `GET /cms/alerts/feeds` answers). */
export const feedPortalPaths = (token: string): AlertFeeds => ({ atom: feedPortalPath(token, 'atom'), ics: feedPortalPath(token, 'ics') });
