import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Http } from '../../lib/http/http';
import { HttpProvider } from '../../lib/http/context';
import { systemKeys } from '../../lib/system';
import { NavToggle } from '../nav-toggle';
import { PageHead } from '../page-head';
import { LOGGED_OUT, SessionProvider, createSessionStore } from '../../lib/session';
import { deviceStateOf } from '../../lib/device-state';
import { UiProvider, createUiStore, type UiStore } from '../../lib/ui-state';

const UA = {
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2308 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  douyinIOS:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 aweme_30.1.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/zh Region/CN',
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderWithUi(children: ReactNode, { userAgent = UA.chromeWindows, store = createUiStore() } = {}) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(systemKeys.site(), { title: '山东项目网 - 找项目首选', description: '', icp: '', hotline: '' });
  const session = createSessionStore(LOGGED_OUT);
  render(
    <QueryClientProvider client={client}>
      <HttpProvider http={{ get: () => new Promise(() => undefined) } as unknown as Http}>
        <SessionProvider store={session}>
          <UiProvider store={store}>
            <RouterProvider router={createMemoryRouter([{ path: '*', element: children }], { initialEntries: ['/user/favorite'] })} />
          </UiProvider>
        </SessionProvider>
      </HttpProvider>
    </QueryClientProvider>,
  );
  return store;
}

describe('device type and in-app browser in the UI state (spec §2, §3)', () => {
  it('reads them from a User-Agent with the shared rules', () => {
    expect(deviceStateOf(UA.wechatAndroid)).toEqual({ device: 'android', inApp: 'wechat' });
    expect(deviceStateOf(UA.douyinIOS)).toEqual({ device: 'ios', inApp: 'tiktok' });
    expect(deviceStateOf(UA.chromeWindows)).toEqual({ device: 'pc', inApp: null });
  });

  it("keeps the browser's own after hydration", async () => {
    const store = renderWithUi(<p>页面</p>, { userAgent: UA.douyinIOS });
    await waitFor(() => expect(store.get()).toMatchObject({ device: 'ios', inApp: 'tiktok' }));
  });

  it('gives WeChat share metadata (title, summary, an absolute picture); other browsers none', async () => {
    renderWithUi(<PageHead title="招标信息" description="全省招标公告" />, { userAgent: UA.wechatAndroid });
    await waitFor(() => expect(document.querySelector('meta[itemprop="image"]')).not.toBeNull());
    expect(document.querySelector('meta[itemprop="name"]')).toHaveAttribute('content', '招标信息 - 山东项目网');
    expect(document.querySelector('meta[itemprop="description"]')).toHaveAttribute('content', '全省招标公告');
    expect(document.querySelector('meta[itemprop="image"]')?.getAttribute('content')).toMatch(
      /^https?:\/\/[^/]+\/images\/share-logo\.png$/,
    );
    cleanup();

    const store = renderWithUi(<PageHead title="招标信息" />, { userAgent: UA.chromeWindows });
    await waitFor(() => expect(store.get().innerTitle).toBe('招标信息'));
    expect(document.querySelector('meta[itemprop]')).toBeNull();
  });
});

describe('navigation-shown flag and inner title (spec §3, §4)', () => {
  it('the toggle hides and shows the menu it controls; hidden, the bar names the page', async () => {
    const store: UiStore = renderWithUi(
      <>
        <PageHead title="我的收藏" />
        <NavToggle controls="user-side" />
      </>,
    );
    const user = userEvent.setup();
    const toggle = () => screen.getByRole('button', { name: /菜单/ });
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(toggle()).toHaveAttribute('aria-controls', 'user-side');
    await user.click(toggle());
    expect(store.get().navShown).toBe(false);
    expect(toggle()).toHaveTextContent('展开菜单');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('我的收藏', { selector: '.user-nav-title' })).toBeInTheDocument();
    await user.click(toggle());
    expect(store.get().navShown).toBe(true);
    expect(toggle()).toHaveTextContent('收起菜单');
  });
});
