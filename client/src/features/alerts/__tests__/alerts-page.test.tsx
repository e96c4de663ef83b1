import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertsBadge } from '../components/alerts-badge';
import { feedback } from '../../../lib/feedback';
import * as alertsPage from '../pages/alerts-page';
import { createAlertsFake } from './alerts-fake';
import { ALL_CAPABILITIES, BASE_CAPABILITIES, createMemberEnv, renderPage, renderWith, typist } from '../../../test/member-harness';

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

/** The first render loads antd's member components: slow on a busy machine. */
const FIRST = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.mocked(feedback.confirm).mockClear();
});

function setup(path: string, options: { mailAvailable?: boolean } = {}) {
  const fake = createAlertsFake(options);
  const env = createMemberEnv(fake.answers, undefined, ALL_CAPABILITIES);
  renderPage(alertsPage, path, env);
  return { fake, env };
}

describe('/user/alerts inbox', () => {
  it('lists the alerts, the unread one marked, and marks all read', async () => {
    const { fake, env } = setup('/user/alerts');
    const unread = (await screen.findByText('琥珀湾片区道路改造工程施工变更公告', {}, FIRST)).closest('li');
    expect(unread).toHaveClass('is-unread');
    expect(within(unread!).getByText('变更：开标时间、报名截止')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '琥珀湾片区道路改造工程施工招标公告' })).toHaveAttribute('href', '/zb/301');
    await typist().click(screen.getByRole('button', { name: '全部标为已读' }));
    await waitFor(() => expect(env.callsTo('PUT /cms/alerts/read')).toHaveLength(1));
    expect(env.callsTo('PUT /cms/alerts/read')[0]?.body).toEqual({ all: true });
    await waitFor(() => expect(screen.getByText('琥珀湾片区道路改造工程施工变更公告').closest('li')).not.toHaveClass('is-unread'));
    expect(fake.alerts.every((a) => a.read)).toBe(true);
  });

  it('marks one alert read', async () => {
    const { env } = setup('/user/alerts');
    await typist().click(await screen.findByRole('button', { name: '标为已读' }, FIRST));
    await waitFor(() => expect(env.callsTo('PUT /cms/alerts/read')[0]?.body).toEqual({ ids: [2] }));
  });
});

describe('/user/alerts subscriptions', () => {
  it('shows the migrated subscription and adds one with the contract’s body', async () => {
    const { env } = setup('/user/alerts?tab=subscriptions');
    expect(await screen.findByText('已用 1/10', {}, FIRST)).toBeInTheDocument();
    expect(screen.getByText('道路 学校（含全部关键词）')).toBeInTheDocument();
    const user = typist();
    await user.click(screen.getByRole('button', { name: '添加订阅' }));
    await user.type(await screen.findByLabelText('订阅名称', {}, FIRST), '青岛桥梁');
    await user.type(screen.getByLabelText('关键词'), '桥梁，隧道  高架');
    await user.type(screen.getByLabelText('排除词'), '监理');
    await user.type(screen.getByLabelText('金额下限（万元）'), '500');
    await user.click(screen.getByRole('button', { name: '确定添加' }));
    await waitFor(() => expect(env.callsTo('POST /cms/alerts/subscriptions')).toHaveLength(1));
    expect(env.callsTo('POST /cms/alerts/subscriptions')[0]?.body).toEqual({
      name: '青岛桥梁',
      keywords: '桥梁 隧道 高架',
      matchMode: 'any',
      excludeWords: '监理',
      areaCodes: [],
      noticeTypes: [],
      amountMin: 500,
      amountMax: null,
      enabled: true,
    });
    expect(await screen.findByText('已用 2/10', {}, FIRST)).toBeInTheDocument();
  });

  it('shows the profile’s keywords as the first subscription, matching any of them', async () => {
    setup('/user/alerts?tab=subscriptions');
    const card = (await screen.findByText('会员资料订阅', {}, FIRST)).closest('li')!;
    expect(within(card).getByText('道路、学校（含任一关键词）')).toBeInTheDocument();
    expect(within(card).getByText('济南市')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '在会员资料中修改' })).toHaveAttribute('href', '/user/member#subscription');
  });

  it('says what any and all mean, and sends the member’s choice', async () => {
    const { env } = setup('/user/alerts?tab=subscriptions');
    const user = typist();
    await user.click(await screen.findByRole('button', { name: '添加订阅' }, FIRST));
    await user.type(await screen.findByLabelText('订阅名称', {}, FIRST), '两个都要');
    await user.type(screen.getByLabelText('关键词'), '学校 改造');
    expect(screen.getByText(/含任一关键词即匹配/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '含全部关键词' }));
    expect(await screen.findByText(/须包含全部关键词才匹配/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定添加' }));
    await waitFor(() => expect(env.callsTo('POST /cms/alerts/subscriptions')).toHaveLength(1));
    expect(env.callsTo('POST /cms/alerts/subscriptions')[0]?.body).toMatchObject({ keywords: '学校 改造', matchMode: 'all' });
  });

  it('asks for a keyword or a region before calling the backend', async () => {
    const { env } = setup('/user/alerts?tab=subscriptions');
    const user = typist();
    await user.click(await screen.findByRole('button', { name: '添加订阅' }, FIRST));
    await user.type(await screen.findByLabelText('订阅名称', {}, FIRST), '只按类型');
    await user.click(screen.getByRole('button', { name: '确定添加' }));
    expect(await screen.findByText('请至少填写一个关键词或选择一个地区', {}, FIRST)).toBeInTheDocument();
    expect(env.callsTo('POST /cms/alerts/subscriptions')).toHaveLength(0);
  });

  it('shows the places used and disables adding at the limit', async () => {
    const fake = createAlertsFake();
    fake.subscriptions = Array.from({ length: 10 }, (_, i) => ({ ...fake.subscriptions[0]!, id: 20 + i, name: `订阅${i}` }));
    renderPage(alertsPage, '/user/alerts?tab=subscriptions', createMemberEnv(fake.answers, undefined, ALL_CAPABILITIES));
    expect(await screen.findByText('已用 10/10', {}, FIRST)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '已达上限' })).toBeDisabled();
    expect(screen.getByText(/订阅数量已达上限（10 个）/)).toBeInTheDocument();
  });

  it('refuses a maximum below the minimum, without calling the backend', async () => {
    const { env } = setup('/user/alerts?tab=subscriptions');
    const user = typist();
    await user.click(await screen.findByRole('button', { name: '添加订阅' }, FIRST));
    await user.type(await screen.findByLabelText('订阅名称', {}, FIRST), '区间');
    await user.type(screen.getByLabelText('金额下限（万元）'), '800');
    await user.type(screen.getByLabelText('金额上限（万元）'), '100');
    await user.click(screen.getByRole('button', { name: '确定添加' }));
    expect(await screen.findByText('上限不能小于下限', {}, FIRST)).toBeInTheDocument();
    expect(env.callsTo('POST /cms/alerts/subscriptions')).toHaveLength(0);
  });

  it('deletes a subscription after confirming', async () => {
    const { env } = setup('/user/alerts?tab=subscriptions');
    await typist().click(await screen.findByRole('button', { name: '删除' }, FIRST));
    await waitFor(() => expect(env.callsTo('DELETE /cms/alerts/subscriptions/7')).toHaveLength(1));
    expect(feedback.confirm).toHaveBeenCalledOnce();
    expect(await screen.findByText('已用 0/10', {}, FIRST)).toBeInTheDocument();
  });
});

describe('/user/alerts delivery', () => {
  it('says why e-mail is unavailable and disables the frequency', async () => {
    setup('/user/alerts?tab=delivery');
    expect(await screen.findByText(/本站暂未开通邮件提醒/, {}, FIRST)).toBeInTheDocument();
    // Members read what they can expect, never a setting's name.
    expect(document.body.textContent).not.toMatch(/SMTP|_URL/);
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
  });

  it('lets a member choose the daily digest when mail works', async () => {
    const { env } = setup('/user/alerts?tab=delivery', { mailAvailable: true });
    const user = typist();
    await user.click(await screen.findByRole('radio', { name: '每日汇总' }, FIRST));
    await user.click(screen.getByRole('button', { name: '保存设置' }));
    await waitFor(() => expect(env.callsTo('PUT /cms/alerts/settings')[0]?.body).toEqual({ emailFrequency: 'daily', email: null }));
    // Not confirmed yet: the page says a link was mailed and nothing is sent before it is opened.
    expect(
      await screen.findByText('设置已保存。确认邮件已发送到 demo@example.com，打开邮件中的链接后开始发送提醒', {}, FIRST),
    ).toBeInTheDocument();
  });

  it('shows the feed links and resets them after confirming', async () => {
    const { env } = setup('/user/alerts?tab=delivery');
    expect(await screen.findByLabelText('RSS / Atom 订阅', {}, FIRST)).toHaveValue(`/feeds/${'tok0'.repeat(8)}.atom`);
    await typist().click(screen.getByRole('button', { name: '重新生成链接' }));
    await waitFor(() => expect(env.callsTo('PUT /cms/alerts/feeds/reset')).toHaveLength(1));
    await waitFor(() => expect(screen.getByLabelText('日历订阅（iCalendar）')).toHaveValue(`/feeds/${'new1'.repeat(8)}.ics`));
  });
});

describe('the header’s unread count', () => {
  it('shows the unread count for a backend with alerts', async () => {
    const fake = createAlertsFake();
    renderWith(AlertsBadge, createMemberEnv(fake.answers, undefined, ALL_CAPABILITIES));
    expect(await screen.findByRole('link', { name: '消息提醒，1 条未读' })).toHaveAttribute('href', '/user/alerts');
  });

  it('is absent, and never asks, without the capability', async () => {
    const env = createMemberEnv({}, undefined, BASE_CAPABILITIES);
    renderWith(AlertsBadge, env);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /消息提醒/ })).toBeNull();
    expect(env.calls).toHaveLength(0);
  });
});
