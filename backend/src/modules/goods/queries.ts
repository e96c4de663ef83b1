/** Goods and orders' SQL: prices are stored in 分 and read in 元 by the service. */
import type { AdminOrder, Goods, GoodsType, MemberLevel, Order, OrderStatus } from '@shared/member/types';
import { Query, type Params, type Statements } from '../../db/connection';
import type { PagedQuery } from '../../db/paging';

export interface GoodsRow extends Omit<Goods, 'price' | 'originalPrice' | 'benefits'> {
  priceFen: number;
  originalFen: number | null;
  benefits: string;
}

const GOODS_COLUMNS = `id, name, type, level, days, score, price_fen AS priceFen, original_fen AS originalFen,
  description, benefits, sort`;

export interface OrderRow extends Omit<Order, 'price'> {
  priceFen: number;
}

const ORDER_COLUMNS = `o.id, o.order_no AS orderNo, o.goods_id AS goodsId, o.goods_name AS goodsName, o.goods_type AS goodsType,
  o.price_fen AS priceFen, o.status, o.create_time AS createTime, o.confirm_time AS confirmTime`;

/** Goods on sale, of one type when given, in their display order. */
export function goodsList(type: GoodsType | undefined): PagedQuery {
  const where = type ? "status = '0' AND type = @type" : "status = '0'";
  return {
    count: `SELECT count(*) AS n FROM goods WHERE ${where}`,
    rows: `SELECT ${GOODS_COLUMNS} FROM goods WHERE ${where} ORDER BY sort, id LIMIT @pageSize OFFSET @offset`,
    params: type ? { type } : {},
  };
}

/** Goods by id; `onSale` leaves out goods taken off sale. */
export function findGoods(sql: Statements, id: number, onSale: boolean): GoodsRow | undefined {
  const text = `SELECT ${GOODS_COLUMNS} FROM goods WHERE id = @id${onSale ? " AND status = '0'" : ''}`;
  return sql.get<{ id: number }, GoodsRow>(text).get({ id });
}

export type OrderWithMember = OrderRow & { memberId: number };

const ORDER_SQL = `SELECT ${ORDER_COLUMNS}, o.member_id AS memberId FROM cms_order o`;

export const findOrder = new Query<{ id: number }, OrderWithMember>(`${ORDER_SQL} WHERE o.id = @id`);

/** The member's newest pending order of these goods. */
export const pendingOrder = new Query<{ memberId: number; goodsId: number }, OrderWithMember>(
  `${ORDER_SQL} WHERE o.member_id = @memberId AND o.goods_id = @goodsId AND o.status = 'pending' ORDER BY o.id DESC LIMIT 1`,
);

export const orderByNo = new Query<{ orderNo: string }, { id: number }>('SELECT id FROM cms_order WHERE order_no = @orderNo');

export interface NewOrder {
  orderNo: string;
  memberId: number;
  goodsId: number;
  goodsName: string;
  goodsType: GoodsType;
  priceFen: number;
  createTime: string;
}

export const insertOrder = new Query<NewOrder, { id: number }>(
  `INSERT INTO cms_order (order_no, member_id, goods_id, goods_name, goods_type, price_fen, status, create_time)
   VALUES (@orderNo, @memberId, @goodsId, @goodsName, @goodsType, @priceFen, 'pending', @createTime) RETURNING id`,
);

export const markPaid = new Query<{ id: number; confirmTime: string }>(
  "UPDATE cms_order SET status = 'paid', confirm_time = @confirmTime WHERE id = @id",
);

/** Cancels a pending order; a paid or cancelled one is left as it is. */
export const markCancelled = new Query<{ id: number }>("UPDATE cms_order SET status = 'cancelled' WHERE id = @id AND status = 'pending'");

export const setMemberLevel = new Query<{ memberId: number; level: MemberLevel; expireTime: string }>(
  'UPDATE member SET level = @level, level_expire_time = @expireTime WHERE id = @memberId',
);

/** A member's orders, newest first. */
export function memberOrders(memberId: number): PagedQuery {
  return {
    count: 'SELECT count(*) AS n FROM cms_order WHERE member_id = @memberId',
    rows: `SELECT ${ORDER_COLUMNS} FROM cms_order o WHERE o.member_id = @memberId ORDER BY o.id DESC LIMIT @pageSize OFFSET @offset`,
    params: { memberId },
  };
}

export type AdminOrderRow = OrderRow & Pick<AdminOrder, 'memberId' | 'userName'>;

/** Every member's orders, of one status when given, newest first. */
export function adminOrders(status: OrderStatus | undefined): PagedQuery {
  const where = status ? 'WHERE o.status = @status' : '';
  const params: Params = status ? { status } : {};
  return {
    count: `SELECT count(*) AS n FROM cms_order o ${where}`,
    rows: `SELECT ${ORDER_COLUMNS}, o.member_id AS memberId, m.user_name AS userName
           FROM cms_order o JOIN member m ON m.id = o.member_id ${where} ORDER BY o.id DESC LIMIT @pageSize OFFSET @offset`,
    params,
  };
}
