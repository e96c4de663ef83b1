import { NavLink, Outlet } from 'react-router-dom';
import { ROUTES } from '@shared/routes';

const TEST_ROUTES = ROUTES.filter((r) => r.layout === 'test');

/** Developer pages: a banner saying so and an index of them. Never indexed by search engines. */
export function TestLayout() {
  return (
    <div className="layout layout-test">
      <div className="test-banner" role="note">
        开发测试页面 · 仅供开发人员使用 · <NavLink to="/">返回首页</NavLink>
      </div>
      <div className="container test-body">
        <nav className="test-nav" aria-label="测试页面">
          {TEST_ROUTES.map((r) => (
            <NavLink key={r.path} to={r.path} end className="test-nav-link">
              {r.title}
            </NavLink>
          ))}
        </nav>
        <main className="test-main" id="main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
