/**
 * Tokens of links sent by mail (confirming an address, unsubscribing, recovering a password): 32
 * random bytes, base64url, 43 characters. Pages and the backend refuse anything else before a look-up.
 */
export const ONE_TIME_TOKEN_LENGTH = 43;
export const ONE_TIME_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export const isOneTimeToken = (value: unknown): value is string => typeof value === 'string' && ONE_TIME_TOKEN_RE.test(value);
