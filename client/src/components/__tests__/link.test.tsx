import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, NavLink, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="当前页">{pathname + search}</output>;
}

/** Links inside a router at `start`, with the current location on show. */
function renderAt(start: string, links: ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {links}
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [start] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const here = () => screen.getByLabelText('当前页').textContent;

describe('Link: what the portal relies on', () => {
  it('resolves its href through the router and opens the page in the app on a plain click', () => {
    const router = renderAt('/zb', <Link to="/zb/12?from=list">某某项目施工招标</Link>);
    const link = screen.getByRole('link', { name: '某某项目施工招标' });
    expect(link).toHaveAttribute('href', '/zb/12?from=list');
    const click = fireEvent.click(link, { button: 0 });
    // Handled in the app: the browser's own navigation was prevented.
    expect(click).toBe(false);
    expect(router.state.location.pathname).toBe('/zb/12');
    expect(here()).toBe('/zb/12?from=list');
  });

  it('leaves a click with a modifier key, or one the page prevented, to the browser', () => {
    const router = renderAt(
      '/zb',
      <>
        <Link to="/xmk">项目库</Link>
        <Link to="/xmk/3" onClick={(event) => event.preventDefault()}>
          已阻止
        </Link>
      </>,
    );
    // Ctrl-click opens a new tab: the app must not navigate nor cancel it.
    expect(fireEvent.click(screen.getByRole('link', { name: '项目库' }), { button: 0, ctrlKey: true })).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: '已阻止' }), { button: 0 });
    expect(router.state.location.pathname).toBe('/zb');
  });

  it('is an ordinary link to an absolute URL: same href, no in-app navigation', () => {
    const router = renderAt('/', <Link to="https://m.example.cn/pages/zb/index">手机版</Link>);
    const link = screen.getByRole('link', { name: '手机版' });
    expect(link).toHaveAttribute('href', 'https://m.example.cn/pages/zb/index');
    expect(fireEvent.click(link, { button: 0 })).toBe(true);
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the scroll position when asked (filter links) and replaces history when asked', () => {
    const router = renderAt(
      '/zb',
      <Link to="/zb?noticeType=1" replace preventScrollReset>
        招标公告
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: '招标公告' }), { button: 0 });
    expect(router.state.location.search).toBe('?noticeType=1');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.preventScrollReset).toBe(true);
  });
});

describe('NavLink: marks the link to the current page', () => {
  it('adds the active class and aria-current on its page and the pages below it, unless `end`', () => {
    renderAt(
      '/zb/12',
      <>
        <NavLink to="/zb" className="site-nav-link">
          招标信息
        </NavLink>
        <NavLink to="/zb" end className="site-nav-link">
          招标首页
        </NavLink>
        <NavLink to="/xmk" className="site-nav-link">
          项目库
        </NavLink>
      </>,
    );
    const zb = screen.getByRole('link', { name: '招标信息' });
    expect(zb).toHaveClass('site-nav-link', 'active');
    expect(zb).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '招标首页' })).not.toHaveClass('active');
    const xmk = screen.getByRole('link', { name: '项目库' });
    expect(xmk).toHaveClass('site-nav-link');
    expect(xmk).not.toHaveClass('active');
    expect(xmk).not.toHaveAttribute('aria-current');
  });

  it('does not count a path that merely starts with the same letters, and lets a function pick the class', () => {
    renderAt(
      '/m/pages/zb/index',
      <>
        <NavLink to="/m/pages/zb" className={({ isActive }) => (isActive ? 'm-tab is-active' : 'm-tab')}>
          招标
        </NavLink>
        <NavLink to="/m/" end className={({ isActive }) => (isActive ? 'm-tab is-active' : 'm-tab')}>
          首页
        </NavLink>
        <NavLink to="/m/pages/z">前缀</NavLink>
      </>,
    );
    expect(screen.getByRole('link', { name: '招标' })).toHaveClass('m-tab', 'is-active');
    expect(screen.getByRole('link', { name: '首页' })).toHaveAttribute('class', 'm-tab');
    expect(screen.getByRole('link', { name: '前缀' })).not.toHaveAttribute('aria-current');
  });
});
