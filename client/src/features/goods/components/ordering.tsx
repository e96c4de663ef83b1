/**
 * Ordering goods (DOMAIN.md), the one set of rules every page that sells uses: /goods and
 * /goods/{id}, the desktop tier pages and the phone's 会员服务. "立即开通" creates a pending order
 * (`POST /cms/order/create`); payment happens outside the portal — the member pays through customer
 * service and staff confirm the order, which grants the tier or the points. Each site asks for
 * confirmation its own way (a dialog on the desktop, in place on the phone); what it says is here.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Goods, MemberLevel, Order, OrderStatus } from '@shared/member/types';
import { formatCount, formatYuan, telHref } from '@shared/format';
import { cancelOrder, createOrder } from '../api';
import { useHttp } from '../../../lib/http/context';
import { memberKeys } from '../../member/api';
import { useServiceContact } from '../../../components/service-contact';

/** What a product gives, in one line: "365 天" or "2,000 积分". */
export function goodsUnit(goods: Goods): string {
  return goods.type === 'score' ? `${formatCount(goods.score)} 积分` : `${goods.days} 天`;
}

/** A running tier above the goods' tier makes buying it pointless; the backend refuses it too. */
export function outranked(goods: Goods, level: MemberLevel): boolean {
  return goods.level !== null && Number(level) > Number(goods.level);
}

export const isDiscounted = (goods: Goods): boolean => goods.originalPrice !== null && goods.originalPrice > goods.price;

/** The button's words: points are bought, tiers opened. */
export const orderActionLabel = (goods: Goods): string => (goods.type === 'score' ? '立即购买' : '立即开通');

/** What the member confirms before an order is created: what is bought, for how much. */
export function orderConfirmation(goods: Goods): { title: string; content: string; okText: string } {
  return {
    title: `开通「${goods.name}」`,
    content: `购买 ${goods.name}（${goodsUnit(goods)}），订单金额 ${formatYuan(goods.price)}。确认后生成待付款订单，请联系客服付款，确认到账后为您开通。`,
    okText: '确认',
  };
}

/** What the member confirms before a pending order is cancelled. */
export function cancelConfirmation(order: Order): { title: string; content: string; okText: string } {
  return {
    title: '取消订单？',
    content: `订单 ${order.orderNo}（${order.goodsName}，${formatYuan(order.price)}）将被取消。如已付款，请先联系客服。`,
    okText: '取消订单',
  };
}

/** Only a pending order can be cancelled (a paid one has been granted). */
export const cancellable = (order: Order): boolean => order.status === 'pending';

export const ORDER_STATUS: Record<OrderStatus, { label: string; tone: 'warning' | 'success' | 'default' }> = {
  pending: { label: '待付款', tone: 'warning' },
  paid: { label: '已开通', tone: 'success' },
  cancelled: { label: '已取消', tone: 'default' },
};

/** Creates the order; the member's order history (开通记录) is fetched again to show it. */
export function useCreateOrder() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goods: Goods): Promise<Order> => createOrder(http, { goodsId: goods.id }),
    onSuccess() {
      void queryClient.invalidateQueries({ queryKey: memberKeys.orderLists() });
    },
  });
}

/** Cancels a pending order; the member's orders are fetched again to show its state. */
export function useCancelOrder() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order): Promise<Order> => cancelOrder(http, order.id),
    onSuccess() {
      void queryClient.invalidateQueries({ queryKey: memberKeys.orderLists() });
    },
  });
}

/** After ordering: the order, and how it is paid (the service phone as a link to dial). */
export function OrderNotice({ order, className = 'order-notice', children }: { order: Order; className?: string; children?: ReactNode }) {
  const { phone, contact } = useServiceContact();
  return (
    <div className={className} role="status">
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
      {contact ? <p className="order-notice-contact">{contact}</p> : null}
      {children}
    </div>
  );
}
