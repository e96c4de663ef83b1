/**
 * 会员服务 on the phone ("membership"): where the member stands, the packages on offer
 * with ordering in place, the member's orders (a pending one cancelled as on the desktop), what
 * each tier includes, and how to pay. The same
 * calls and ordering rules as the desktop tier pages (goods/components/ordering.tsx); the phone asks
 * for confirmation inside the package's card instead of a dialog. Goods are an extension: against
 * a backend without them the page offers the service phone instead.
 *
 * `#score` is the points packages (积分套餐): the contact block's 去充值 on a mobile detail lands there.
 */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Goods, MemberLevel, Order } from '@shared/member/types';
import { DICT_TYPES } from '@shared/system/types';
import { formatCount, formatYuan, telHref } from '@shared/format';
import { MOBILE_PATHS, MOBILE_SECTIONS } from '@shared/routes';
import { parseTime } from '@shared/time';
import { goodsListQueryOptions } from '../../goods/api';
import { useHttp } from '../../../lib/http/context';
import { memberOrdersQueryOptions, memberTiersQueryOptions, fetchFresh } from '../api';
import { dictLabel, prefetchDicts } from '../../../lib/system';
import { useDict } from '../../../components/dict-label';
import { RouteLink } from '../../../components/route-link';
import { prefetchServiceContact, useServiceContact } from '../../../components/service-contact';
import { hasCapability, useHasCapability } from '../../../lib/capabilities';
import type { PageLoadArgs } from '../../../lib/page';
import { useSession } from '../../../lib/session';
import {
  ORDER_STATUS,
  OrderNotice,
  goodsUnit,
  isDiscounted,
  orderActionLabel,
  orderConfirmation,
  outranked,
  useCreateOrder,
} from '../../goods/components/ordering';
import { OrderCancelButton } from '../../goods/components/order-cancel';
import { MobileMemberPage } from '../../../components/mobile/m-member-page';
import { daysLeft } from '../tier-expiry';

/** The newest orders; the rest are on the desktop page (its 在电脑版查看全部). */
const ORDERS = { pageNum: 1, pageSize: 10 } as const;

export function load({ deps }: PageLoadArgs) {
  const { queryClient, http } = deps;
  return Promise.all([
    hasCapability(deps, 'goods') ? queryClient.ensureQueryData(goodsListQueryOptions(http)) : null,
    queryClient.ensureQueryData(memberTiersQueryOptions(http)),
    // Staff may have confirmed an order since the last visit: the orders and the standing are asked anew.
    fetchFresh(deps, memberOrdersQueryOptions(http, ORDERS)),
    prefetchServiceContact(queryClient, http),
    prefetchDicts(queryClient, http, [DICT_TYPES.memberLevel]),
  ]);
}

function Standing({ now }: { now: number }) {
  const user = useSession().member_info;
  const level = dictLabel(useDict(DICT_TYPES.memberLevel), user?.level);
  const remaining = daysLeft(user?.levelExpireTime ?? null, now);
  return (
    <section className="m-card m-standing" aria-label="我的会员">
      <p>
        <span className="m-muted">当前等级</span>
        <strong>{level || '普通会员'}</strong>
        <span className="m-muted">
          {remaining !== null ? `${parseTime(user?.levelExpireTime, 'YYYY-MM-DD')} 到期，剩余 ${remaining} 天` : '查看联系方式需消耗积分'}
        </span>
      </p>
      <p>
        <span className="m-muted">积分余额</span>
        <strong>{formatCount(user?.score ?? 0)}</strong>
        <RouteLink className="m-standing-link" to={MOBILE_PATHS.points}>
          积分明细
        </RouteLink>
      </p>
    </section>
  );
}

interface OfferProps {
  goods: Goods;
  level: MemberLevel;
  asking: boolean;
  pending: boolean;
  onAsk: (asking: boolean) => void;
  onOrder: () => void;
}

/** One package; "立即开通" turns into the confirmation, in place. */
function Offer({ goods, level, asking, pending, onAsk, onOrder }: OfferProps) {
  const confirmation = orderConfirmation(goods);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  return (
    <li className={goods.type === 'vip' ? 'm-card m-offer is-featured' : 'm-card m-offer'}>
      <h3>
        {goods.name}
        {isDiscounted(goods) ? <span className="m-tag m-tag-deadline">优惠</span> : null}
      </h3>
      <p className="m-offer-price">
        <strong>{formatYuan(goods.price)}</strong> / {goodsUnit(goods)}
        {isDiscounted(goods) ? <del>原价 {formatYuan(goods.originalPrice)}</del> : null}
      </p>
      {goods.description ? <p className="m-muted">{goods.description}</p> : null}
      {goods.benefits.length > 0 ? (
        <ul className="m-benefits">
          {goods.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      ) : null}
      {outranked(goods, level) ? (
        <p className="m-muted">您当前的会员等级更高，无需购买</p>
      ) : asking ? (
        <div className="m-confirm" role="group" aria-label={confirmation.title}>
          <p>{confirmation.content}</p>
          <div className="m-confirm-actions">
            <button type="button" className="m-button" onClick={() => onAsk(false)} disabled={pending}>
              取消
            </button>
            <button ref={confirmRef} type="button" className="m-button m-button-primary" onClick={onOrder} disabled={pending}>
              {pending ? '正在提交…' : confirmation.okText}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="m-button m-button-primary m-button-block" onClick={() => onAsk(true)}>
          {orderActionLabel(goods)}
        </button>
      )}
    </li>
  );
}

/** The packages, tier passes first, then points (`#score`); the notice of the order just placed above them. */
function Offers({ goods }: { goods: readonly Goods[] }) {
  const level = useSession().member_info?.level ?? '0';
  const create = useCreateOrder();
  const [asking, setAsking] = useState<number | null>(null);
  const [order, setOrder] = useState<Order | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // The notice takes the focus: the phone scrolls to it and a screen reader reads it.
  useEffect(() => {
    if (order) noticeRef.current?.focus();
  }, [order]);

  const sorted = [...goods].sort((a, b) => a.sort - b.sort);
  const groups = [
    { id: MOBILE_SECTIONS.tiers, title: '开通会员', items: sorted.filter((g) => g.type !== 'score') },
    { id: MOBILE_SECTIONS.score, title: '积分套餐', items: sorted.filter((g) => g.type === 'score') },
  ];
  const place = (item: Goods) =>
    create.mutate(item, {
      onSuccess(created) {
        setAsking(null);
        setOrder(created);
      },
    });

  return (
    <>
      {order ? (
        <div ref={noticeRef} tabIndex={-1} className="m-focus-target">
          <OrderNotice order={order} className="m-card order-notice">
            <DialService />
          </OrderNotice>
        </div>
      ) : null}
      {groups.map((group) =>
        group.items.length > 0 ? (
          <section key={group.id} id={group.id} className="m-section" aria-labelledby={`${group.id}-title`}>
            <h2 id={`${group.id}-title`} className="m-section-title">
              {group.title}
            </h2>
            <ul className="m-offers">
              {group.items.map((item) => (
                <Offer
                  key={item.id}
                  goods={item}
                  level={level}
                  asking={asking === item.id}
                  pending={create.isPending && create.variables.id === item.id}
                  onAsk={(ask) => setAsking(ask ? item.id : null)}
                  onOrder={() => place(item)}
                />
              ))}
            </ul>
          </section>
        ) : null,
      )}
    </>
  );
}

function Orders() {
  const { rows, total } = useSuspenseQuery(memberOrdersQueryOptions(useHttp(), ORDERS)).data;
  return (
    <section className="m-section" aria-labelledby="orders-title">
      <h2 id="orders-title" className="m-section-title">
        我的订单
      </h2>
      {rows.length === 0 ? (
        <p className="m-empty">还没有订单</p>
      ) : (
        <ul className="m-list">
          {rows.map((order) => (
            <li key={order.id} className="m-row m-row-static">
              <span className="m-row-title">{order.goodsName}</span>
              <span className="m-row-meta">
                <span className={`m-tag m-tag-${ORDER_STATUS[order.status].tone}`}>{ORDER_STATUS[order.status].label}</span>
                <span>{formatYuan(order.price)}</span>
                <time dateTime={order.createTime}>{parseTime(order.createTime, 'YYYY-MM-DD HH:mm')}</time>
              </span>
              <span className="m-row-detail">订单号 {order.orderNo}</span>
              <OrderCancelButton order={order} className="m-button m-order-cancel" />
            </li>
          ))}
        </ul>
      )}
      {total > rows.length ? <p className="m-muted">{`共 ${total} 个订单，更早的订单在电脑版查看`}</p> : null}
    </section>
  );
}

/** The service phone as a button to dial; nothing when none is configured. */
function DialService() {
  const { phone } = useServiceContact();
  return phone ? (
    <a className="m-button m-button-block" href={telHref(phone)}>
      拨打客服电话 {phone}
    </a>
  ) : null;
}

function HowToPay({ offered }: { offered: boolean }) {
  const { contact } = useServiceContact();
  return (
    <section className="m-section" aria-labelledby="pay-title">
      <h2 id="pay-title" className="m-section-title">
        {offered ? '如何付款' : '联系客服开通'}
      </h2>
      <div className="m-card">
        {offered ? (
          <ol className="m-benefits">
            <li>选择套餐，点“立即开通”提交订单；</li>
            <li>联系客服付款，并告知订单号；</li>
            <li>客服确认到账后开通，会员有效期或积分即时生效。</li>
          </ol>
        ) : (
          <p>暂无可在线提交的套餐，请联系客服开通会员或购买积分。</p>
        )}
        <DialService />
        {contact ? <p className="m-muted">{contact}</p> : null}
      </div>
    </section>
  );
}

export function Component() {
  const http = useHttp();
  const offered = useHasCapability('goods');
  const goods = useQuery({ ...goodsListQueryOptions(http), enabled: offered }).data ?? [];
  const tiers = useSuspenseQuery(memberTiersQueryOptions(http)).data.rows ?? [];
  const orders = useSuspenseQuery(memberOrdersQueryOptions(http, ORDERS));
  const level = useSession().member_info?.level;
  return (
    <MobileMemberPage title="会员服务" desktop="/user/vipuser">
      <Standing now={orders.dataUpdatedAt} />
      {offered && goods.length > 0 ? <Offers goods={goods} /> : null}
      <Orders />
      <section className="m-section" aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="m-section-title">
          会员权益
        </h2>
        {tiers.map((tier) => (
          <section key={tier.level} className={tier.level === level ? 'm-card is-current' : 'm-card'} aria-label={tier.name}>
            <h3>
              {tier.name}
              {tier.level === level ? <span className="m-tag">当前</span> : null}
            </h3>
            <ul className="m-benefits">
              {tier.benefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
          </section>
        ))}
      </section>
      <HowToPay offered={offered && goods.length > 0} />
    </MobileMemberPage>
  );
}
