/**
 * /goods/{id}: one product, its price and benefits, and ordering; an unknown id is a 404. Without
 * goods (a spec-only backend) `{id}` is a paid tier's level, opened through customer service.
 */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
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
import {
  OpenThroughService,
  ServiceNotes,
  TierBenefits,
  isPaidLevel,
  loadTier,
  tierPath,
  useCatalogueTiers,
} from '../components/tier-catalogue';
import { hasCapability, useHasCapability } from '../../../lib/capabilities';

const TYPE_NAMES: Record<GoodsType, string> = { vip: 'VIP 会员', duan: '短期会员', score: '积分套餐' };

export async function load({ deps, id }: PageLoadArgs) {
  const goodsId = requireId(id);
  if (!hasCapability(deps, 'goods')) return loadTier(deps, goodsId);
  await Promise.all([
    deps.queryClient.ensureQueryData(goodsQueryOptions(deps.http, goodsId)),
    deps.queryClient.prefetchQuery(goodsListQueryOptions(deps.http)),
    prefetchServiceContact(deps.queryClient, deps.http),
  ]);
}

export function Component() {
  const id = parsePositiveId(useParams().id) ?? 0;
  return useHasCapability('goods') ? <GoodsDetail id={id} /> : <TierDetail level={String(id)} />;
}

function TierDetail({ level }: { level: string }) {
  const tiers = useCatalogueTiers();
  const tier = tiers.find((t) => t.level === level);
  if (!tier) return null;
  const others = tiers.filter((t) => t.level !== level && isPaidLevel(t.level));
  return (
    <div className="goods-page">
      <PageHead
        title={tier.name}
        description={`${tier.name}：有效期内免积分查看全部项目与招标联系方式。`}
        canonical={tierPath(tier.level)}
      />
      <Breadcrumb crumbs={[{ name: '首页', path: '/' }, { name: '会员服务', path: '/goods' }, { name: tier.name }]} />
      <div className="goods-detail">
        <article className="goods-detail-card" aria-labelledby="goods-title">
          <span className="tag tag-warning">会员等级</span>
          <h1 id="goods-title">{tier.name}</h1>
          <TierBenefits tier={tier} back={tierPath(tier.level)} />
          <OpenThroughService tier={tier} />
        </article>
        <aside className="detail-aside">
          <ServiceContact title="开通咨询" />
          <OtherLinks links={others.map((t) => ({ key: t.level, path: tierPath(t.level), name: t.name }))} title="其他会员等级" />
        </aside>
      </div>
      <ServiceNotes />
    </div>
  );
}

function OtherLinks({ links, title }: { links: { key: string | number; path: string; name: string }[]; title: string }) {
  if (links.length === 0) return null;
  return (
    <section className="aside-card" aria-labelledby="goods-others-title">
      <h2 id="goods-others-title" className="aside-title">
        {title}
      </h2>
      <ul className="aside-links">
        {links.map((link) => (
          <li key={link.key}>
            <RouteLink to={link.path}>{link.name}</RouteLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function GoodsDetail({ id }: { id: number }) {
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
          <OtherLinks links={others.map((g) => ({ key: g.id, path: `/goods/${g.id}`, name: g.name }))} title="其他套餐" />
        </aside>
      </div>
      <PurchaseNotes />
    </div>
  );
}
