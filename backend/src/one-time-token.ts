/**
 * Tokens of links sent by mail (shared/src/one-time-token.ts). Only their SHA-256 digest is stored:
 * a copy of the database opens no link.
 */
import { createHash, randomBytes } from 'node:crypto';

export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

export function newOneTimeToken(): { token: string; digest: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, digest: tokenDigest(token) };
}
