import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as clientPage from '../pages/baifang-client-page';
import { renderPage, where, typist } from '../../../test/member-harness';
import { visitEnv as setup } from '../../../test/visit-fixtures';

vi.mock('../../../lib/feedback', () => ({
  feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn(), preload: vi.fn(), confirm: vi.fn() },
}));

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

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
    expect(screen.getByRole('link', { name: '项目：历下区学校扩建项目' })).toHaveAttribute('href', '/xmk/55');
    expect(screen.getByText('电话确认中标')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '拜访记录（1）' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '‹ 返回客户列表' })).toHaveAttribute('href', '/user/baifangClient?status=2');
  });
});
