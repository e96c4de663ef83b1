/**
 * 取消订单 for a pending order (`POST /cms/order/{id}/cancel`, ext, capability `goods`): asked
 * first, then the orders are fetched again. Nothing for a paid or cancelled order, or when the
 * backend offers no goods. The desktop tier pages and the phone's 会员服务 (its own `className`).
 */
import type { Order } from '@shared/member/types';
import { feedback } from '../../../lib/feedback';
import { useHasCapability } from '../../../lib/capabilities';
import { cancelConfirmation, cancellable, useCancelOrder } from './ordering';

export function OrderCancelButton({ order, className = 'link-button' }: { order: Order; className?: string }) {
  const offered = useHasCapability('goods');
  const cancel = useCancelOrder();
  if (!offered || !cancellable(order)) return null;
  const onCancel = async () => {
    if (!(await feedback.confirm({ ...cancelConfirmation(order), danger: true }))) return;
    cancel.mutate(order, { onSuccess: () => feedback.success('订单已取消') });
  };
  return (
    <button type="button" className={className} onClick={() => void onCancel()} disabled={cancel.isPending}>
      {cancel.isPending ? '正在取消…' : '取消订单'}
    </button>
  );
}
