/**
 * The three tier pages (DOMAIN.md): /user/vipuser (VIP 会员, yearly), /user/duanMember (短期会员,
 * month/quarter passes) and /user/chargeMember (积分套餐). Each shows where the member stands,
 * what the tiers include (`/cms/member/list`), the products of its kind from goods, ordering, and
 * the member's orders with their state.
 */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';
import { RouteLink } from '../../../components/route-link';
import type { Goods, GoodsType, MemberLevel, Order } from '@shared/member/types';
import { ORDER_STATUS } from '../../goods/components/ordering';
import { OrderCancelButton } from '../../goods/components/order-cancel';
import { DICT_TYPES } from '@shared/system/types';
import { formatCount, formatYuan } from '@shared/format';
import { parseTime } from '@shared/time';
import { goodsListQueryOptions } from '../../goods/api';
import { useHttp } from '../../../lib/http/context';
import { memberOrdersQueryOptions, memberTiersQueryOptions, fetchFresh, loadMemberChrome } from '../api';
import { DictLabel, DictTag } from '../../../components/dict-label';
import { EmptyState } from '../../../components/empty-state';
import { ServiceContact, prefetchServiceContact } from '../../../components/service-contact';
import type { AppDeps } from '../../../lib/page';
import { useSession } from '../../../lib/session';
import { daysLeft } from '../tier-expiry';
import { MemberPage, MemberSection } from '../../../components/member-area/member-page';
import { TwoLineCell } from '../../../components/member-area/member-table';
import { TierOffer } from './tier-offer';
import { hasCapability, useHasCapability } from '../../../lib/capabilities';

const ORDERS = { pageSize: 10 } as const;

export function loadTierPage(deps: AppDeps): Promise<unknown> {
  return Promise.all([
    // Goods are an extension: a spec-only backend has no offer to show (the page says to call us).
    hasCapability(deps, 'goods') ? deps.queryClient.ensureQueryData(goodsListQueryOptions(deps.http)) : null,
    deps.queryClient.ensureQueryData(memberTiersQueryOptions(deps.http)),
    fetchFresh(deps, memberOrdersQueryOptions(deps.http, ORDERS)),
    prefetchServiceContact(deps.queryClient, deps.http),
    loadMemberChrome(deps, [DICT_TYPES.memberLevel]),
  ]);
}

const ORDER_COLUMNS: TableColumnsType<Order> = [
  { title: '订单号', dataIndex: 'orderNo', key: 'orderNo', width: 200 },
  { title: '商品', dataIndex: 'goodsName', key: 'goodsName' },
  { title: '金额', key: 'price', width: 80, render: (_, order) => formatYuan(order.price) },
  {
    title: '状态',
    key: 'status',
    width: 80,
    // A pending order's 取消订单 sits under its state: the table has no room for another column.
    render: (_, order) => (
      <div className="order-state">
        <span className={`tag tag-${ORDER_STATUS[order.status].tone}`}>{ORDER_STATUS[order.status].label}</span>
        <OrderCancelButton order={order} />
      </div>
    ),
  },
  {
    title: '时间',
    key: 'time',
    width: 160,
    render: (_, order) => (
      <TwoLineCell
        main={`下单 ${parseTime(order.createTime, 'YYYY-MM-DD HH:mm')}`}
        sub={order.confirmTime && `开通 ${parseTime(order.confirmTime, 'YYYY-MM-DD HH:mm')}`}
      />
    ),
  },
];

interface TierPageProps {
  title: string;
  intro: string;
  goodsType: GoodsType;
  /** The tier this page sells (highlighted in the comparison); null for points. */
  level: MemberLevel | null;
}

function Standing({ now }: { now: number }) {
  const user = useSession().member_info;
  if (!user) return null;
  const remaining = daysLeft(user.levelExpireTime, now);
  return (
    <div className="standing">
      <div>
        <span className="standing-label">当前等级</span>
        <span className="standing-value">
          <DictTag type={DICT_TYPES.memberLevel} value={user.level} />
        </span>
        <span className="standing-note">
          {remaining !== null
            ? `有效期至 ${parseTime(user.levelExpireTime, 'YYYY-MM-DD')}，剩余 ${remaining} 天`
            : '未开通会员，查看联系方式需消耗积分'}
        </span>
      </div>
      <div>
        <span className="standing-label">积分余额</span>
        <span className="standing-value standing-score">{formatCount(user.score)}</span>
        <RouteLink className="standing-note" to="/user/logscore">
          查看积分日志
        </RouteLink>
      </div>
    </div>
  );
}

/** The goods of one type, in order; none when the backend has no goods (capability `goods`). */
function useOfferedGoods(goodsType: TierPageProps['goodsType']): Goods[] {
  const http = useHttp();
  const offered = useHasCapability('goods');
  const all = useQuery({ ...goodsListQueryOptions(http), enabled: offered }).data ?? [];
  return offered ? all.filter((g) => g.type === goodsType).sort((a, b) => a.sort - b.sort) : [];
}

export function TierPage({ title, intro, goodsType, level }: TierPageProps) {
  const http = useHttp();
  const goods = useOfferedGoods(goodsType);
  const tiers = useSuspenseQuery(memberTiersQueryOptions(http)).data.rows;
  const orders = useSuspenseQuery(memberOrdersQueryOptions(http, ORDERS));
  const memberLevel = useSession().member_info?.level ?? '0';

  return (
    <MemberPage title={title} intro={intro}>
      <Standing now={orders.dataUpdatedAt} />
      <MemberSection title={goodsType === 'score' ? '积分套餐' : '开通套餐'}>
        {goods.length > 0 ? (
          <TierOffer goods={goods} level={memberLevel} />
        ) : (
          <EmptyState compact>
            <p>暂无可购买的套餐，请联系客服。</p>
          </EmptyState>
        )}
      </MemberSection>
      <MemberSection title="会员权益对比">
        <ul className="tier-compare">
          {tiers.map((tier) => (
            <li key={tier.level} className={tier.level === level ? 'tier-column is-current' : 'tier-column'}>
              <p className="tier-column-name">
                <DictLabel type={DICT_TYPES.memberLevel} value={tier.level} />
                {tier.level === memberLevel ? <span className="tag tag-primary">当前</span> : null}
              </p>
              <ul>
                {tier.benefits.map((benefit) => (
                  <li key={benefit}>{benefit}</li>
                ))}
              </ul>
              <p className="tier-column-contact">{tier.viewAllContacts ? '免积分查看全部联系方式' : '按条消耗积分查看联系方式'}</p>
            </li>
          ))}
        </ul>
      </MemberSection>
      <div className="tier-bottom">
        <MemberSection title="我的订单">
          <Table<Order>
            className="member-table"
            rowKey="id"
            columns={ORDER_COLUMNS}
            dataSource={orders.data.rows}
            pagination={false}
            size="small"
            locale={{
              emptyText: (
                <EmptyState compact>
                  <p>还没有订单</p>
                </EmptyState>
              ),
            }}
          />
        </MemberSection>
        <div className="tier-help">
          <section className="member-section">
            <h2 className="member-section-title">如何付款</h2>
            <ol className="pay-steps">
              <li>选择套餐，点击“立即开通”提交订单；</li>
              <li>联系客服付款，并告知订单号；</li>
              <li>客服确认到账后开通，会员有效期或积分即时生效。</li>
            </ol>
          </section>
          <ServiceContact title="联系客服" />
        </div>
      </div>
    </MemberPage>
  );
}
