import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POPOVER_CLOSE_DELAY_MS } from '@shared/constants';
import type { Http } from '../../../lib/http/http';
import { HttpProvider } from '../../../lib/http/context';
import { LOGGED_OUT, SessionProvider, createSessionStore } from '../../../lib/session';
import { SiteHeader } from '../site-header';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The router renders on real timers; the popover's delays are then measured on fake ones. */
async function renderHeader() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, enabled: false } } });
  const session = createSessionStore({ ...LOGGED_OUT, isLogin: true, name: '张工', member_name: 'zhanggong' });
  render(
    <QueryClientProvider client={client}>
      <HttpProvider http={{} as Http}>
        <SessionProvider store={session}>
          <RouterProvider router={createMemoryRouter([{ path: '*', element: <SiteHeader /> }], { initialEntries: ['/xmk'] })} />
        </SessionProvider>
      </HttpProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole('link', { name: /张工/ });
  vi.useFakeTimers();
}

const name = () => screen.getByRole('link', { name: /张工/ });
/** The panel the name controls (a hidden element has no accessible name to find it by). */
const panel = () => document.getElementById(name().getAttribute('aria-controls') ?? '') as HTMLElement;

describe("header member menu: a popover with spec §9's delays", () => {
  it('opens at once on hover and stays 200 ms after the pointer leaves, long enough to reach the panel', async () => {
    await renderHeader();
    expect(panel()).not.toBeVisible();
    fireEvent.mouseEnter(name());
    expect(panel()).toBeVisible();
    expect(name()).toHaveAttribute('aria-expanded', 'true');

    fireEvent.mouseLeave(name());
    act(() => {
      vi.advanceTimersByTime(POPOVER_CLOSE_DELAY_MS - 1);
    });
    expect(panel()).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(panel()).not.toBeVisible();
  });

  it('coming back within the delay keeps it open; Escape closes it at once', async () => {
    await renderHeader();
    fireEvent.mouseEnter(name());
    fireEvent.mouseLeave(name());
    act(() => {
      vi.advanceTimersByTime(150);
    });
    fireEvent.mouseEnter(panel());
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(panel()).toBeVisible();
    expect(screen.getByRole('navigation', { name: '会员快捷入口' })).toBe(panel());
    expect(screen.getByRole('link', { name: '我的收藏' })).toHaveAttribute('href', '/user/favorite');

    fireEvent.keyDown(name(), { key: 'Escape' });
    expect(panel()).not.toBeVisible();
  });
});
