/** Unlocking an item's contacts for points: charged once per member and item; a VIP tier sees them free. */
import type { UnlockResult } from '@shared/content/types';
import { formatDateTime } from '../../clock';
import type { AppContext } from '../../context';
import { invalid, notFound } from '../../envelope';
import { SCORE_TYPES } from '../../reference/dictionaries';
import type { ContentTable } from '../../search/fts-index';
import { hasContact, MSG_XMK_NOT_FOUND, MSG_ZB_NOT_FOUND, unlockCost } from '../content/details';
import { contactOf, contentLink } from '../content/queries';
import { hasUnlocked, memberAccess } from '../member/access';
import { insertUnlock } from '../member/queries';
import { changeScore } from './ledger';

export const MSG_NOT_ENOUGH_POINTS = '积分不足';
/** A notice that names no contact: nothing to unlock, nothing charged. */
export const MSG_NO_CONTACT = '该信息未提供联系方式，无需查看';

/** The contact block and what it cost; `msg` says why nothing was charged. */
export function unlockContact(ctx: AppContext, memberId: number, type: ContentTable, id: number): { result: UnlockResult; msg: string } {
  const now = ctx.clock();
  return ctx.db.transaction(() => {
    const contact = contactOf(ctx.sql, type, id);
    if (!contact) throw notFound(type === 'xmk' ? MSG_XMK_NOT_FOUND : MSG_ZB_NOT_FOUND);
    if (!hasContact(contact)) throw invalid(MSG_NO_CONTACT);
    const access = memberAccess(ctx.sql, memberId, now);
    if (access.viewAllContacts) return { result: { charged: 0, balance: access.score, contact }, msg: '会员可直接查看联系方式' };
    if (hasUnlocked(ctx.sql, memberId, type, id))
      return { result: { charged: 0, balance: access.score, contact }, msg: '已查看过该联系方式' };

    const cost = unlockCost(ctx.sql);
    const title = contentLink(ctx.sql, type, id)!.title;
    const balance = changeScore(ctx.sql, memberId, -cost, SCORE_TYPES.unlock.value, `查看联系方式：${title}`, now);
    if (balance === null) throw invalid(MSG_NOT_ENOUGH_POINTS);
    insertUnlock.run(ctx.sql, { memberId, type, id, time: formatDateTime(now) });
    return { result: { charged: cost, balance, contact }, msg: '查看成功' };
  })();
}
