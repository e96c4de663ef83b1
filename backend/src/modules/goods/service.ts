/**
 * Goods and orders (extensions, DOMAIN.md): tier passes and points packages; a member's order is
 * pending until staff confirm payment through the admin-token endpoint, which grants the tier days
 * (extending a tier still running) or the points — order, tier and score log in one transaction.
 */
import { randomInt } from 'node:crypto';
import type { Goods, MemberLevel, Order } from '@shared/member/types';
import { addDays, formatDateTime, parseLocalDateTime } from '../../clock';
import type { AppContext } from '../../context';
import { invalid, notFound } from '../../envelope';
import { SCORE_TYPES } from '../../reference/dictionaries';
import { memberAccess } from '../member/access';
import { changeScore } from '../score/ledger';
import * as q from './queries';

const MSG_GOODS_NOT_FOUND = '商品不存在或已下架';
const MSG_ORDER_NOT_FOUND = '订单不存在';

const yuan = (fen: number) => fen / 100;

export function toGoods({ priceFen, originalFen, benefits, ...rest }: q.GoodsRow): Goods {
  return {
    ...rest,
    price: yuan(priceFen),
    originalPrice: originalFen === null ? null : yuan(originalFen),
    benefits: JSON.parse(benefits) as string[],
  };
}

export const toOrder = ({ priceFen, ...rest }: q.OrderRow): Order => ({ ...rest, price: yuan(priceFen) });

/** Goods on sale, or 404. */
export function goodsDetail(ctx: AppContext, id: number): Goods {
  const row = q.findGoods(ctx.sql, id, true);
  if (!row) throw notFound(MSG_GOODS_NOT_FOUND);
  return toGoods(row);
}

/** An order and who placed it. */
function orderOf({ memberId, ...order }: q.OrderWithMember): { order: Order; memberId: number } {
  return { order: toOrder(order), memberId };
}

function findOrder(ctx: AppContext, id: number): { order: Order; memberId: number } | undefined {
  const row = q.findOrder.get(ctx.sql, { id });
  return row && orderOf(row);
}

/** SD + time + 6 random digits; unique, retried on the rare collision. */
function newOrderNo(ctx: AppContext, now: Date): string {
  for (;;) {
    const orderNo = `SD${formatDateTime(now).replace(/\D/g, '')}${String(randomInt(1_000_000)).padStart(6, '0')}`;
    if (!q.orderByNo.get(ctx.sql, { orderNo })) return orderNo;
  }
}

const rank = (level: MemberLevel) => Number(level);

/** A pending order; asking again for the same goods returns the pending order (`created` false, no duplicates). */
export function createOrder(ctx: AppContext, memberId: number, goodsId: number): { order: Order; created: boolean } {
  const now = ctx.clock();
  return ctx.db.transaction(() => {
    const goods = goodsDetail(ctx, goodsId);
    const access = memberAccess(ctx.sql, memberId, now);
    if (goods.level !== null && rank(access.level) > rank(goods.level)) throw invalid('您当前的会员等级高于该商品，无需购买');
    const pending = q.pendingOrder.get(ctx.sql, { memberId, goodsId });
    if (pending) return { order: orderOf(pending).order, created: false };
    ctx.quotas.ensureRoom(memberId, 'pendingOrders');
    const { id } = q.insertOrder.get(ctx.sql, {
      orderNo: newOrderNo(ctx, now),
      memberId,
      goodsId: goods.id,
      goodsName: goods.name,
      goodsType: goods.type,
      priceFen: Math.round(goods.price * 100),
      createTime: formatDateTime(now),
    })!;
    return { order: findOrder(ctx, id)!.order, created: true };
  })();
}

/**
 * The member cancels one of their pending orders (`cancelled` false when it already was). A paid
 * order cannot be cancelled; another member's order is not found.
 */
export function cancelOrder(ctx: AppContext, memberId: number, id: number): { order: Order; cancelled: boolean } {
  return ctx.db.transaction(() => {
    const found = findOrder(ctx, id);
    if (!found || found.memberId !== memberId) throw notFound(MSG_ORDER_NOT_FOUND);
    if (found.order.status === 'cancelled') return { order: found.order, cancelled: false };
    if (found.order.status === 'paid') throw invalid('订单已开通，不能取消');
    q.markCancelled.run(ctx.sql, { id });
    return { order: findOrder(ctx, id)!.order, cancelled: true };
  })();
}

/** Staff confirm payment: the tier or the points are granted once (`granted` false when already paid). */
export function confirmOrder(ctx: AppContext, id: number): { order: Order; granted: boolean } {
  const now = ctx.clock();
  return ctx.db.transaction(() => {
    const found = findOrder(ctx, id);
    if (!found) throw notFound(MSG_ORDER_NOT_FOUND);
    const { order, memberId } = found;
    if (order.status === 'paid') return { order, granted: false };
    if (order.status === 'cancelled') throw invalid('订单已取消，不能确认');
    const goods = q.findGoods(ctx.sql, order.goodsId, false);
    if (!goods) throw notFound(MSG_GOODS_NOT_FOUND);

    if (goods.level !== null && goods.days > 0) {
      const access = memberAccess(ctx.sql, memberId, now);
      // A running tier at least as high is extended from its expiry; otherwise the new tier starts now.
      const extend = access.levelExpireTime !== null && rank(access.level) >= rank(goods.level);
      const start = extend ? parseLocalDateTime(access.levelExpireTime!)! : now;
      const level = extend ? access.level : goods.level;
      q.setMemberLevel.run(ctx.sql, { memberId, level, expireTime: formatDateTime(addDays(start, goods.days)) });
    }
    if (goods.score > 0) {
      changeScore(ctx.sql, memberId, goods.score, SCORE_TYPES.purchase.value, `购买${goods.name}（订单 ${order.orderNo}）`, now);
    }
    q.markPaid.run(ctx.sql, { id: order.id, confirmTime: formatDateTime(now) });
    return { order: findOrder(ctx, order.id)!.order, granted: true };
  })();
}
