/**
 * The one rule for "this request has a member session". The member guard (server
 * and client), server rendering, the render cache key and the stale-token check all ask this, so
 * they cannot disagree: when the guard counted any non-empty cookie as a session and rendering only
 * a well-formed one, a cookie like `a b` sent /user_login → /user → /user_login forever.
 */

/** A cookie header is at most 4 KB per cookie in browsers; a token of ours is 43 characters. */
export const SESSION_TOKEN_MAX_LENGTH = 4096;

/**
 * What a bearer token can look like: ours (base64url) and a JWT alike, of bounded length. Anything
 * else was not set by us and must not reach an Authorization header either (a control character
 * there made Node throw: a 500 found by the fuzzer).
 */
const TOKEN_SHAPE = new RegExp(`^[A-Za-z0-9._~+/=-]{1,${SESSION_TOKEN_MAX_LENGTH}}$`);

/** True when `value` (the member token cookie as parsed) is a token we could have issued. */
export function hasSession(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_SHAPE.test(value);
}
