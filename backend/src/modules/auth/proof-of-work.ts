/**
 * The proof of work a browser does before a login or a registration (ALTCHA's, `altcha-lib`): the
 * backend hands out a signed challenge (`GET /api/ext/pow/challenge`, ext), the browser searches for
 * the counter whose PBKDF2 key starts with the challenge's prefix (about a second on a phone) and
 * sends the solution with the form as `pow`. A captcha can be read by a script; this makes every
 * attempt cost CPU time whoever makes it (docs/reliability.md has the attacker's cost per account).
 *
 * Verifying costs two HMACs (the key is signed when the challenge is made), not a derivation.
 * A solution is good once and for POW_TTL_MS; secrets live in this process only, so a restart
 * invalidates outstanding challenges like it does captchas. On with the captcha and the
 * extensions: a spec-only backend asks for no proof (the portal then solves none).
 */
import { randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Clock } from '../../clock';
import { invalid } from '../../envelope';

export const POW_ALGORITHM = 'PBKDF2/SHA-256';
export const POW_TTL_MS = 5 * 60 * 1000;
export const MSG_POW_MISSING = '安全校验未完成，请稍候片刻再提交';
export const MSG_POW_INVALID = '安全校验已失效，请刷新页面后重试';

/**
 * How much work one challenge asks for: the answer is a counter drawn from [maxCounter / 2,
 * maxCounter], and each try derives a PBKDF2 key of `cost` iterations. The browser tries counters
 * from 0 up, so a solve takes 0.75 × maxCounter derivations on average.
 */
export interface PowDifficulty {
  cost: number;
  maxCounter: number;
}

/** Tuned for about a second in a phone's browser (docs/reliability.md, "Proof of work"). */
export const POW_DIFFICULTY: PowDifficulty = { cost: 500, maxCounter: 500 };

export class ProofOfWork {
  private readonly signatureSecret = randomBytes(32).toString('base64url');
  private readonly keySecret = randomBytes(32).toString('base64url');
  /** Solutions already used, by challenge signature, until their challenge expires. */
  private readonly spent = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly difficulty: PowDifficulty = POW_DIFFICULTY,
    private readonly capacity = 100_000,
  ) {}

  challenge(): Promise<Challenge> {
    const { cost, maxCounter } = this.difficulty;
    return createChallenge({
      algorithm: POW_ALGORITHM,
      cost,
      counter: randomInt(maxCounter, Math.ceil(maxCounter / 2)),
      deriveKey,
      data: { issuedAt: this.clock().getTime() },
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
    });
  }

  /** Throws the form's message unless `pow` (base64 of ALTCHA's payload JSON) solves a live challenge of ours, unused. */
  async verify(pow: string | undefined): Promise<void> {
    if (!pow) throw invalid(MSG_POW_MISSING);
    const payload = parsePayload(pow);
    if (!payload?.challenge.signature) throw invalid(MSG_POW_INVALID);
    const now = this.clock().getTime();
    const issuedAt = Number(payload.challenge.parameters.data?.issuedAt);
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
    });
    // The signature covers issuedAt, so it is ours once `verified`.
    if (!result.verified || !(now - issuedAt < POW_TTL_MS && issuedAt <= now)) throw invalid(MSG_POW_INVALID);
    this.forgetExpired(now);
    if (this.spent.has(payload.challenge.signature)) throw invalid(MSG_POW_INVALID);
    this.spent.set(payload.challenge.signature, issuedAt + POW_TTL_MS);
  }

  private forgetExpired(now: number): void {
    for (const [signature, expiresAt] of this.spent) {
      if (expiresAt > now && this.spent.size < this.capacity) break;
      this.spent.delete(signature);
    }
  }
}

function parsePayload(pow: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(pow, 'base64').toString('utf8')) as Partial<Payload> | null;
    if (typeof payload?.challenge?.parameters !== 'object' || typeof payload.solution !== 'object' || payload.solution === null)
      return null;
    return payload as Payload;
  } catch {
    return null;
  }
}
