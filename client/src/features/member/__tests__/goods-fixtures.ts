/** Goods and tiers as the backend answers them, for the desktop tier pages' and the phone's 会员服务 tests. */
import type { Goods, MemberTier } from '@shared/member/types';

/** A 30-day short pass at ¥99, changed by `patch`. */
export const goods = (id: number, patch: Partial<Goods>): Goods => ({
  id,
  name: '',
  type: 'duan',
  level: '1',
  days: 30,
  score: 0,
  price: 99,
  originalPrice: null,
  description: '',
  benefits: [],
  sort: id,
  ...patch,
});

export const TIERS: MemberTier[] = [
  { level: '0', name: '普通会员', benefits: ['使用积分查看联系方式'], viewAllContacts: false },
  { level: '1', name: '短期会员', benefits: ['有效期内查看全部联系方式'], viewAllContacts: true },
  { level: '2', name: 'VIP会员', benefits: ['专属客服服务'], viewAllContacts: true },
];
