import { Link } from '../../../components/link';
import type { Goods } from '@shared/contract/member';
import { formatCount, formatYuan } from '@shared/format';
import { OrderButton } from './order-button';

/** What a product gives, in one line: "365 天" or "2,000 积分". */
function goodsUnit(goods: Goods): string {
  return goods.type === 'score' ? `${formatCount(goods.score)} 积分` : `${goods.days} 天`;
}

export function GoodsPrice({ goods }: { goods: Goods }) {
  return (
    <p className="goods-price">
      <strong>{formatYuan(goods.price)}</strong>
      {goods.originalPrice !== null && goods.originalPrice > goods.price ? <del>{formatYuan(goods.originalPrice)}</del> : null}
      <span className="goods-price-unit">/ {goodsUnit(goods)}</span>
    </p>
  );
}

export function GoodsCard({ goods }: { goods: Goods }) {
  return (
    <li className={goods.type === 'vip' ? 'goods-card is-vip' : 'goods-card'}>
      {goods.type === 'vip' ? <span className="goods-card-badge">推荐</span> : null}
      <h3 className="goods-card-name">
        <Link to={`/goods/${goods.id}`}>{goods.name}</Link>
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
