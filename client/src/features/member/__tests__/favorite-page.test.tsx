import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FavoriteItem, FavoriteStatus } from '@shared/content/types';
import { favoriteKeys } from '../../listings/api';
import * as favoritePage from '../pages/favorite-page';
import { createMemberEnv, ok, renderPage, table, where, type Answer, typist } from '../../../test/member-harness';

vi.mock('../../../lib/feedback', () => ({ feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn(), preload: vi.fn() } }));

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const favorite = (id: number, patch: Partial<FavoriteItem> = {}): FavoriteItem => ({
  id,
  type: 'zb',
  dataId: 800 + id,
  title: `济南市道路工程招标公告 ${id}`,
  areaCode: '370102',
  category: '2',
  publishTime: '2024-06-01 09:00:00',
  createTime: '2024-06-02 10:00:00',
  isCancel: 0,
  followed: false,
  ...patch,
});

function setup(rows: FavoriteItem[], extra: Record<string, Answer> = {}) {
  const env = createMemberEnv({
    'GET /cms/favorite/list/': (call) => table(rows.filter((row) => !call.query.get('type') || row.type === call.query.get('type'))),
    'GET /cms/baifang/getGJNum': () => ok({ total: 0, byStatus: { 0: 0, 1: 0, 2: 0, 3: 0 }, due: 0, records: 0 }),
    'PUT /cms/favorite/changeStatus': (call) => ok({ type: call.body.type, dataId: call.body.id, favorited: call.body.isCancel === 0 }),
    ...extra,
  });
  return env;
}

const rowOf = (title: string) => screen.getByText(title).closest('li') as HTMLElement;

describe('/user/favorite', () => {
  it('lists the active favourites with links to their detail pages', async () => {
    const env = setup([favorite(1), favorite(2, { type: 'xmk', dataId: 55, title: '历下区学校扩建项目', category: '4' })]);
    renderPage(favoritePage, '/user/favorite', env);
    expect(await screen.findByRole('link', { name: '济南市道路工程招标公告 1' })).toHaveAttribute('href', '/zb/801');
    expect(screen.getByRole('link', { name: '历下区学校扩建项目' })).toHaveAttribute('href', '/xmk/55');
    expect(within(rowOf('历下区学校扩建项目')).getByText('济南市 历下区')).toBeInTheDocument();
    expect(env.callsTo('GET /cms/favorite/list/')[0]?.query.get('isCancel')).toBe('0');
  });

  it('filters by type through the URL', async () => {
    const env = setup([favorite(1), favorite(2, { type: 'xmk', title: '历下区学校扩建项目' })]);
    renderPage(favoritePage, '/user/favorite', env);
    await screen.findByText('历下区学校扩建项目');
    await typist().click(screen.getByRole('link', { name: '项目' }));
    await waitFor(() => expect(where(screen)).toHaveTextContent('/user/favorite?type=xmk'));
    await waitFor(() => expect(screen.queryByText('济南市道路工程招标公告 1')).toBeNull());
    expect(screen.getByText('历下区学校扩建项目')).toBeInTheDocument();
  });

  it('cancels in place with 撤销, which restores the favourite; the detail pages learn both', async () => {
    const env = setup([favorite(1)]);
    renderPage(favoritePage, '/user/favorite', env);
    const user = typist();
    await screen.findByText('济南市道路工程招标公告 1');
    await user.click(within(rowOf('济南市道路工程招标公告 1')).getByRole('button', { name: '取消收藏' }));

    expect(await within(rowOf('济南市道路工程招标公告 1')).findByText('已取消收藏')).toBeInTheDocument();
    expect(env.callsTo('PUT /cms/favorite/changeStatus')[0]?.body).toEqual({ id: 801, type: 'zb', isCancel: 1 });
    const status = () => env.deps.queryClient.getQueryData<FavoriteStatus>(favoriteKeys.status('zb', 801));
    expect(status()?.favorited).toBe(false);

    await user.click(within(rowOf('济南市道路工程招标公告 1')).getByRole('button', { name: '撤销' }));
    expect(await within(rowOf('济南市道路工程招标公告 1')).findByRole('button', { name: '取消收藏' })).toBeInTheDocument();
    expect(env.callsTo('PUT /cms/favorite/changeStatus')[1]?.body).toEqual({ id: 801, type: 'zb', isCancel: 0 });
    expect(status()?.favorited).toBe(true);
  });

  it('加入跟进 makes the company a client and links to it', async () => {
    const env = setup([favorite(1), favorite(2, { followed: true, title: '已跟进的招标' })], {
      'PUT /cms/favorite/addGJ': () => ok({ id: 42, companyName: '济南市城市建设局' }, '已加入跟进'),
    });
    renderPage(favoritePage, '/user/favorite', env);
    await screen.findByText('济南市道路工程招标公告 1');
    expect(within(rowOf('已跟进的招标')).getByRole('link', { name: '✓ 已跟进' })).toBeInTheDocument();

    await typist().click(within(rowOf('济南市道路工程招标公告 1')).getByRole('button', { name: '加入跟进' }));
    expect(await within(rowOf('济南市道路工程招标公告 1')).findByRole('link', { name: '查看客户' })).toHaveAttribute(
      'href',
      '/user/baifangClient?cid=42',
    );
    expect(env.callsTo('PUT /cms/favorite/addGJ')[0]?.body).toEqual({ id: 801, type: 'zb' });
  });

  it('says what to do when there are no favourites', async () => {
    const env = setup([]);
    renderPage(favoritePage, '/user/favorite', env);
    expect(await screen.findByText(/还没有收藏/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '浏览项目库' })).toHaveAttribute('href', '/xmk');
  });
});

describe('/user/favorite count', () => {
  it('共 N 条收藏 drops by one on 取消收藏 and comes back on 撤销', async () => {
    const env = setup([favorite(1), favorite(2), favorite(3)]);
    renderPage(favoritePage, '/user/favorite', env);
    const user = typist();
    const summary = () => screen.getByText('条收藏', { exact: false });
    await screen.findByText('济南市道路工程招标公告 2');
    expect(summary()).toHaveTextContent('共 3 条收藏');

    await user.click(within(rowOf('济南市道路工程招标公告 2')).getByRole('button', { name: '取消收藏' }));
    await within(rowOf('济南市道路工程招标公告 2')).findByText('已取消收藏');
    expect(summary()).toHaveTextContent('共 2 条收藏');

    await user.click(within(rowOf('济南市道路工程招标公告 2')).getByRole('button', { name: '撤销' }));
    await within(rowOf('济南市道路工程招标公告 2')).findByRole('button', { name: '取消收藏' });
    expect(summary()).toHaveTextContent('共 3 条收藏');
  });
});
