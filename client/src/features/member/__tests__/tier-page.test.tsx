import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shared/member/types';
import { CONFIG_KEYS } from '@shared/system/types';
import { feedback } from '../../../lib/feedback';
import * as duanPage from '../pages/duan-member-page';
import * as vipPage from '../pages/vipuser-page';
import { DEMO_USER, createMemberEnv, ok, renderPage, table, typist, type Answer } from '../../../test/member-harness';
import { TIERS, goods } from './goods-fixtures';

vi.mock('../../../lib/feedback', () => ({
  feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn(), preload: vi.fn(), confirm: vi.fn() },
}));

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.mocked(feedback.confirm).mockReset();
});

const GOODS = [
  goods(1, { name: '月度会员', days: 30, price: 99, benefits: ['30天有效'] }),
  goods(2, { name: '季度会员', days: 90, price: 268, originalPrice: 297 }),
  goods(3, { name: 'VIP年度会员', type: 'vip', level: '2', days: 365, price: 1980 }),
];

const ORDER: Order = {
  id: 5,
  orderNo: 'SD20240612103000123456',
  goodsId: 3,
  goodsName: 'VIP年度会员',
  goodsType: 'vip',
  price: 1980,
  status: 'pending',
  createTime: '2024-06-12 10:30:00',
  confirmTime: null,
};

function setup(user = DEMO_USER, answers: Record<string, Answer> = {}) {
  const env = createMemberEnv(
    {
      'GET /api/cms/goods/list': () => table(GOODS),
      'GET /cms/member/list': () => table(TIERS),
      'GET /cms/member/memberList': () => table([]),
      'GET /cms/baifang/getGJNum': () => ok({ total: 0, byStatus: { 0: 0, 1: 0, 2: 0, 3: 0 }, due: 0, records: 0 }),
      [`GET /api/system/config/configKey/${CONFIG_KEYS.servicePhone}`]: () => ({ code: 200, msg: '0531-88886666' }),
      [`GET /api/system/config/configKey/${CONFIG_KEYS.serviceContact}`]: () => ({ code: 200, msg: '客服微信 sdxmw_kf' }),
      'POST /cms/order/create': () => ok(ORDER, '订单已创建，请联系客服完成支付'),
      ...answers,
    },
    user,
  );
  return env;
}

describe('tier pages', () => {
  it('/user/vipuser offers the VIP pass and, once ordered, explains how payment is confirmed', async () => {
    const env = setup();
    renderPage(vipPage, '/user/vipuser', env);
    const offer = (await screen.findByRole('heading', { name: 'VIP年度会员' })).closest('li') as HTMLElement;
    expect(screen.queryByRole('heading', { name: '月度会员' })).toBeNull();

    vi.mocked(feedback.confirm).mockResolvedValueOnce(true);
    await typist().click(within(offer).getByRole('button', { name: '立即开通' }));
    const notice = (await screen.findByText('订单已提交，等待付款')).closest('[role="status"]');
    expect(notice).toHaveTextContent('SD20240612103000123456');
    expect(notice).toHaveTextContent('0531-88886666');
    expect(notice).toHaveTextContent('客服确认到账后立即为您开通');
    expect(env.callsTo('POST /cms/order/create')[0]?.body).toEqual({ goodsId: 3 });
    // The orders table is fetched again to show the new order.
    await waitFor(() => expect(env.callsTo('GET /cms/member/memberList')).toHaveLength(2));
  });

  it('orders nothing when the member cancels the confirmation', async () => {
    const env = setup();
    renderPage(duanPage, '/user/duanMember', env);
    const offer = (await screen.findByRole('heading', { name: '月度会员' })).closest('li') as HTMLElement;
    vi.mocked(feedback.confirm).mockResolvedValueOnce(false);
    await typist().click(within(offer).getByRole('button', { name: '立即开通' }));
    expect(feedback.confirm).toHaveBeenCalledWith(expect.objectContaining({ title: '开通「月度会员」', okText: '确认' }));
    // What is bought and for how much, before anything is ordered.
    const asked = vi.mocked(feedback.confirm).mock.calls[0]![0];
    expect(asked.content).toContain('月度会员（30 天）');
    expect(asked.content).toContain('¥99');
    expect(env.callsTo('POST /cms/order/create')).toHaveLength(0);
  });

  it('cancels a pending order after asking, and offers nothing to cancel on a paid one', async () => {
    const PAID: Order = { ...ORDER, id: 4, orderNo: 'SD20240601090000000001', status: 'paid', confirmTime: '2024-06-01 10:00:00' };
    let orders = [ORDER, PAID];
    const env = setup(DEMO_USER, {
      'GET /cms/member/memberList': () => table(orders),
      'POST /cms/order/5/cancel': () => ok({ ...ORDER, status: 'cancelled' }, '订单已取消'),
    });
    renderPage(vipPage, '/user/vipuser', env);
    const rows = await screen.findAllByRole('row');
    const pendingRow = rows.find((row) => row.textContent?.includes(ORDER.orderNo)) as HTMLElement;
    const paidRow = rows.find((row) => row.textContent?.includes(PAID.orderNo)) as HTMLElement;
    expect(within(paidRow).queryByRole('button', { name: '取消订单' })).toBeNull();

    vi.mocked(feedback.confirm).mockResolvedValueOnce(false);
    await typist().click(within(pendingRow).getByRole('button', { name: '取消订单' }));
    expect(env.callsTo('POST /cms/order/5/cancel')).toHaveLength(0);

    orders = [{ ...ORDER, status: 'cancelled' }, PAID];
    vi.mocked(feedback.confirm).mockResolvedValueOnce(true);
    await typist().click(within(pendingRow).getByRole('button', { name: '取消订单' }));
    expect(feedback.confirm).toHaveBeenLastCalledWith(expect.objectContaining({ title: '取消订单？' }));
    await waitFor(() => expect(env.callsTo('POST /cms/order/5/cancel')).toHaveLength(1));
    expect(await screen.findByText('已取消')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '取消订单' })).toBeNull();
  });

  it('does not sell a short pass to a member whose VIP is running', async () => {
    const env = setup({ ...DEMO_USER, level: '2', levelExpireTime: '2099-06-12 10:30:00' });
    renderPage(duanPage, '/user/duanMember', env);
    const offer = (await screen.findByRole('heading', { name: '月度会员' })).closest('li') as HTMLElement;
    expect(within(offer).queryByRole('button')).toBeNull();
    expect(within(offer).getByText('您当前的会员等级更高，无需购买')).toBeInTheDocument();
    expect(screen.getByText(/有效期至 2099-06-12/)).toBeInTheDocument();
  });
});
