/**
 * Ordering a product (DOMAIN.md): visitors are sent to log in and come back; for members
 * "立即开通" creates a pending order (`POST /cms/order/create`). Payment happens outside the
 * portal: the member pays through the service contact, and staff confirm the order, which grants
 * the tier or the points.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../components/link';
import type { Goods, Order } from '@shared/contract/member';
import { formatYuan } from '@shared/format';
import { loginUrl } from '@shared/routes';
import { createOrder } from '../../../api/goods';
import { useHttp } from '../../../api/http-context';
import { memberKeys } from '../../../api/member';
import { useServiceContact } from '../../../components/service-contact';
import { feedback } from '../../../lib/feedback';
import { useSession } from '../../../lib/session';

export function OrderButton({ goods }: { goods: Goods }) {
  const session = useSession();
  const http = useHttp();
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<Order | null>(null);
  const create = useMutation({
    mutationFn: () => createOrder(http, { goodsId: goods.id }),
    onSuccess(created) {
      setOrder(created);
      // The member's order history (开通记录) has a new row.
      void queryClient.invalidateQueries({ queryKey: [...memberKeys.all, 'orders'] });
    },
  });

  if (!session.isLogin) {
    return (
      <div className="goods-order">
        <Link className="button button-primary" to={loginUrl(`/goods/${goods.id}`)}>
          登录后开通
        </Link>
      </div>
    );
  }

  const onOrder = async () => {
    const ok = await feedback.confirm({
      title: `开通「${goods.name}」`,
      content: `订单金额 ${formatYuan(goods.price)}。提交后将生成待支付订单，请联系客服完成付款，确认到账后为您开通。`,
      okText: '提交订单',
    });
    if (ok) create.mutate();
  };

  return (
    <div className="goods-order">
      {order ? (
        <OrderResult order={order} />
      ) : (
        <button type="button" className="button button-primary" onClick={() => void onOrder()} disabled={create.isPending}>
          {create.isPending ? '正在提交…' : '立即开通'}
        </button>
      )}
    </div>
  );
}

function OrderResult({ order }: { order: Order }) {
  const { phone, contact } = useServiceContact();
  return (
    <div className="order-result" role="status">
      <h3>订单已提交，等待付款</h3>
      <p>
        订单号 {order.orderNo}，金额 {formatYuan(order.price)}。
      </p>
      <p>
        请联系客服完成付款{phone ? `（电话 ${phone}）` : ''}，客服确认到账后即为您开通。{contact}
      </p>
      <p>
        <Link to="/user">在会员中心查看</Link>
      </p>
    </div>
  );
}
