import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as dashboardPage from '../pages/dashboard-page';
import { renderPage } from '../../../test/member-harness';
import { visitEnv as setup } from '../../../test/visit-fixtures';

vi.mock('../../../lib/feedback', () => ({
  feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn(), preload: vi.fn(), confirm: vi.fn() },
}));

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
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
