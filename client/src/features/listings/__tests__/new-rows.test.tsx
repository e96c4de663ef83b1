/**
 * 新 on the /zb rows after hydration: the previous visit, kept in localStorage, was last seen at
 * 2026-11-25 18:00 Shanghai, so today's visit marks what was published since. (One test per file:
 * a page reads its visit once, as the portal does.)
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { VISIT_STORAGE_KEY } from '../../../lib/last-visit';
import { renderPage } from '../../../test/page-harness';
import * as zbListPage from '../pages/zb-list-page';
import { setup } from './list-harness';

afterEach(cleanup);

const at = (text: string) => Date.parse(`${text}+08:00`);

describe('新 on the /zb rows', () => {
  it('shows 新 on the rows published since the last visit, after hydration', async () => {
    // The last visit was seen at 2026-11-25 18:00 Shanghai; today's visit starts now.
    window.localStorage.setItem(VISIT_STORAGE_KEY, JSON.stringify({ previous: null, seen: at('2026-11-25T18:00:00') }));
    renderPage(zbListPage, '/zb', setup());
    const title = await screen.findByText('济南市道路工程招标公告 801');
    const rowOf = (id: number) => screen.getByText(`济南市道路工程招标公告 ${id}`).closest('li') as HTMLElement;
    await waitFor(() => expect(within(title.closest('li') as HTMLElement).getByText('新')).toBeInTheDocument());
    expect(within(rowOf(802)).queryByText('新')).toBeNull();
    expect(within(rowOf(803)).queryByText('新')).toBeNull();
    const stored = JSON.parse(window.localStorage.getItem(VISIT_STORAGE_KEY) ?? '{}') as { previous: number };
    expect(stored.previous).toBe(at('2026-11-25T18:00:00'));
  });
});
