import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { RouteLink, useRouteLinks } from '../route-link';

afterEach(cleanup);

function Where() {
  const { pathname, search, hash } = useLocation();
  return <output aria-label="当前页">{pathname + search + hash}</output>;
}

function Root({ children }: { children: ReactNode }) {
  useRouteLinks();
  return (
    <>
      {children}
      <Where />
    </>
  );
}

/** Links under a root that mounts the one listener, as the app's root route does. */
function renderAt(start: string, links: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: <Root>{links}</Root> }], { initialEntries: [start] });
  render(<RouterProvider router={router} />);
  return router;
}

const here = () => screen.getByLabelText('当前页').textContent;
const link = (name: string) => screen.getByRole('link', { name });

describe('RouteLink', () => {
  it('is a plain <a href> whose plain left-click the router handles', () => {
    const router = renderAt(
      '/zb',
      <RouteLink to="/zb/12?from=list#score" className="result-link">
        某某项目施工招标
      </RouteLink>,
    );
    expect(link('某某项目施工招标')).toHaveAttribute('href', '/zb/12?from=list#score');
    expect(link('某某项目施工招标')).toHaveClass('result-link');
    // Handled in the app: the browser's own navigation was prevented.
    expect(fireEvent.click(link('某某项目施工招标'), { button: 0 })).toBe(false);
    expect(here()).toBe('/zb/12?from=list#score');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('handles a click on an element inside the link (an icon)', () => {
    renderAt(
      '/zb',
      <RouteLink to="/user_login" aria-label="登录后收藏">
        <svg data-testid="star" />
      </RouteLink>,
    );
    expect(fireEvent.click(screen.getByTestId('star'), { button: 0 })).toBe(false);
    expect(here()).toBe('/user_login');
  });

  it('replaces the history entry for a link to the page on show', () => {
    const router = renderAt('/zb?noticeType=1', <RouteLink to="/zb?noticeType=1">招标公告</RouteLink>);
    fireEvent.click(link('招标公告'), { button: 0 });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Meta', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['Alt', { altKey: true }],
  ])('leaves a %s-click to the browser', (_key, modifier) => {
    renderAt('/zb', <RouteLink to="/xmk">项目库</RouteLink>);
    expect(fireEvent.click(link('项目库'), { button: 0, ...modifier })).toBe(true);
    expect(here()).toBe('/zb');
  });

  it('leaves a middle click, a target, a download and a click the page prevented to the browser', () => {
    renderAt(
      '/zb',
      <>
        <RouteLink to="/xmk">项目库</RouteLink>
        <RouteLink to="/xmk/1" target="_blank">
          新窗口
        </RouteLink>
        <RouteLink to="/xmk/2" download>
          下载
        </RouteLink>
        <RouteLink to="/xmk/3" onClick={(event) => event.preventDefault()}>
          已阻止
        </RouteLink>
      </>,
    );
    expect(fireEvent.click(link('项目库'), { button: 1 })).toBe(true);
    expect(fireEvent.click(link('新窗口'), { button: 0 })).toBe(true);
    expect(fireEvent.click(link('下载'), { button: 0 })).toBe(true);
    fireEvent.click(link('已阻止'), { button: 0 });
    expect(here()).toBe('/zb');
  });

  it('opens a target of _self in the app', () => {
    renderAt(
      '/zb',
      <RouteLink to="/xmk" target="_self">
        项目库
      </RouteLink>,
    );
    expect(fireEvent.click(link('项目库'), { button: 0 })).toBe(false);
    expect(here()).toBe('/xmk');
  });

  it('is an ordinary link to another site, a protocol-relative URL, or with reloadDocument', () => {
    renderAt(
      '/',
      <>
        <RouteLink to="https://m.example.cn/pages/zb/index">手机版</RouteLink>
        <RouteLink to="//cdn.example.cn/a.pdf">附件</RouteLink>
        <RouteLink to="/zb" reloadDocument>
          重新载入
        </RouteLink>
      </>,
    );
    expect(link('手机版')).toHaveAttribute('href', 'https://m.example.cn/pages/zb/index');
    for (const name of ['手机版', '附件', '重新载入']) {
      expect(link(name)).not.toHaveAttribute('data-spa');
      expect(fireEvent.click(link(name), { button: 0 })).toBe(true);
    }
    expect(here()).toBe('/');
  });

  it('leaves plain anchors the app did not mark to the browser', () => {
    renderAt('/', <a href="/prod-api/export.xlsx">导出</a>);
    expect(fireEvent.click(link('导出'), { button: 0 })).toBe(true);
    expect(here()).toBe('/');
  });
});
