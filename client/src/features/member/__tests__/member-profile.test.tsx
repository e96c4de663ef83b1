import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zbKeys } from '../../listings/api';
import { keywordsProblem } from '../subscription-rules';
import * as profilePage from '../pages/member-profile-page';
import { DEMO_USER, createMemberEnv, ok, renderPage, type Call, typist } from '../../../test/member-harness';

vi.mock('../../../lib/feedback', () => ({ feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn(), preload: vi.fn() } }));

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const TREE = [
  { id: '370100', label: '济南市', children: [{ id: '370102', label: '历下区' }] },
  { id: '370200', label: '青岛市', children: [{ id: '370202', label: '市南区' }] },
];

function setup(update: (call: Call) => object = (call) => ok({ ...DEMO_USER, ...call.body }, '修改成功')) {
  const env = createMemberEnv({
    'GET /cms/member/treeselect': () => ok(TREE),
    'GET /cms/baifang/getGJNum': () => ok({ total: 0, byStatus: { 0: 0, 1: 0, 2: 0, 3: 0 }, due: 0, records: 0 }),
    'PUT /cms/member/updateProfile': update,
  });
  renderPage(profilePage, '/user/member', env);
  return env;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('/user/member', () => {
  it('shows the account and starts the forms from the profile and the subscription', async () => {
    setup();
    expect(await screen.findByText('demo')).toBeInTheDocument();
    expect(within(section('基本资料')).getByLabelText('昵称')).toHaveValue('演示用户');
    const subscription = section('招标订阅');
    expect(within(subscription).getByText('道路')).toBeInTheDocument();
    expect(within(subscription).getByText('学校')).toBeInTheDocument();
    expect(within(subscription).getByText('济南市')).toBeInTheDocument();
  });

  it('saves the subscription as comma-separated keywords and region codes, and refreshes the matching tenders', async () => {
    const env = setup();
    const subscription = await screen.findByRole('region', { name: '招标订阅' });
    env.deps.queryClient.setQueryData(zbKeys.biddingList({}), { rows: [], total: 0, totalCapped: false });
    const user = typist();
    await user.type(within(subscription).getByLabelText('订阅关键词'), '桥梁{Enter}');
    await user.click(within(subscription).getByRole('button', { name: '保存订阅' }));
    await waitFor(() => expect(env.callsTo('PUT /cms/member/updateProfile')).toHaveLength(1));
    expect(env.callsTo('PUT /cms/member/updateProfile')[0]?.body).toEqual({
      subscribeKeywords: '道路,学校,桥梁',
      subscribeRegions: '370100',
    });
    expect(await within(subscription).findByRole('link', { name: '查看订阅招标 ›' })).toHaveAttribute('href', '/user/bidding');
    expect(env.deps.queryClient.getQueryState(zbKeys.biddingList({}))?.isInvalidated).toBe(true);
    expect(env.deps.session.get().member_info?.subscribeKeywords).toBe('道路,学校,桥梁');
  });

  it('saves the profile and shows the new name in the session at once', async () => {
    const env = setup();
    const profile = await screen.findByRole('region', { name: '基本资料' });
    const user = typist();
    await user.clear(within(profile).getByLabelText('昵称'));
    await user.type(within(profile).getByLabelText('昵称'), '张工');
    await user.clear(within(profile).getByLabelText('手机号码'));
    await user.type(within(profile).getByLabelText('手机号码'), '1234');
    await user.click(within(profile).getByRole('button', { name: '保存资料' }));
    expect(await within(profile).findByText('请输入正确的 11 位手机号码')).toBeInTheDocument();
    expect(env.callsTo('PUT /cms/member/updateProfile')).toHaveLength(0);

    await user.clear(within(profile).getByLabelText('手机号码'));
    await user.click(within(profile).getByRole('button', { name: '保存资料' }));
    await waitFor(() => expect(env.deps.session.get().name).toBe('张工'));
    expect(env.callsTo('PUT /cms/member/updateProfile')[0]?.body).toMatchObject({ nickName: '张工', phonenumber: '' });
  });

  it('says why the backend refused, beside the form', async () => {
    setup(() => ({ code: 500, msg: 'subscribeRegions 必须是逗号分隔的地区编码，最多 20 个' }));
    const subscription = await screen.findByRole('region', { name: '招标订阅' });
    await typist().click(within(subscription).getByRole('button', { name: '保存订阅' }));
    expect(await within(subscription).findByRole('alert')).toHaveTextContent('subscribeRegions 必须是逗号分隔的地区编码');
  });
});

describe('keyword rules (the contract’s)', () => {
  it('accepts up to ten keywords of 1 to 20 characters with a letter or digit', () => {
    expect(keywordsProblem(['道路', 'G20', '110kV'])).toBeNull();
    expect(keywordsProblem(Array.from({ length: 11 }, (_, i) => `词${i}`))).toBe('最多 10 个关键词');
    expect(keywordsProblem(['——'])).toMatch(/须包含文字或数字/);
    expect(keywordsProblem(['一二三四五六七八九十一二三四五六七八九十一'])).toMatch(/每个 1 到 20 个字/);
  });
});
