import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody } from '@shared/member/types';
import { zbKeys } from '../listings/api';
import { useHttp } from '../../lib/http/context';
import { updateProfile } from './api';
import { useSessionStore } from '../../lib/session';

/**
 * `updateProfile`, then the member as saved goes into the session at once (the header's name, the
 * side card), and the subscription's tenders are refetched: /user/bidding and the dashboard follow
 * a new subscription without a reload.
 */
export function useSaveProfile() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const session = useSessionStore();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => updateProfile(http, body, { notify: false }),
    onSuccess(user) {
      const state = session.get();
      if (state.isLogin) session.set({ ...state, name: user.nickName || user.userName, member_info: user });
      return queryClient.invalidateQueries({ queryKey: zbKeys.biddingLists() });
    },
  });
}
