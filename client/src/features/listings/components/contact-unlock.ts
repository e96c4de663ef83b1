/**
 * 积分查看 itself: a chunk loaded on the first click, so that a detail page's first load
 * carries neither the call nor React Query's mutation hook.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ContentType } from '@shared/contract/common';
import type { UnlockResult, XmkDetail, ZbDetail } from '@shared/content/types';
import type { Http } from '../../../lib/http/http';
import { xmkKeys, zbKeys, unlockContact } from '../api';
import { feedback } from '../../../lib/feedback';
import type { SessionStore } from '../../../lib/session';

function withUnlocked<T extends XmkDetail | ZbDetail>(detail: T | undefined, result: UnlockResult): T | undefined {
  return detail && { ...detail, contact: result.contact, contactMasked: false, contactAccess: 'unlocked' };
}

/** Unlocks one item's contacts for points; a failed call has already said why (the request layer's toast). */
export async function unlockContacts(deps: { http: Http; queryClient: QueryClient; session: SessionStore }, type: ContentType, id: number) {
  const { http, queryClient, session } = deps;
  const result = await unlockContact(http, { id, type });
  // The unlock answer carries the contact block: show it now. The body and the changes hold
  // contacts masked the same way; they come unmasked with the detail (and its noticeTimeline, keyed
  // under it), fetched again behind it.
  const key = type === 'xmk' ? xmkKeys.detail(id, 'member') : zbKeys.detail(id, 'member');
  if (type === 'xmk') queryClient.setQueryData<XmkDetail>(key, (d) => withUnlocked(d, result));
  else queryClient.setQueryData<ZbDetail>(key, (d) => withUnlocked(d, result));
  void queryClient.invalidateQueries({ queryKey: key });
  const state = session.get();
  if (state.member_info) session.set({ ...state, member_info: { ...state.member_info, score: result.balance } });
  feedback.success(result.charged > 0 ? `已消耗 ${result.charged} 积分，剩余 ${result.balance} 积分` : '已解锁，无需再次消耗积分');
}
