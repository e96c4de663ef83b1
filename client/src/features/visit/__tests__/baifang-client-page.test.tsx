import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BaifangClient } from '@shared/visit/types';
import * as clientPage from '../pages/baifang-client-page';
import * as dashboardPage from '../../member/pages/dashboard-page';
import { createMemberEnv, ok, renderPage, table, where, typist } from '../../../test/member-harness';

vi.mock('../../../lib/feedback', () => ({
  feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn(), preload: vi.fn(), confirm: vi.fn() },
}));

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const client = (id: number, patch: Partial<BaifangClient> = {}): BaifangClient => ({
  id,
  companyName: `客户单位 ${id}`,
  contact: '王工',
  phone: '13800138000',
  status: '1',
  nextVisitDate: null,
  remark: '',
  sourceType: 'manual',
  sourceId: null,
  sourceTitle: null,
  recordCount: 0,
  lastVisitTime: null,
  createTime: '2024-05-01 10:00:00',
  updateTime: '2024-06-01 10:00:00',
  ...patch,
});

const CLIENTS = [
  client(1, { nextVisitDate: '2000-01-01' }),
  client(2, { status: '2', sourceType: 'xmk', sourceId: 55, sourceTitle: '历下区学校扩建项目' }),
];
const GJ = { total: 2, byStatus: { 0: 0, 1: 1, 2: 1, 3: 0 }, due: 1, records: 3 };

function setup() {
  return createMemberEnv({
    'GET /cms/baifang/getBaifangClientList': (call) =>
      table(
        CLIENTS.filter(
          (c) =>
            (!call.query.get('status') || c.status === call.query.get('status')) && (!call.query.get('due') || c.nextVisitDate !== null),
        ),
      ),
    'GET /cms/baifang/getGJNum': () => ok(GJ),
    'GET /cms/baifang/getBaifangClientByCid/2': () =>
      ok({
        client: CLIENTS[1],
        records: [
          {
            id: 9,
            clientId: 2,
            companyName: '客户单位 2',
            visitTime: '2024-06-03 14:00:00',
            way: '0',
            content: '电话确认中标',
            result: '已签约',
            nextStep: '',
            createTime: '',
          },
        ],
      }),
    'GET /cms/favorite/list/': () => table([], 4),
    'GET /cms/bidding/list': () => table([]),
    [`GET /api/system/config/configKey/cms.score.unlockCost`]: () => ({ code: 200, msg: '10' }),
  });
}

describe('/user/baifangClient', () => {
  it('shows the status tabs with the badge counts, and marks clients due for a visit', async () => {
    renderPage(clientPage, '/user/baifangClient', setup());
    const tabs = await screen.findByRole('navigation', { name: '跟进状态' });
    expect(within(tabs).getByRole('link', { name: /全部\s*2/ })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: /待拜访\s*1/ })).toHaveAttribute('href', '/user/baifangClient?due=1');
    const due = screen.getByRole('link', { name: '客户单位 1' }).closest('tr') as HTMLElement;
    expect(within(due).getByText('待拜访')).toBeInTheDocument();
    expect(screen.getByText('来源：历下区学校扩建项目')).toBeInTheDocument();
  });

  it('filters by status in the URL', async () => {
    const env = setup();
    renderPage(clientPage, '/user/baifangClient', env);
    await typist().click(await screen.findByRole('link', { name: /已签约\s*1/ }));
    await waitFor(() => expect(where(screen)).toHaveTextContent('/user/baifangClient?status=2'));
    await waitFor(() => expect(screen.queryByRole('link', { name: '客户单位 1' })).toBeNull());
    expect(env.callsTo('GET /cms/baifang/getBaifangClientList').at(-1)?.query.get('status')).toBe('2');
  });

  it('opens a client with its history at ?cid=, with the way back to the list it came from', async () => {
    renderPage(clientPage, '/user/baifangClient?cid=2&back=%2Fuser%2FbaifangClient%3Fstatus%3D2', setup());
    expect(await screen.findByRole('heading', { name: '客户单位 2' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '历下区学校扩建项目' })).toHaveAttribute('href', '/xmk/55');
    expect(screen.getByText('电话确认中标')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '拜访记录（1）' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '‹ 返回客户列表' })).toHaveAttribute('href', '/user/baifangClient?status=2');
  });
});

describe('/user dashboard', () => {
  it('shows tier, points and the counts, each leading to its page', async () => {
    renderPage(dashboardPage, '/user', setup());
    expect(await screen.findByText('普通会员', { selector: '.tier-panel-name' })).toBeInTheDocument();
    expect(screen.getByText(/每条消耗 10 积分/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /积分余额\s*570/ })).toHaveAttribute('href', '/user/logscore');
    expect(screen.getByRole('link', { name: /^4\s*我的收藏/ })).toHaveAttribute('href', '/user/favorite');
    expect(screen.getByRole('link', { name: /^1\s*待拜访/ })).toHaveAttribute('href', '/user/baifangClient?due=1');
    expect(screen.getByRole('link', { name: '客户单位 1' })).toHaveAttribute('href', '/user/baifangClient?cid=1');
  });
});
