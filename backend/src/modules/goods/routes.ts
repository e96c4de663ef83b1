/** Goods and orders (extensions): the HTTP side of service.ts. */
import type { AjaxResult, TableDataInfo } from '@shared/contract/common';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { AdminOrder, Goods, Order } from '@shared/member/types';
import type { AppContext } from '../../context';
import { pagedTable } from '../../db/paging';
import { success } from '../../envelope';
import type { Routes } from '../../routing';
import { adminOrders, goodsList, memberOrders, type AdminOrderRow, type GoodsRow, type OrderRow } from './queries';
import { cancelOrder, confirmOrder, createOrder, goodsDetail, toGoods, toOrder } from './service';

export function registerGoodsRoutes(routes: Routes, ctx: AppContext): void {
  routes.open(ENDPOINTS.goodsList, (_req, { query }): TableDataInfo<Goods> => {
    const result = pagedTable<GoodsRow>(ctx.sql, goodsList(query.type), query);
    return { ...result, rows: result.rows.map(toGoods) };
  });

  routes.open(ENDPOINTS.goodsDetail, (_req, { params: { id } }): AjaxResult<Goods> => success(goodsDetail(ctx, id)));

  routes.member(ENDPOINTS.createOrder, (_req, session, { body: { goodsId } }): AjaxResult<Order> => {
    const { order, created } = createOrder(ctx, session.memberId, goodsId);
    return success(order, created ? '订单已创建，请联系客服完成支付' : '您已有该商品的待支付订单，请联系客服完成支付');
  });

  routes.member(ENDPOINTS.cancelOrder, (_req, session, { params: { id } }): AjaxResult<Order> => {
    const { order, cancelled } = cancelOrder(ctx, session.memberId, id);
    return success(order, cancelled ? '订单已取消' : '订单已取消，无需重复操作');
  });

  routes.member(ENDPOINTS.memberOrders, (_req, session, { query }): TableDataInfo<Order> => {
    const result = pagedTable<OrderRow>(ctx.sql, memberOrders(session.memberId), query);
    return { ...result, rows: result.rows.map(toOrder) };
  });

  routes.admin(ENDPOINTS.adminOrders, (_req, { query }): TableDataInfo<AdminOrder> => {
    const result = pagedTable<AdminOrderRow>(ctx.sql, adminOrders(query.status), query);
    return { ...result, rows: result.rows.map((row) => ({ ...toOrder(row), memberId: row.memberId, userName: row.userName })) };
  });

  routes.admin(ENDPOINTS.confirmOrder, (_req, { params: { id } }): AjaxResult<Order> => {
    const { order, granted } = confirmOrder(ctx, id);
    return success(order, granted ? '订单已确认，权益已发放' : '订单已确认，无需重复操作');
  });
}
