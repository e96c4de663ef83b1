import { Link, NavLink } from 'react-router-dom';
import { useSession } from '../lib/session';
import { useSite } from '../lib/site';

const NAV = [
  { to: '/', label: '首页', end: true },
  { to: '/xmk', label: '项目库' },
  { to: '/zb', label: '招标信息' },
  { to: '/business/gczx', label: '工程咨询' },
  { to: '/business/xmzx', label: '项目咨询' },
  { to: '/business/zjzx', label: '造价咨询' },
  { to: '/goods', label: '会员服务' },
] as const;

export function SiteLogo() {
  const site = useSite();
  return (
    <Link to="/" className="site-logo" aria-label={`${site.name}首页`}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill="#409EFF" />
        <path d="M7 24V12l9-5 9 5v12h-6v-7h-6v7z" fill="#fff" />
      </svg>
      <span className="site-logo-text">{site.name}</span>
    </Link>
  );
}

/** The member entry: login/register for visitors, the member centre for members. */
function MemberEntry() {
  const session = useSession();
  if (session.isLogin) {
    return (
      <div className="site-member">
        <Link to="/user" className="site-member-name">
          {session.name || session.member_name || '会员中心'}
        </Link>
      </div>
    );
  }
  return (
    <div className="site-member">
      <Link to="/user_login">登录</Link>
      <Link to="/user_register" className="button button-primary button-small">
        免费注册
      </Link>
    </div>
  );
}

export function SiteHeader({ compact = false }: { compact?: boolean }) {
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <SiteLogo />
        {compact ? null : (
          <nav className="site-nav" aria-label="主导航">
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} end={'end' in item} className="site-nav-link">
                {item.label}
              </NavLink>
            ))}
          </nav>
        )}
        <MemberEntry />
      </div>
    </header>
  );
}
