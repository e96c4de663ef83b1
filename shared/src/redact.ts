/**
 * What no log line may hold, on the portal and the backend alike: the credentials some calls carry
 * in their address. The QR login's code (`/m/pages/login/index?…&password=…`, `loginType:
 * randomPassword`), `resetPassword`'s old and new passwords (query parameters in spec §7) and a
 * feed's token (the only credential of `/feeds/<token>.atom`). Every line that writes an address
 * writes `redactUrl(address)`.
 */

/** Query parameters whose value is a credential (compared case-insensitively). */
export const SECRET_QUERY_PARAMS: readonly string[] = ['password', 'oldPassword', 'newPassword', 'randomPassword', 'token'];

export const REDACTED = '[REDACTED]';

const SECRET_NAMES = new Set(SECRET_QUERY_PARAMS.map((name) => name.toLowerCase()));
/** A feed token in a path: the portal's `/feeds/<token>.atom` and the backend's `/api/ext/feeds/<token>.ics`. */
const FEED_TOKEN_IN_PATH = /(\/feeds\/)[^/?#.]+/g;

function paramName(raw: string): string {
  let name = raw;
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // A malformed escape is compared as it came.
  }
  // `password[]=…` and `password[0]=…` are the same parameter to a query parser.
  return name.replace(/\[.*$/, '').trim().toLowerCase();
}

/** `url` (a path with its query) with every credential's value replaced by REDACTED. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt < 0 ? url : url.slice(0, queryAt)).replace(FEED_TOKEN_IN_PATH, `$1${REDACTED}`);
  if (queryAt < 0) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && SECRET_NAMES.has(paramName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}
