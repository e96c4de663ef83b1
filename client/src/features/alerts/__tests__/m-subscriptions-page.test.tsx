/**
 * 我的订阅 on the phone: the profile's subscription first, the alert subscriptions with the places
 * used, added and edited in a bottom sheet with 任一/全部, and adding closed at the limit.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as page from '../mobile/m-subscriptions-page';
import { createAlertsFake } from './alerts-fake';
import { ALL_CAPABILITIES, createMemberEnv, renderPage, typist } from '../../../test/member-harness';

vi.mock('../../../lib/feedback', () => ({
  feedback: {
    success: vi.fn(),
    error: vi.fn(),
    warning: vi.fn(),
    notifyError: vi.fn(),
    preload: vi.fn(),
    confirm: vi.fn(() => Promise.resolve(true)),
  },
}));

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const FIRST = { timeout: 10_000 };

describe('我的订阅 on the phone', () => {
  it('shows the profile’s subscription first and adds one choosing all keywords', async () => {
    const fake = createAlertsFake();
    const env = createMemberEnv(fake.answers, undefined, ALL_CAPABILITIES);
    renderPage(page, '/m/pages/user/subscriptions', env);
    const profile = await screen.findByRole('region', { name: '会员资料订阅' }, FIRST);
    expect(profile).toHaveTextContent('关键词 道路、学校（含任一关键词）');
    expect(within(profile).getByRole('link', { name: '在订阅招标中修改' })).toHaveAttribute('href', '/m/pages/user/bidding');
    expect(screen.getByRole('region', { name: '我的订阅' })).toHaveTextContent('道路 学校（含全部关键词）');
    expect(screen.getByText('已用 1/10')).toBeInTheDocument();

    const user = typist();
    await user.click(screen.getByRole('button', { name: '添加订阅' }));
    const sheet = screen.getByRole('dialog', { name: '添加订阅' });
    await user.click(within(sheet).getByRole('button', { name: '确定添加' }));
    expect(within(sheet).getByRole('alert')).toHaveTextContent('请填写订阅名称');
    await user.type(within(sheet).getByRole('textbox', { name: '订阅名称' }), '济南学校');
    await user.click(within(sheet).getByRole('button', { name: '确定添加' }));
    expect(within(sheet).getByRole('alert')).toHaveTextContent('请至少填写一个关键词或选择一个地区');
    await user.type(within(sheet).getByRole('textbox', { name: '关键词' }), '学校，改造');
    await user.click(within(sheet).getByRole('radio', { name: '含全部关键词' }));
    expect(within(sheet).getByText(/须包含全部关键词才匹配/)).toBeInTheDocument();
    await user.click(within(within(sheet).getByRole('group', { name: '地区' })).getByRole('checkbox', { name: '济南市' }));
    await user.click(within(sheet).getByRole('button', { name: '确定添加' }));
    await waitFor(() => expect(env.callsTo('POST /cms/alerts/subscriptions')).toHaveLength(1));
    expect(env.callsTo('POST /cms/alerts/subscriptions')[0]?.body).toEqual({
      name: '济南学校',
      keywords: '学校 改造',
      matchMode: 'all',
      excludeWords: '',
      areaCodes: ['370100'],
      noticeTypes: [],
      amountMin: null,
      amountMax: null,
      enabled: true,
    });
    expect(await screen.findByText('已用 2/10', {}, FIRST)).toBeInTheDocument();
  });

  it('closes adding at the limit', async () => {
    const fake = createAlertsFake();
    fake.subscriptions = Array.from({ length: 10 }, (_, i) => ({ ...fake.subscriptions[0]!, id: 20 + i, name: `订阅${i}` }));
    renderPage(page, '/m/pages/user/subscriptions', createMemberEnv(fake.answers, undefined, ALL_CAPABILITIES));
    expect(await screen.findByText('已用 10/10', {}, FIRST)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '已达上限' })).toBeDisabled();
  });
});
