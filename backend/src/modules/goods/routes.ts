/**
 * Goods and orders (extensions, DOMAIN.md): tier passes and points packages; a member's order is
 * pending until staff confirm payment through the admin-token endpoint, which grants the tier days
 * (extending a tier still running) or the points — order, tier and score log in one transaction.
 */
import { randomInt } from 'node:crypto';
import type { AjaxResult, TableDataInfo } from '@shared/contract/common';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { AdminOrder, Goods, MemberLevel, Order } from '@shared/member/types';
import { addDays, formatDateTime, parseLocalDateTime } from '../../clock';
import type { AppContext } from '../../context';
import type { Statements } from '../../db/connection';
import { pagedTable } from '../../db/paging';
import { SCORE_TYPES } from '../../db/seed/dictionaries';
import { invalid, notFound, success } from '../../envelope';
import type { Routes } from '../../routing';
import { memberAccess } from '../member/access';
import { changeScore } from '../score/ledger';

const MSG_GOODS_NOT_FOUND = '商品不存在或已下架';
const MSG_ORDER_NOT_FOUND = '订单不存在';

interface GoodsRow extends Omit<Goods, 'price' | 'originalPrice' | 'benefits'> {
  priceFen: number;
  originalFen: number | null;
  benefits: string;
}

const GOODS_COLUMNS = `id, name, type, level, days, score, price_fen AS priceFen, original_fen AS originalFen,
  description, benefits, sort`;

const yuan = (fen: number) => fen / 100;

function toGoods({ priceFen, originalFen, benefits, ...rest }: GoodsRow): Goods {
  return {
    ...rest,
    price: yuan(priceFen),
    originalPrice: originalFen === null ? null : yuan(originalFen),
    benefits: JSON.parse(benefits) as string[],
  };
}

function findGoods(sql: Statements, id: number): Goods | undefined {
  const row = sql.get<[number], GoodsRow>(`SELECT ${GOODS_COLUMNS} FROM goods WHERE id = ? AND status = '0'`).get(id);
  return row && toGoods(row);
}

interface OrderRow extends Omit<Order, 'price'> {
  priceFen: number;
}

const ORDER_COLUMNS = `o.id, o.order_no AS orderNo, o.goods_id AS goodsId, o.goods_name AS goodsName, o.goods_type AS goodsType,
  o.price_fen AS priceFen, o.status, o.create_time AS createTime, o.confirm_time AS confirmTime`;

const toOrder = ({ priceFen, ...rest }: OrderRow): Order => ({ ...rest, price: yuan(priceFen) });

/** An order and who placed it. */
function findOrder(sql: Statements, where: string, ...params: (string | number)[]): { order: Order; memberId: number } | undefined {
  const row = sql
    .get<(string | number)[], OrderRow & { memberId: number }>(
      `SELECT ${ORDER_COLUMNS}, o.member_id AS memberId FROM cms_order o WHERE ${where}`,
    )
    .get(...params);
  if (!row) return undefined;
  const { memberId, ...order } = row;
  return { order: toOrder(order), memberId };
}

/** SD + time + 6 random digits; unique, retried on the rare collision. */
function newOrderNo(sql: Statements, now: Date): string {
  for (;;) {
    const orderNo = `SD${formatDateTime(now).replace(/\D/g, '')}${String(randomInt(1_000_000)).padStart(6, '0')}`;
    if (!sql.get<[string], { id: number }>('SELECT id FROM cms_order WHERE order_no = ?').get(orderNo)) return orderNo;
  }
}

const rank = (level: MemberLevel) => Number(level);

export function registerGoodsRoutes(routes: Routes, ctx: AppContext): void {
  const { sql, db } = ctx;
  routes.open(ENDPOINTS.goodsList, (_req, { query: q }): TableDataInfo<Goods> => {
    const where = q.type ? "status = '0' AND type = ?" : "status = '0'";
    const result = pagedTable<GoodsRow>(
      sql,
      {
        count: `SELECT count(*) AS n FROM goods WHERE ${where}`,
        rows: `SELECT ${GOODS_COLUMNS} FROM goods WHERE ${where} ORDER BY sort, id LIMIT ? OFFSET ?`,
        params: q.type ? [q.type] : [],
      },
      q,
    );
    return { ...result, rows: result.rows.map(toGoods) };
  });

  routes.open(ENDPOINTS.goodsDetail, (_req, { params: { id } }): AjaxResult<Goods> => {
    const goods = findGoods(sql, id);
    if (!goods) throw notFound(MSG_GOODS_NOT_FOUND);
    return success(goods);
  });

  /** A pending order; asking again for the same goods returns the pending order (no duplicates). */
  routes.member(ENDPOINTS.createOrder, (_req, session, { body: { goodsId } }): AjaxResult<Order> => {
    const now = ctx.clock();
    return db.transaction(() => {
      const goods = findGoods(sql, goodsId);
      if (!goods) throw notFound(MSG_GOODS_NOT_FOUND);
      const access = memberAccess(sql, session.memberId, now);
      if (goods.level !== null && rank(access.level) > rank(goods.level)) throw invalid('您当前的会员等级高于该商品，无需购买');
      const pending = findOrder(
        sql,
        "o.member_id = ? AND o.goods_id = ? AND o.status = 'pending' ORDER BY o.id DESC LIMIT 1",
        session.memberId,
        goodsId,
      );
      if (pending) return success(pending.order, '您已有该商品的待支付订单，请联系客服完成支付');
      ctx.quotas.ensureRoom(session.memberId, 'pendingOrders');
      const { id } = sql
        .get<(string | number)[], { id: number }>(
          `INSERT INTO cms_order (order_no, member_id, goods_id, goods_name, goods_type, price_fen, status, create_time)
           VALUES (?, ?, ?, ?, ?, ?, 'pending', ?) RETURNING id`,
        )
        .get(newOrderNo(sql, now), session.memberId, goods.id, goods.name, goods.type, Math.round(goods.price * 100), formatDateTime(now))!;
      return success(findOrder(sql, 'o.id = ?', id)!.order, '订单已创建，请联系客服完成支付');
    })();
  });

  routes.member(ENDPOINTS.memberOrders, (_req, session, { query }): TableDataInfo<Order> => {
    const result = pagedTable<OrderRow>(
      sql,
      {
        count: 'SELECT count(*) AS n FROM cms_order WHERE member_id = ?',
        rows: `SELECT ${ORDER_COLUMNS} FROM cms_order o WHERE o.member_id = ? ORDER BY o.id DESC LIMIT ? OFFSET ?`,
        params: [session.memberId],
      },
      query,
    );
    return { ...result, rows: result.rows.map(toOrder) };
  });

  routes.admin(ENDPOINTS.adminOrders, (_req, { query: q }): TableDataInfo<AdminOrder> => {
    const where = q.status ? 'WHERE o.status = ?' : '';
    const result = pagedTable<OrderRow & { memberId: number; userName: string }>(
      sql,
      {
        count: `SELECT count(*) AS n FROM cms_order o ${where}`,
        rows: `SELECT ${ORDER_COLUMNS}, o.member_id AS memberId, m.user_name AS userName
               FROM cms_order o JOIN member m ON m.id = o.member_id ${where} ORDER BY o.id DESC LIMIT ? OFFSET ?`,
        params: q.status ? [q.status] : [],
      },
      q,
    );
    return {
      ...result,
      rows: result.rows.map((row) => ({ ...toOrder(row), memberId: row.memberId, userName: row.userName })),
    };
  });

  routes.admin(ENDPOINTS.confirmOrder, (_req, { params: { id } }): AjaxResult<Order> => {
    const now = ctx.clock();
    return db.transaction(() => {
      const found = findOrder(sql, 'o.id = ?', id);
      if (!found) throw notFound(MSG_ORDER_NOT_FOUND);
      const { order, memberId } = found;
      if (order.status === 'paid') return success(order, '订单已确认，无需重复操作');
      if (order.status === 'cancelled') throw invalid('订单已取消，不能确认');
      const goods = sql.get<[number], GoodsRow>(`SELECT ${GOODS_COLUMNS} FROM goods WHERE id = ?`).get(order.goodsId);
      if (!goods) throw notFound(MSG_GOODS_NOT_FOUND);

      if (goods.level !== null && goods.days > 0) {
        const access = memberAccess(sql, memberId, now);
        // A running tier at least as high is extended from its expiry; otherwise the new tier starts now.
        const extend = access.levelExpireTime !== null && rank(access.level) >= rank(goods.level);
        const start = extend ? parseLocalDateTime(access.levelExpireTime!)! : now;
        sql
          .get('UPDATE member SET level = ?, level_expire_time = ? WHERE id = ?')
          .run(extend ? access.level : goods.level, formatDateTime(addDays(start, goods.days)), memberId);
      }
      if (goods.score > 0) {
        changeScore(sql, memberId, goods.score, SCORE_TYPES.purchase.value, `购买${goods.name}（订单 ${order.orderNo}）`, now);
      }
      sql.get("UPDATE cms_order SET status = 'paid', confirm_time = ? WHERE id = ?").run(formatDateTime(now), order.id);
      return success(findOrder(sql, 'o.id = ?', order.id)!.order, '订单已确认，权益已发放');
    })();
  });
}
