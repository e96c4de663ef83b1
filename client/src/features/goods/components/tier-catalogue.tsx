/**
 * 会员服务 from spec §7's calls alone, for a backend without goods (capability `goods`): the tiers
 * of `/cms/member/list`, opened through customer service (the service contact from the configs).
 * `/cms/member/list` is a member call, so a visitor sees the tiers' names from the public
 * `cms_member_level` dictionary and logs in to read what each includes. `/goods/{id}` is then one
 * paid tier, by its level.
 */
import { useQuery } from '@tanstack/react-query';
import { RouteLink } from '../../../components/route-link';
import type { MemberLevel } from '@shared/member/types';
import { DICT_TYPES } from '@shared/system/types';
import { telHref } from '@shared/format';
import { loginUrl } from '@shared/routes';
import { memberTiersQueryOptions } from '../../member/api';
import { useHttp } from '../../../lib/http/context';
import type { AppDeps } from '../../../lib/page';
import { useSession } from '../../../lib/session';
import { dictQueryOptions } from '../../../lib/system';
import { notFound } from '../../../components/detail-parts';
import { useDict } from '../../../components/dict-label';
import { prefetchServiceContact, useServiceContact } from '../../../components/service-contact';

/** A tier as this page shows it; `benefits` null: a visitor, who logs in to read them. */
export interface CatalogueTier {
  level: MemberLevel;
  name: string;
  benefits: readonly string[] | null;
}

/** 普通会员 (level 0) comes with registration; the others are opened through customer service. */
export const isPaidLevel = (level: string): boolean => level !== '0';

export const tierPath = (level: MemberLevel) => `/goods/${level}`;

export function loadTierCatalogue(deps: AppDeps): Promise<unknown> {
  return Promise.all([
    deps.queryClient.ensureQueryData(dictQueryOptions(deps.http, DICT_TYPES.memberLevel)),
    deps.session.get().isLogin ? deps.queryClient.ensureQueryData(memberTiersQueryOptions(deps.http)) : null,
    prefetchServiceContact(deps.queryClient, deps.http),
  ]);
}

/** `/goods/{id}` without goods: the id is a paid tier's level, else the page is a 404. */
export async function loadTier(deps: AppDeps, id: number): Promise<void> {
  await loadTierCatalogue(deps);
  const levels = deps.queryClient.getQueryData(dictQueryOptions(deps.http, DICT_TYPES.memberLevel).queryKey) ?? [];
  if (!levels.some((entry) => entry.dictValue === String(id) && isPaidLevel(entry.dictValue))) notFound();
}

/** The member's tiers with their benefits, or for a visitor the dictionary's names. */
export function useCatalogueTiers(): CatalogueTier[] {
  const http = useHttp();
  const isLogin = useSession().isLogin;
  const names = useDict(DICT_TYPES.memberLevel);
  const tiers = useQuery({ ...memberTiersQueryOptions(http), enabled: isLogin }).data?.rows;
  if (isLogin && tiers) return tiers.map(({ level, name, benefits }) => ({ level, name, benefits }));
  return names.map((entry) => ({ level: entry.dictValue as MemberLevel, name: entry.dictLabel, benefits: null }));
}

/** What a tier includes, or for a visitor a link to log in and come back. */
export function TierBenefits({ tier, back }: { tier: CatalogueTier; back: string }) {
  if (tier.benefits === null) {
    return (
      <p className="muted">
        <RouteLink to={loginUrl(back)}>登录后查看会员权益</RouteLink>
      </p>
    );
  }
  return (
    <ul className="goods-benefits">
      {tier.benefits.map((benefit) => (
        <li key={benefit}>{benefit}</li>
      ))}
    </ul>
  );
}

/** How a paid tier is opened: through customer service, the phone as a link to dial. */
export function OpenThroughService({ tier }: { tier: CatalogueTier }) {
  const { phone } = useServiceContact();
  const current = useSession().member_info?.level === tier.level;
  if (current) {
    return (
      <p className="goods-order">
        <span className="tag tag-primary">当前等级</span>
      </p>
    );
  }
  if (!isPaidLevel(tier.level)) return <p className="goods-order muted">注册即享</p>;
  return (
    <div className="goods-order">
      {phone ? (
        <a className="button button-primary" href={telHref(phone)}>
          {`联系客服开通 ${phone}`}
        </a>
      ) : (
        <p className="muted">请联系客服开通</p>
      )}
    </div>
  );
}

/** /goods without goods: every tier as a card. */
export function TierCatalogue() {
  const tiers = useCatalogueTiers();
  return (
    <ul className="goods-grid">
      {tiers.map((tier) => (
        <li key={tier.level} className={tier.level === '2' ? 'goods-card is-vip' : 'goods-card'}>
          <h3 className="goods-card-name">
            {isPaidLevel(tier.level) ? <RouteLink to={tierPath(tier.level)}>{tier.name}</RouteLink> : tier.name}
          </h3>
          <TierBenefits tier={tier} back="/goods" />
          <OpenThroughService tier={tier} />
        </li>
      ))}
    </ul>
  );
}

/** 开通说明 without online orders: customer service takes the payment and opens the tier. */
export function ServiceNotes() {
  return (
    <section className="goods-group" aria-labelledby="goods-notes-title">
      <h2 id="goods-notes-title" className="section-title">
        开通说明
      </h2>
      <p>本站不在线收款，会员由客服人工开通。</p>
      <ol className="goods-notes">
        <li>选择会员等级，联系客服说明要开通的等级和期限。</li>
        <li>按客服提供的方式付款。</li>
        <li>客服确认到账后开通，会员有效期显示在会员中心。</li>
        <li>会员有效期内可查看全部项目和招标的联系方式。</li>
      </ol>
    </section>
  );
}
