/**
 * Ordering a product (DOMAIN.md): visitors are sent to log in and come back; for members
 * "立即开通" creates a pending order (`POST /cms/order/create`). Payment happens outside the
 * portal: the member pays through the service contact, and staff confirm the order, which grants
 * the tier or the points.
 */
import { useState } from 'react';
import { RouteLink } from '../../../components/route-link';
import type { Goods, Order } from '@shared/member/types';
import { loginUrl } from '@shared/routes';
import { feedback } from '../../../lib/feedback';
import { useSession } from '../../../lib/session';
import { OrderNotice, orderActionLabel, orderConfirmation, useCreateOrder } from './ordering';

export function OrderButton({ goods }: { goods: Goods }) {
  const session = useSession();
  const [order, setOrder] = useState<Order | null>(null);
  const create = useCreateOrder();

  if (!session.isLogin) {
    return (
      <div className="goods-order">
        <RouteLink className="button button-primary" to={loginUrl(`/goods/${goods.id}`)}>
          登录后开通
        </RouteLink>
      </div>
    );
  }

  const onOrder = async () => {
    if (await feedback.confirm(orderConfirmation(goods))) create.mutate(goods, { onSuccess: setOrder });
  };

  return (
    <div className="goods-order">
      {order ? (
        <OrderNotice order={order}>
          <p>
            <RouteLink to="/user">在会员中心查看</RouteLink>
          </p>
        </OrderNotice>
      ) : (
        <button type="button" className="button button-primary" onClick={() => void onOrder()} disabled={create.isPending}>
          {create.isPending ? '正在提交…' : orderActionLabel(goods)}
        </button>
      )}
    </div>
  );
}
