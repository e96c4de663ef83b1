/**
 * The proof of work of login and registration (ALTCHA, ext 'pow'): as soon as a form shows, the
 * browser fetches a challenge and solves it in the background (WebCrypto's PBKDF2, about a second
 * on a phone), so it is usually done before the member has typed the password; a submit waits for
 * it. The solution is good for one try: taking it (`proof`) starts nothing, the next `refresh` (after
 * a failed try, with the new captcha) or `proof` starts a new one; a `refresh` with unused work
 * (a click for a new image) keeps it. A backend that does not name 'pow'
 * (a spec-only CMS, or the captcha off) asks for none, and nothing is fetched.
 */
import { useCallback, useEffect, useRef } from 'react';
import { MEMBER_ENDPOINTS } from '@shared/member/endpoints';
import type { PowChallenge } from '@shared/member/types';
import type { Http } from '../../lib/http/http';
import { NO_TOKEN } from '../../lib/http/http';

/** Gives up on a challenge after this long (the backend's challenges live 5 minutes). */
const SOLVE_TIMEOUT_MS = 60_000;

/** GET /api/ext/pow/challenge — a signed challenge. */
export async function getPowChallenge(http: Http): Promise<PowChallenge> {
  const body = await http.call(MEMBER_ENDPOINTS.powChallenge, { ...NO_TOKEN.signIn, notify: false });
  return body.data;
}

/** Solves `challenge` with WebCrypto; the payload the form sends as `pow`, or undefined when it could not. */
export async function solvePow(challenge: PowChallenge): Promise<string | undefined> {
  // Loaded on demand: only the sign-in forms of a backend that asks for the work need it.
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/pbkdf2')]);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS });
  if (!solution) return undefined;
  return btoa(JSON.stringify({ challenge, solution }));
}

export interface ProofOfWork {
  /** The solved work for one try (waits while it is being solved); undefined when none is asked for or it failed. */
  proof: () => Promise<string | undefined>;
  /** Starts a new one (the last was used, or is about to be). */
  refresh: () => void;
}

export function useProofOfWork(http: Http, enabled: boolean): ProofOfWork {
  const pending = useRef<Promise<string | undefined> | null>(null);
  const start = useCallback((): Promise<string | undefined> => {
    const next = enabled
      ? getPowChallenge(http)
          .then(solvePow)
          .catch(() => undefined)
      : Promise.resolve(undefined);
    pending.current = next;
    return next;
  }, [enabled, http]);
  // In the browser only, once the form is there (and again if the backend's answer turns it on).
  useEffect(() => {
    void start();
  }, [start]);
  const proof = useCallback(() => {
    const taken = pending.current ?? start();
    pending.current = null;
    return taken;
  }, [start]);
  const refresh = useCallback(() => {
    // A new captcha image alone leaves unused work as it is.
    if (pending.current === null) void start();
  }, [start]);
  return { proof, refresh };
}
