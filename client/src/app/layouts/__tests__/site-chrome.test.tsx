import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_KEYS } from '@shared/system/types';
import type { Http } from '../../../lib/http/http';
import { HttpProvider } from '../../../lib/http/context';
import { systemKeys } from '../../../lib/system';
import { LOGGED_OUT, SessionProvider, createSessionStore } from '../../../lib/session';
import { SiteFooter } from '../site-footer';
import { SiteHeader } from '../site-header';

afterEach(cleanup);

/** The configs the root route prefetched; the request layer must not be called. */
function renderAt(path: string, configs: Partial<Record<string, string>>, children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(systemKeys.site(), {
    title: configs[CONFIG_KEYS.siteTitle] ?? '',
    description: configs[CONFIG_KEYS.siteDescription] ?? '',
    icp: configs[CONFIG_KEYS.icp] ?? '',
    hotline: configs[CONFIG_KEYS.servicePhone] ?? '',
  });
  return render(
    <QueryClientProvider client={client}>
      <HttpProvider http={{} as Http}>
        <SessionProvider store={createSessionStore(LOGGED_OUT)}>
          <RouterProvider router={createMemoryRouter([{ path: '*', element: children }], { initialEntries: [path] })} />
        </SessionProvider>
      </HttpProvider>
    </QueryClientProvider>,
  );
}

const memberLinks = () =>
  screen
    .queryAllByRole('link')
    .map((a) => a.textContent)
    .filter((t) => t === '登录' || t === '免费注册');

describe('site header for visitors', () => {
  it('offers 登录 and 免费注册 on public pages', () => {
    renderAt('/xmk', {}, <SiteHeader />);
    expect(memberLinks()).toEqual(['登录', '免费注册']);
  });

  it('does not offer the page the visitor is on: only 免费注册 on /user_login, only 登录 on /user_register', () => {
    renderAt('/user_login', {}, <SiteHeader compact />);
    expect(memberLinks()).toEqual(['免费注册']);
    cleanup();
    renderAt('/user_register', {}, <SiteHeader compact />);
    expect(memberLinks()).toEqual(['登录']);
  });
});

describe('site footer', () => {
  it('shows the 备案号 (linked to the MIIT filing system) and the hotline when the backend has them', () => {
    renderAt('/', { [CONFIG_KEYS.icp]: '鲁ICP备20240001号-1', [CONFIG_KEYS.servicePhone]: '0531-88886666' }, <SiteFooter />);
    expect(screen.getByRole('link', { name: '鲁ICP备20240001号-1' })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    expect(screen.getByRole('link', { name: '0531-88886666' })).toHaveAttribute('href', 'tel:053188886666');
    expect(screen.getByText(/客服热线/)).toBeInTheDocument();
  });

  it('leaves both out when they are not set', () => {
    renderAt('/', {}, <SiteFooter />);
    expect(screen.queryByText(/客服热线/)).toBeNull();
    expect(screen.queryByText(/ICP/)).toBeNull();
  });
});
