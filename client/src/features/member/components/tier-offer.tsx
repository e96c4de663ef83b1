/**
 * Products of a tier page (goods of one type) with "立即开通": a confirmation, then a pending order
 * (`POST /cms/order/create`). Payment happens outside the portal (DOMAIN.md): the member pays
 * through customer service and staff confirm the order, which grants the tier or the points — the
 * notice after ordering says exactly that, with the order number and the service contact.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Goods, MemberLevel, Order } from '@shared/contract/member';
import { formatCount, formatYuan, telHref } from '@shared/format';
import { createOrder } from '../../../api/goods';
import { useHttp } from '../../../api/http-context';
import { memberKeys } from '../../../api/member';
import { useServiceContact } from '../../../components/service-contact';
import { feedback } from '../../../lib/feedback';

const unitOf = (goods: Goods) => (goods.type === 'score' ? `${formatCount(goods.score)} 积分` : `${goods.days} 天`);

/** A running tier above the goods' tier makes buying it pointless; the backend refuses it too. */
function outranked(goods: Goods, level: MemberLevel): boolean {
  return goods.level !== null && Number(level) > Number(goods.level);
}

function OrderNotice({ order }: { order: Order }) {
  const { phone, contact } = useServiceContact();
  return (
    <div className="order-notice" role="status">
      <p className="order-notice-title">订单已提交，等待付款</p>
      <p>
        订单号 <strong>{order.orderNo}</strong>，{order.goodsName}，金额 <strong>{formatYuan(order.price)}</strong>。
      </p>
      <p>
        本站不在线收款：请联系客服
        {phone ? (
          <>
            （电话 <a href={telHref(phone)}>{phone}</a>）
          </>
        ) : null}
        完成付款并告知订单号，客服确认到账后立即为您开通，会员等级或积分会显示在会员中心。
      </p>
      {contact ? <p className="muted">{contact}</p> : null}
    </div>
  );
}

export function TierOffer({ goods, level }: { goods: readonly Goods[]; level: MemberLevel }) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<Order | null>(null);
  const create = useMutation({
    mutationFn: (item: Goods) => createOrder(http, { goodsId: item.id }),
    onSuccess(created) {
      setOrder(created);
      void queryClient.invalidateQueries({ queryKey: memberKeys.orderLists() });
    },
  });

  const onOrder = async (item: Goods) => {
    const ok = await feedback.confirm({
      title: `开通「${item.name}」`,
      content: `订单金额 ${formatYuan(item.price)}。提交后生成待付款订单，请联系客服付款，确认到账后为您开通。`,
      okText: '提交订单',
    });
    if (ok) create.mutate(item);
  };

  return (
    <>
      {order ? <OrderNotice order={order} /> : null}
      <ul className="offer-grid">
        {goods.map((item) => {
          const blocked = outranked(item, level);
          const discounted = item.originalPrice !== null && item.originalPrice > item.price;
          return (
            <li key={item.id} className={item.type === 'vip' ? 'offer-card is-featured' : 'offer-card'}>
              {discounted ? <span className="offer-badge">优惠</span> : null}
              <h3 className="offer-name">{item.name}</h3>
              <p className="offer-price">
                <strong>{formatYuan(item.price)}</strong>
                <span>/ {unitOf(item)}</span>
              </p>
              {discounted ? <p className="offer-original">原价 {formatYuan(item.originalPrice)}</p> : null}
              <p className="offer-desc">{item.description}</p>
              <ul className="offer-benefits">
                {item.benefits.map((benefit) => (
                  <li key={benefit}>{benefit}</li>
                ))}
              </ul>
              {blocked ? (
                <p className="offer-blocked">您当前的会员等级更高，无需购买</p>
              ) : (
                <button
                  type="button"
                  className="button button-primary offer-button"
                  onClick={() => void onOrder(item)}
                  disabled={create.isPending && create.variables.id === item.id}
                >
                  {create.isPending && create.variables.id === item.id ? '正在提交…' : item.type === 'score' ? '立即购买' : '立即开通'}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
