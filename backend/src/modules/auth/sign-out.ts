/**
 * What ends with a member's sessions besides the tokens: the QR login's code (a second way in) and
 * the private feed links (a third). A logout ends one session, a password reset all of them; both
 * end these, so whoever once read a code or a feed link (a screenshot, a shared calendar, a stolen
 * session) loses it with the session.
 */
import type { AppContext } from '../../context';
import { revokeFeedToken } from '../alerts/feeds';
import { rotateRandomPassword } from '../member/random-password';
import { endRecovery } from './queries';
import type { Session } from './tokens';

function endSecondaryCredentials(ctx: AppContext, memberId: number): void {
  rotateRandomPassword(ctx.sql, memberId, ctx.clock());
  revokeFeedToken(ctx.sql, memberId);
}

/** Logout: this session, the QR code and the feed links. */
export function signOut(ctx: AppContext, session: Session): void {
  ctx.db.transaction(() => {
    ctx.tokens.revoke(session);
    endSecondaryCredentials(ctx, session.memberId);
  })();
}

/**
 * A new password: every session of the member (this one too), the QR code, the feed links and any
 * password recovery link still out.
 */
export function signOutEverywhere(ctx: AppContext, memberId: number): void {
  ctx.tokens.revokeAll(memberId);
  endRecovery.run(ctx.sql, { memberId });
  endSecondaryCredentials(ctx, memberId);
}
