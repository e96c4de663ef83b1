/**
 * Member tokens (DOMAIN.md): opaque random strings handed out once and stored only as SHA-256
 * digests. They expire after 30 minutes without use. As RuoYi's TokenService does, a request only
 * rewrites the expiry when less than 20 minutes remain, so ordinary browsing does not turn every
 * authenticated read into a write; `RefreshToken` always extends it to the full 30 minutes.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Statements } from '../../db/connection';
import * as q from './queries';

export const TOKEN_TTL_MS = 30 * 60 * 1000;
const SLIDE_WHEN_REMAINING_MS = 20 * 60 * 1000;

export interface Session {
  memberId: number;
  tokenHash: Buffer;
}

/** SHA-256 of a token: what is stored, and what a cache may key by. */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest();
const digest = tokenDigest;

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,128})$/i;

/** The token of an `Authorization: Bearer …` header, or null when absent or malformed. */
export function bearerToken(authorization: string | undefined): string | null {
  return (authorization === undefined ? null : BEARER.exec(authorization.trim())?.[1]) ?? null;
}

export class TokenService {
  constructor(
    private readonly sql: Statements,
    private readonly clock: Clock,
  ) {}

  /** A new token for `memberId`; also sweeps expired tokens. */
  issue(memberId: number): { token: string; expiresIn: number } {
    const now = this.clock().getTime();
    q.deleteExpiredTokens.run(this.sql, { now });
    const token = randomBytes(32).toString('base64url');
    q.insertToken.run(this.sql, { tokenHash: digest(token), memberId, now, expiresAt: now + TOKEN_TTL_MS });
    return { token, expiresIn: TOKEN_TTL_MS / 1000 };
  }

  /** The session of an `Authorization: Bearer …` header, or null when absent, unknown or expired. */
  resolve(authorization: string | undefined): Session | null {
    const token = bearerToken(authorization);
    if (!token) return null;
    const tokenHash = digest(token);
    const row = q.tokenRow.get(this.sql, { tokenHash });
    const now = this.clock().getTime();
    if (!row || row.expiresAt <= now) return null;
    if (row.expiresAt - now < SLIDE_WHEN_REMAINING_MS) this.extend(tokenHash, now);
    return { memberId: row.memberId, tokenHash };
  }

  /** Extend to a full 30 minutes; returns seconds left. */
  refresh(session: Session): number {
    this.extend(session.tokenHash, this.clock().getTime());
    return TOKEN_TTL_MS / 1000;
  }

  revoke(session: Session): void {
    q.deleteToken.run(this.sql, { tokenHash: session.tokenHash });
  }

  revokeAll(memberId: number): void {
    q.deleteTokensOf.run(this.sql, { memberId });
  }

  private extend(tokenHash: Buffer, now: number): void {
    q.setTokenExpiry.run(this.sql, { tokenHash, expiresAt: now + TOKEN_TTL_MS });
  }
}
