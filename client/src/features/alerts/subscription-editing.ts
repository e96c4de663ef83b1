/**
 * What the desktop and phone subscription editors share: the blank subscription, keywords as
 * stored, the save and delete calls, and the amount range in words.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_MATCH_MODE } from '@shared/alerts/match';
import { formatWan } from '@shared/format';
import { feedback } from '../../lib/feedback';
import { formFailure } from '../../lib/form-failure';
import { useHttp } from '../../lib/http/context';
import { alertKeys, deleteSubscription, saveSubscription, type Subscription, type SubscriptionBody } from './api';

export const NEW_SUBSCRIPTION: SubscriptionBody = {
  name: '',
  keywords: '',
  matchMode: DEFAULT_MATCH_MODE,
  excludeWords: '',
  areaCodes: [],
  noticeTypes: [],
  amountMin: null,
  amountMax: null,
  enabled: true,
};

/** Keywords as stored: any spaces, commas or 、 between words become one space. */
export const subscriptionWords = (text: string) =>
  text
    .split(/[\s,，、]+/u)
    .filter(Boolean)
    .join(' ');

/** Saves `editing` (null: a new subscription); `onError` gets the form's message. */
export function useSaveSubscription(editing: Subscription | null, onDone: () => void, onError: (message: string | null) => void) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriptionBody) => saveSubscription(http, editing?.id ?? null, body),
    onSuccess: () => {
      feedback.success(editing ? '订阅已更新' : '订阅已添加');
      void queryClient.invalidateQueries({ queryKey: alertKeys.subscriptions() });
      onDone();
    },
    onError: (caught) => onError(formFailure(caught)),
  });
}

/** Deletes a subscription once the member confirms; `onDeleted` runs after. */
export function useDeleteSubscription(onDeleted?: () => void) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) => deleteSubscription(http, id),
    onSuccess: () => {
      onDeleted?.();
      void queryClient.invalidateQueries({ queryKey: alertKeys.subscriptions() });
    },
  });
  const onDelete = async (s: Subscription) => {
    if (await feedback.confirm({ title: `删除订阅“${s.name}”？`, content: '删除后不再收到这条订阅的提醒。', okText: '删除', danger: true }))
      remove.mutate(s.id);
  };
  return { onDelete, deleting: remove.isPending };
}

/** The amount range in 万元, null when neither end is set. */
export function amountRange(s: Subscription): string | null {
  if (s.amountMin === null && s.amountMax === null) return null;
  if (s.amountMax === null) return `${formatWan(s.amountMin)} 以上`;
  if (s.amountMin === null) return `${formatWan(s.amountMax)} 以下`;
  return `${formatWan(s.amountMin)} – ${formatWan(s.amountMax)}`;
}
