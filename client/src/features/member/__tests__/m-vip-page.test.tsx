/**
 * 会员服务 on the phone: a member orders a package in place (confirm inside the card, no dialog),
 * sees the order number and the hotline, and the order in 我的订单; a backend without goods gets
 * the hotline instead of packages.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../../lib/feedback';
import type { Order } from '@shared/member/types';
import { CONFIG_KEYS } from '@shared/system/types';
import * as vipPage from '../mobile/m-vip-page';
import { BASE_CAPABILITIES, DEMO_USER, createMemberEnv, ok, renderPage, table, typist } from '../../../test/member-harness';
import { TIERS, goods } from './goods-fixtures';

vi.mock('../../../lib/feedback', () => ({
  feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn(), preload: vi.fn(), confirm: vi.fn() },
}));

afterEach(() => {
  cleanup();
  vi.mocked(feedback.confirm).mockReset();
  window.sessionStorage.clear();
});

const GOODS = [
  goods(1, { name: '月度会员', days: 30, price: 99 }),
  goods(3, { name: 'VIP年度会员', type: 'vip', level: '2', days: 365, price: 1980 }),
  goods(5, { name: '积分套餐 2000', type: 'score', level: null, days: 0, score: 2000, price: 180, originalPrice: 200 }),
];

const ORDER: Order = {
  id: 9,
  orderNo: 'SD20261126103000654321',
  goodsId: 5,
  goodsName: '积分套餐 2000',
  goodsType: 'score',
  price: 180,
  status: 'pending',
  createTime: '2026-11-26 10:30:00',
  confirmTime: null,
};

function setup(capabilities = BASE_CAPABILITIES, user = DEMO_USER, initial: Order[] = []) {
  let orders = initial;
  return createMemberEnv(
    {
      'GET /api/cms/goods/list': () => table(GOODS),
      'GET /cms/member/list': () => table(TIERS),
      'GET /cms/member/memberList': () => table(orders),
      [`GET /api/system/config/configKey/${CONFIG_KEYS.servicePhone}`]: () => ({ code: 200, msg: '0531-88886666' }),
      [`GET /api/system/config/configKey/${CONFIG_KEYS.serviceContact}`]: () => ({ code: 200, msg: '客服微信 sdxmw_kf' }),
      [`POST /cms/order/${ORDER.id}/cancel`]: () => {
        orders = orders.map((o) => (o.id === ORDER.id ? { ...o, status: 'cancelled' as const } : o));
        return ok({ ...ORDER, status: 'cancelled' }, '订单已取消');
      },
      'POST /cms/order/create': () => {
        orders = [ORDER];
        return ok(ORDER, '订单已创建，请联系客服完成支付');
      },
    },
    user,
    capabilities,
  );
}

describe('会员服务 on the phone', () => {
  it('orders a points package after a confirmation inside its card, then shows the order and how to pay', async () => {
    const env = setup();
    renderPage(vipPage, '/m/pages/user/vip', env);
    const points = await screen.findByRole('region', { name: '积分套餐' });
    expect(points).toHaveAttribute('id', 'score');
    const card = within(points)
      .getByRole('heading', { name: /积分套餐 2000/ })
      .closest('li') as HTMLElement;
    expect(card).toHaveTextContent('¥180');
    expect(card).toHaveTextContent('2,000 积分');
    expect(card).toHaveTextContent('原价 ¥200');

    await typist().click(within(card).getByRole('button', { name: '立即购买' }));
    const confirm = within(card).getByRole('group', { name: '开通「积分套餐 2000」' });
    expect(confirm).toHaveTextContent('订单金额 ¥180');
    expect(env.callsTo('POST /cms/order/create')).toHaveLength(0);
    await typist().click(within(confirm).getByRole('button', { name: '确认' }));

    const notice = (await screen.findByText('订单已提交，等待付款')).closest('[role="status"]') as HTMLElement;
    expect(notice.parentElement).toHaveFocus();
    expect(notice).toHaveTextContent('SD20261126103000654321');
    expect(within(notice).getByRole('link', { name: '0531-88886666' })).toHaveAttribute('href', 'tel:053188886666');
    expect(env.callsTo('POST /cms/order/create')[0]?.body).toEqual({ goodsId: 5 });
    // 我的订单 is asked again and lists the new order as awaiting payment.
    const orders = screen.getByRole('region', { name: '我的订单' });
    await waitFor(() => expect(orders).toHaveTextContent('SD20261126103000654321'));
    expect(orders).toHaveTextContent('待付款');
    expect(within(card).queryByRole('group')).toBeNull();
  });

  it('orders nothing when the member cancels, and offers no pass below a running VIP', async () => {
    const env = setup(BASE_CAPABILITIES, { ...DEMO_USER, level: '2', levelExpireTime: '2099-06-12 10:30:00' });
    renderPage(vipPage, '/m/pages/user/vip', env);
    const tiers = await screen.findByRole('region', { name: '开通会员' });
    const month = within(tiers).getByRole('heading', { name: '月度会员' }).closest('li') as HTMLElement;
    expect(within(month).queryByRole('button')).toBeNull();
    expect(month).toHaveTextContent('您当前的会员等级更高，无需购买');
    expect(screen.getByRole('region', { name: '我的会员' })).toHaveTextContent('2099-06-12 到期');

    const vip = within(tiers).getByRole('heading', { name: 'VIP年度会员' }).closest('li') as HTMLElement;
    await typist().click(within(vip).getByRole('button', { name: '立即开通' }));
    await typist().click(within(vip).getByRole('button', { name: '取消' }));
    expect(within(vip).getByRole('button', { name: '立即开通' })).toBeInTheDocument();
    expect(env.callsTo('POST /cms/order/create')).toHaveLength(0);
  });

  it('against a backend without goods, offers the hotline instead of packages', async () => {
    const env = setup(BASE_CAPABILITIES.filter((c) => c !== 'goods'));
    renderPage(vipPage, '/m/pages/user/vip', env);
    expect(await screen.findByRole('heading', { name: '我的订单' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '积分套餐' })).toBeNull();
    expect(screen.queryByRole('button', { name: /立即/ })).toBeNull();
    expect(screen.getByRole('link', { name: '拨打客服电话 0531-88886666' })).toHaveAttribute('href', 'tel:053188886666');
    expect(env.callsTo('GET /api/cms/goods/list')).toHaveLength(0);
  });

  it('cancels a pending order after asking, as on the desktop; a paid one has nothing to cancel', async () => {
    const paid: Order = { ...ORDER, id: 4, orderNo: 'SD20261120090000111111', status: 'paid', confirmTime: '2026-11-20 10:00:00' };
    const env = setup(BASE_CAPABILITIES, DEMO_USER, [ORDER, paid]);
    renderPage(vipPage, '/m/pages/user/vip', env);
    const orders = await screen.findByRole('region', { name: '我的订单' });
    const row = within(orders).getByText(`订单号 ${ORDER.orderNo}`).closest('li') as HTMLElement;
    const paidRow = within(orders).getByText(`订单号 ${paid.orderNo}`).closest('li') as HTMLElement;
    expect(within(paidRow).queryByRole('button', { name: '取消订单' })).toBeNull();

    vi.mocked(feedback.confirm).mockResolvedValueOnce(false);
    await typist().click(within(row).getByRole('button', { name: '取消订单' }));
    expect(feedback.confirm).toHaveBeenCalledWith(expect.objectContaining({ title: '取消订单？', danger: true }));
    expect(env.callsTo(`POST /cms/order/${ORDER.id}/cancel`)).toHaveLength(0);

    vi.mocked(feedback.confirm).mockResolvedValueOnce(true);
    await typist().click(within(row).getByRole('button', { name: '取消订单' }));
    await waitFor(() => expect(env.callsTo(`POST /cms/order/${ORDER.id}/cancel`)).toHaveLength(1));
    await waitFor(() => expect(within(orders).getByText(`订单号 ${ORDER.orderNo}`).closest('li')).toHaveTextContent('已取消'));
    expect(within(orders).queryByRole('button', { name: '取消订单' })).toBeNull();
    expect(feedback.success).toHaveBeenCalledWith('订单已取消');
  });

  it('offers no 取消订单 against a backend without goods', async () => {
    renderPage(
      vipPage,
      '/m/pages/user/vip',
      setup(
        BASE_CAPABILITIES.filter((c) => c !== 'goods'),
        DEMO_USER,
        [ORDER],
      ),
    );
    const orders = await screen.findByRole('region', { name: '我的订单' });
    expect(orders).toHaveTextContent(ORDER.orderNo);
    expect(within(orders).queryByRole('button', { name: '取消订单' })).toBeNull();
  });
});
