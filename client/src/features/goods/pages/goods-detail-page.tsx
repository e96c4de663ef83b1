/** /goods/{id}: one product, its price and benefits, and ordering; an unknown id is a 404. */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import type { GoodsType } from '@shared/member/types';
import { parsePositiveId } from '@shared/routes';
import { goodsListQueryOptions, goodsQueryOptions } from '../api';
import { useHttp } from '../../../lib/http/context';
import { Breadcrumb } from '../../../components/breadcrumb';
import { requireId } from '../../../components/detail-parts';
import { PageHead } from '../../../components/page-head';
import { ServiceContact, prefetchServiceContact } from '../../../components/service-contact';
import type { PageLoadArgs } from '../../../lib/page';
import { GoodsPrice } from '../components/goods-card';
import { OrderButton } from '../components/order-button';
import { PurchaseNotes } from '../components/purchase-notes';

const TYPE_NAMES: Record<GoodsType, string> = { vip: 'VIP 会员', duan: '短期会员', score: '积分套餐' };

export async function load({ deps, id }: PageLoadArgs) {
  const goodsId = requireId(id);
  await Promise.all([
    deps.queryClient.ensureQueryData(goodsQueryOptions(deps.http, goodsId)),
    deps.queryClient.prefetchQuery(goodsListQueryOptions(deps.http)),
    prefetchServiceContact(deps.queryClient, deps.http),
  ]);
}

export function Component() {
  const id = parsePositiveId(useParams().id) ?? 0;
  const http = useHttp();
  const { data: goods } = useSuspenseQuery(goodsQueryOptions(http, id));
  const others = (useQuery(goodsListQueryOptions(http)).data ?? []).filter((g) => g.id !== goods.id);
  return (
    <div className="goods-page">
      <PageHead title={goods.name} description={`${goods.name}：${goods.description}`} canonical={`/goods/${goods.id}`} />
      <Breadcrumb crumbs={[{ name: '首页', path: '/' }, { name: '会员服务', path: '/goods' }, { name: goods.name }]} />
      <div className="goods-detail">
        <article className="goods-detail-card" aria-labelledby="goods-title">
          <span className={goods.type === 'vip' ? 'tag tag-warning' : goods.type === 'duan' ? 'tag tag-primary' : 'tag tag-success'}>
            {TYPE_NAMES[goods.type]}
          </span>
          <h1 id="goods-title">{goods.name}</h1>
          <GoodsPrice goods={goods} />
          <p className="muted">{goods.description}</p>
          <ul className="goods-benefits">
            {goods.benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
          <OrderButton goods={goods} />
        </article>
        <aside className="detail-aside">
          <ServiceContact title="购买咨询" />
          {others.length > 0 ? (
            <section className="aside-card" aria-labelledby="goods-others-title">
              <h2 id="goods-others-title" className="aside-title">
                其他套餐
              </h2>
              <ul className="aside-links">
                {others.map((g) => (
                  <li key={g.id}>
                    <Link to={`/goods/${g.id}`}>{g.name}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>
      <PurchaseNotes />
    </div>
  );
}
