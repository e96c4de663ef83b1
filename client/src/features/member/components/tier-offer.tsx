/**
 * Products of a tier page (goods of one type) with "立即开通": a confirmation, then a pending order
 * (`POST /cms/order/create`). Payment happens outside the portal (DOMAIN.md): the member pays
 * through customer service and staff confirm the order, which grants the tier or the points — the
 * notice after ordering says exactly that, with the order number and the service contact.
 */
import type { Goods, MemberLevel } from '@shared/member/types';
import { formatYuan } from '@shared/format';
import { feedback } from '../../../lib/feedback';
import {
  OrderNotice,
  goodsUnit,
  isDiscounted,
  orderActionLabel,
  orderConfirmation,
  outranked,
  useCreateOrder,
} from '../../goods/components/ordering';

export function TierOffer({ goods, level }: { goods: readonly Goods[]; level: MemberLevel }) {
  const create = useCreateOrder();
  // The order is the mutation's own answer: no callback that a re-render could drop.
  const order = create.data ?? null;

  const onOrder = async (item: Goods) => {
    if (await feedback.confirm(orderConfirmation(item))) create.mutate(item);
  };

  return (
    <>
      {order ? <OrderNotice order={order} /> : null}
      <ul className="offer-grid">
        {goods.map((item) => {
          const blocked = outranked(item, level);
          const discounted = isDiscounted(item);
          return (
            <li key={item.id} className={item.type === 'vip' ? 'offer-card is-featured' : 'offer-card'}>
              {discounted ? <span className="offer-badge">优惠</span> : null}
              <h3 className="offer-name">{item.name}</h3>
              <p className="offer-price">
                <strong>{formatYuan(item.price)}</strong>
                <span>/ {goodsUnit(item)}</span>
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
                  {create.isPending && create.variables.id === item.id ? '正在提交…' : orderActionLabel(item)}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
