/**
 * /goods 会员服务: tier passes and points packages; ordering needs login (DOMAIN.md). Without goods
 * (a spec-only backend) the tiers, opened through customer service (tier-catalogue.tsx).
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { goodsListQueryOptions } from '../api';
import { useHttp } from '../../../lib/http/context';
import { Breadcrumb } from '../../../components/breadcrumb';
import { EmptyState } from '../../../components/empty-state';
import { PageHead } from '../../../components/page-head';
import { ServiceContact, prefetchServiceContact } from '../../../components/service-contact';
import type { PageLoadArgs } from '../../../lib/page';
import { GoodsCard } from '../components/goods-card';
import { PurchaseNotes } from '../components/purchase-notes';
import { ServiceNotes, TierCatalogue, loadTierCatalogue } from '../components/tier-catalogue';
import { hasCapability, useHasCapability } from '../../../lib/capabilities';

export async function load({ deps }: PageLoadArgs) {
  if (!hasCapability(deps, 'goods')) return loadTierCatalogue(deps);
  await Promise.all([
    deps.queryClient.ensureQueryData(goodsListQueryOptions(deps.http)),
    prefetchServiceContact(deps.queryClient, deps.http),
  ]);
}

export function Component() {
  return useHasCapability('goods') ? <GoodsList /> : <TiersOnly />;
}

function Hero() {
  return (
    <>
      <PageHead title="会员服务" description="VIP 会员、短期会员与积分套餐：查看项目与招标联系方式，订阅招标信息。" canonical="/goods" />
      <Breadcrumb crumbs={[{ name: '首页', path: '/' }, { name: '会员服务' }]} />
      <header className="goods-hero">
        <h1>会员服务</h1>
        <p>开通会员，查看全部项目与招标联系方式，第一时间掌握项目动态</p>
      </header>
    </>
  );
}

function TiersOnly() {
  return (
    <div className="goods-page">
      <Hero />
      <section className="goods-group" aria-labelledby="goods-tiers-title">
        <h2 id="goods-tiers-title" className="section-title">
          会员等级
        </h2>
        <p>有效期内免积分查看全部联系方式，联系客服开通。</p>
        <TierCatalogue />
      </section>
      <div className="goods-detail">
        <ServiceNotes />
        <ServiceContact title="开通咨询" />
      </div>
    </div>
  );
}

function GoodsList() {
  const { data: goods } = useSuspenseQuery(goodsListQueryOptions(useHttp()));
  const tiers = goods.filter((g) => g.type !== 'score').sort((a, b) => a.sort - b.sort);
  const points = goods.filter((g) => g.type === 'score').sort((a, b) => a.sort - b.sort);
  return (
    <div className="goods-page">
      <Hero />
      <section className="goods-group" aria-labelledby="goods-tiers-title">
        <h2 id="goods-tiers-title" className="section-title">
          会员套餐
        </h2>
        <p>有效期内免积分查看全部联系方式，并可订阅招标信息。</p>
        {tiers.length > 0 ? (
          <ul className="goods-grid">
            {tiers.map((g) => (
              <GoodsCard key={g.id} goods={g} />
            ))}
          </ul>
        ) : (
          <EmptyState compact />
        )}
      </section>
      <section className="goods-group" aria-labelledby="goods-points-title">
        <h2 id="goods-points-title" className="section-title">
          积分套餐
        </h2>
        <p>积分长期有效，按条查看联系方式，适合偶尔使用。</p>
        {points.length > 0 ? (
          <ul className="goods-grid">
            {points.map((g) => (
              <GoodsCard key={g.id} goods={g} />
            ))}
          </ul>
        ) : (
          <EmptyState compact />
        )}
      </section>
      <div className="goods-detail">
        <PurchaseNotes />
        <ServiceContact title="购买咨询" />
      </div>
    </div>
  );
}
