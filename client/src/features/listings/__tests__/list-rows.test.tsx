/**
 * On the /zb list: the 收藏 star on every row (filled from the member's favourite ids,
 * one call; toggled optimistically; the detail's 收藏 learns it; a visitor is sent to log in) and
 * 新 on rows published since the reader's previous visit.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FavoriteStatus } from '@shared/content/types';
import { favoriteKeys } from '../api';
import { NewBadge } from '../components/new-badge';
import { LOGGED_OUT, createSessionStore } from '../../../lib/session';
import { VISIT_GAP_MS, VISIT_STORAGE_KEY, isNewSince, nextVisit } from '../../../lib/last-visit';
import { BASE_CAPABILITIES, renderPage, table, typist } from '../../../test/page-harness';
import { setup } from './list-harness';
import * as zbListPage from '../pages/zb-list-page';

vi.mock('../../../lib/feedback', () => ({ feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn(), preload: vi.fn() } }));

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const star = (id: number) => screen.getByRole('button', { name: `收藏：济南市道路工程招标公告 ${id}` });

describe('/zb rows: the 收藏 star', () => {
  it("fills the member's favourites from one call, not one per row", async () => {
    const env = setup();
    renderPage(zbListPage, '/zb', env);
    await screen.findByText('济南市道路工程招标公告 801');
    await waitFor(() => expect(star(802)).toHaveAttribute('aria-pressed', 'true'));
    expect(star(801)).toHaveAttribute('aria-pressed', 'false');
    expect(star(803)).toHaveAttribute('aria-pressed', 'false');
    expect(env.callsTo('GET /cms/favorite/ids/zb')).toHaveLength(1);
    expect(env.calls.filter((call) => /^\/cms\/favorite\/\d+$/.test(call.path))).toHaveLength(0);
  });

  it('toggles at once, tells the detail page, and cancels again', async () => {
    const env = setup();
    renderPage(zbListPage, '/zb', env);
    await screen.findByText('济南市道路工程招标公告 801');
    await waitFor(() => expect(star(801)).not.toBeDisabled());
    const user = typist();

    await user.click(star(801));
    // The star and the detail's cached state change before the call is answered.
    expect(star(801)).toHaveAttribute('aria-pressed', 'true');
    const status = () => env.deps.queryClient.getQueryData<FavoriteStatus>(favoriteKeys.status('zb', 801));
    expect(status()?.favorited).toBe(true);
    await waitFor(() => expect(env.callsTo('PUT /cms/favorite/changeStatus')[0]?.body).toEqual({ id: 801, type: 'zb', isCancel: 0 }));
    await waitFor(() => expect(star(801)).not.toBeDisabled());

    await user.click(star(801));
    await waitFor(() => expect(star(801)).toHaveAttribute('aria-pressed', 'false'));
    expect(env.callsTo('PUT /cms/favorite/changeStatus')[1]?.body).toEqual({ id: 801, type: 'zb', isCancel: 1 });
    expect(status()?.favorited).toBe(false);
  });

  it('puts the star back when the backend refuses', async () => {
    const env = setup({
      extra: { 'PUT /cms/favorite/changeStatus': () => ({ code: 500, msg: '收藏数量已达上限（普通会员 500 个），请先取消部分收藏' }) },
    });
    renderPage(zbListPage, '/zb', env);
    await screen.findByText('济南市道路工程招标公告 801');
    await waitFor(() => expect(star(801)).not.toBeDisabled());
    await typist().click(star(801));
    await waitFor(() => expect(env.callsTo('PUT /cms/favorite/changeStatus')).toHaveLength(1));
    await waitFor(() => expect(star(801)).toHaveAttribute('aria-pressed', 'false'));
  });

  it('reads the favourites list once when the backend lacks the ids call', async () => {
    const env = setup({
      capabilities: BASE_CAPABILITIES,
      extra: {
        'GET /cms/favorite/list/': (call) =>
          table(
            call.query.get('isCancel') === '0' && call.query.get('type') === 'zb' ? [{ id: 1, type: 'zb', dataId: 803, isCancel: 0 }] : [],
          ),
      },
    });
    renderPage(zbListPage, '/zb', env);
    await screen.findByText('济南市道路工程招标公告 801');
    await waitFor(() => expect(star(803)).toHaveAttribute('aria-pressed', 'true'));
    expect(star(802)).toHaveAttribute('aria-pressed', 'false');
    expect(env.callsTo('GET /cms/favorite/ids/zb')).toHaveLength(0);
    expect(env.callsTo('GET /cms/favorite/list/').map((call) => call.query.get('pageSize'))).toEqual(['100']);
  });

  it("sends a visitor to log in and back, as the detail's 收藏 does", async () => {
    const env = setup();
    env.deps.session = createSessionStore(LOGGED_OUT);
    renderPage(zbListPage, '/zb?keyword=道路', env);
    const link = await screen.findByRole('link', { name: '登录后收藏：济南市道路工程招标公告 801' });
    expect(link).toHaveAttribute('href', `/user_login?redirect=${encodeURIComponent('/zb?keyword=道路')}`);
    expect(screen.queryByRole('button', { name: /^收藏：/ })).toBeNull();
    expect(env.calls.filter((call) => call.path.startsWith('/cms/favorite'))).toHaveLength(0);
  });
});

describe('新: published since the previous visit', () => {
  const at = (text: string) => Date.parse(`${text}+08:00`);

  it('starts a new visit after 30 idle minutes; the previous one ends when it was last seen', () => {
    const first = nextVisit(null, at('2026-11-20T09:00:00'));
    expect(first).toEqual({ previous: null, seen: at('2026-11-20T09:00:00') });
    const sameVisit = nextVisit(first, at('2026-11-20T09:29:00'));
    expect(sameVisit.previous).toBeNull();
    const later = nextVisit(sameVisit, at('2026-11-20T09:29:00') + VISIT_GAP_MS + 1);
    expect(later.previous).toBe(at('2026-11-20T09:29:00'));
    // Within the visit the boundary stays where it was, page after page.
    expect(nextVisit(later, later.seen + 60_000).previous).toBe(at('2026-11-20T09:29:00'));
  });

  it('marks what was published after the previous visit, nothing on a first visit', () => {
    const previous = at('2026-11-25T18:00:00');
    expect(isNewSince('2026-11-25 18:00:01', previous)).toBe(true);
    expect(isNewSince('2026-11-25 18:00:00', previous)).toBe(false);
    expect(isNewSince('2026-11-25 09:00:00', previous)).toBe(false);
    expect(isNewSince('2026-11-26 09:00:00', null)).toBe(false);
    expect(isNewSince('not a date', previous)).toBe(false);
  });

  it('renders none on the server, so hydration agrees', () => {
    window.localStorage.setItem(VISIT_STORAGE_KEY, JSON.stringify({ previous: 0, seen: Date.now() }));
    expect(renderToString(<NewBadge publishTime="2026-11-26 09:00:00" />)).toBe('');
  });
});
