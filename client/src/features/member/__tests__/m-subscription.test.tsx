/**
 * 订阅招标 on the phone: the subscription in words, changed in a bottom sheet (keywords on one
 * line, cities as chips) with the desktop form's rules; nothing to change where the backend
 * cannot save a profile.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MemberUser } from '@shared/member/types';
import * as biddingPage from '../mobile/m-bidding-page';
import { BASE_CAPABILITIES, DEMO_USER, createMemberEnv, ok, renderPage, table, typist, type Call } from '../../../test/member-harness';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

function setup(capabilities = BASE_CAPABILITIES) {
  let user: MemberUser = { ...DEMO_USER, subscribeKeywords: '道路', subscribeRegions: '370102' };
  return createMemberEnv(
    {
      'GET /cms/bidding/list': () => table([]),
      'PUT /cms/member/updateProfile': (call: Call) => {
        user = { ...user, ...(call.body as Partial<MemberUser>) };
        return ok(user);
      },
    },
    user,
    capabilities,
  );
}

describe('订阅招标 on the phone', () => {
  it('changes keywords and regions in a bottom sheet and says so', async () => {
    const env = setup();
    renderPage(biddingPage, '/m/pages/user/bidding', env);
    const summary = await screen.findByRole('region', { name: '我的订阅' });
    expect(summary).toHaveTextContent('关键词 道路');
    expect(summary).toHaveTextContent('地区 济南市 历下区');

    await typist().click(within(summary).getByRole('button', { name: '修改订阅' }));
    const sheet = screen.getByRole('dialog', { name: '修改订阅' });
    const keywords = within(sheet).getByRole('textbox', { name: '订阅关键词' });
    expect(keywords).toHaveValue('道路');
    await typist().clear(keywords);
    await typist().type(keywords, '道路，学校 污水处理、学校');
    const regions = within(sheet).getByRole('group', { name: '订阅地区' });
    // The county chosen on the desktop is shown chosen, and can be removed; the city is added.
    await typist().click(within(regions).getByRole('checkbox', { name: '济南市 历下区', checked: true }));
    await typist().click(within(regions).getByRole('checkbox', { name: '济南市', checked: false }));
    await typist().click(within(sheet).getByRole('button', { name: '保存订阅' }));

    await waitFor(() => expect(env.callsTo('PUT /cms/member/updateProfile')).toHaveLength(1));
    expect(env.callsTo('PUT /cms/member/updateProfile')[0]?.body).toEqual({
      subscribeKeywords: '道路,学校,污水处理',
      subscribeRegions: '370100',
    });
    expect(await screen.findByText('订阅已保存，下面是符合新订阅的招标')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(summary).toHaveTextContent('关键词 道路、学校、污水处理');
    expect(summary).toHaveTextContent('地区 济南市');
    // The list follows the new subscription.
    await waitFor(() => expect(env.callsTo('GET /cms/bidding/list')).toHaveLength(2));
  });

  it('refuses what the backend would, in Chinese, and sends nothing', async () => {
    const env = setup();
    renderPage(biddingPage, '/m/pages/user/bidding', env);
    await typist().click(await screen.findByRole('button', { name: '修改订阅' }));
    const sheet = screen.getByRole('dialog', { name: '修改订阅' });
    const keywords = within(sheet).getByRole('textbox', { name: '订阅关键词' });
    await typist().clear(keywords);
    await typist().type(keywords, Array.from({ length: 11 }, (_, i) => `词${i}`).join(' '));
    await typist().click(within(sheet).getByRole('button', { name: '保存订阅' }));
    expect(within(sheet).getByRole('alert')).toHaveTextContent('最多 10 个关键词');
    await typist().clear(keywords);
    await typist().type(keywords, '——');
    await typist().click(within(sheet).getByRole('button', { name: '保存订阅' }));
    expect(within(sheet).getByRole('alert')).toHaveTextContent('须包含文字或数字');
    expect(env.callsTo('PUT /cms/member/updateProfile')).toHaveLength(0);
  });

  it('offers no change where the backend cannot save a profile', async () => {
    const env = setup(BASE_CAPABILITIES.filter((c) => c !== 'profile'));
    renderPage(biddingPage, '/m/pages/user/bidding', env);
    expect(await screen.findByRole('region', { name: '我的订阅' })).toHaveTextContent('关键词 道路');
    expect(screen.queryByRole('button', { name: '修改订阅' })).toBeNull();
  });
});
