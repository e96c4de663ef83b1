import { RouteLink } from '../../../components/route-link';
import type { Goods } from '@shared/member/types';
import { formatYuan } from '@shared/format';
import { goodsUnit, isDiscounted } from './ordering';
import { OrderButton } from './order-button';

export function GoodsPrice({ goods }: { goods: Goods }) {
  return (
    <p className="goods-price">
      <strong>{formatYuan(goods.price)}</strong>
      {isDiscounted(goods) ? <del>{formatYuan(goods.originalPrice)}</del> : null}
      <span className="goods-price-unit">/ {goodsUnit(goods)}</span>
    </p>
  );
}

export function GoodsCard({ goods }: { goods: Goods }) {
  return (
    <li className={goods.type === 'vip' ? 'goods-card is-vip' : 'goods-card'}>
      {goods.type === 'vip' ? <span className="goods-card-badge">推荐</span> : null}
      <h3 className="goods-card-name">
        <RouteLink to={`/goods/${goods.id}`}>{goods.name}</RouteLink>
      </h3>
      <p className="goods-card-desc">{goods.description}</p>
      <GoodsPrice goods={goods} />
      <ul className="goods-benefits">
        {goods.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <OrderButton goods={goods} />
    </li>
  );
}
