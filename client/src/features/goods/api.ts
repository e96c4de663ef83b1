/**
 * Goods and orders (extension endpoints, docs/api.md): the tier passes and points packages of
 * /goods. Ordering creates a pending order that staff confirm once paid (DOMAIN.md).
 */
import { queryOptions } from '@tanstack/react-query';
import { MEMBER_ENDPOINTS } from '@shared/member/endpoints';
import type { CreateOrderBody, Goods, Order } from '@shared/member/types';
import { NO_TOKEN, type Http } from '../../lib/http/http';

export const goodsKeys = {
  all: ['goods'] as const,
  list: () => [...goodsKeys.all, 'list'] as const,
  detail: (id: number) => [...goodsKeys.all, 'detail', id] as const,
};

/** Prices and products change rarely. */
const GOODS_STALE_MS = 5 * 60_000;

/** GET /api/cms/goods/list — every product on sale, in display order. */
export async function getGoodsList(http: Http): Promise<Goods[]> {
  const body = await http.call(MEMBER_ENDPOINTS.goodsList, { ...NO_TOKEN.publicRead });
  return body.rows ?? [];
}

export const goodsListQueryOptions = (http: Http) =>
  queryOptions({ queryKey: goodsKeys.list(), queryFn: () => getGoodsList(http), staleTime: GOODS_STALE_MS });

/** GET /api/cms/goods/{id} — one product. */
export async function getGoods(http: Http, id: number): Promise<Goods> {
  const body = await http.call(MEMBER_ENDPOINTS.goodsDetail, { path: { id }, ...NO_TOKEN.publicRead });
  return body.data;
}

export const goodsQueryOptions = (http: Http, id: number) =>
  queryOptions({ queryKey: goodsKeys.detail(id), queryFn: () => getGoods(http, id), staleTime: GOODS_STALE_MS });

/** POST /cms/order/{id}/cancel — the member cancels a pending order of theirs. */
export async function cancelOrder(http: Http, id: number): Promise<Order> {
  const result = await http.call(MEMBER_ENDPOINTS.cancelOrder, { path: { id } });
  return result.data;
}

/** POST /cms/order/create — a pending order for the member; payment is confirmed by staff. */
export async function createOrder(http: Http, body: CreateOrderBody): Promise<Order> {
  const result = await http.call(MEMBER_ENDPOINTS.createOrder, { data: body });
  return result.data;
}
