import { useId, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { RouteLink } from '../../components/route-link';
import { PATHS, loginUrl } from '@shared/routes';
import { usePathAvailable } from '../../lib/capabilities';
import { AlertsBadge } from '../../features/alerts/components/alerts-badge';
import { feedback } from '../../lib/feedback';
import { useSession } from '../../lib/session';
import { useLogout } from '../../lib/session-actions';
import { SiteLogo } from '../../components/site-logo';
import { usePopover } from './use-popover';

const NAV = [
  { to: '/', label: '首页', end: true },
  { to: '/xmk', label: '项目库' },
  { to: '/zb', label: '招标信息' },
  { to: '/company', label: '企业查询' },
  { to: '/business/gczx', label: '工程咨询' },
  { to: '/business/xmzx', label: '项目咨询' },
  { to: '/business/zjzx', label: '造价咨询' },
  { to: '/goods', label: '会员服务' },
] as const;

/** Visitors log in and come back to the page they were on (spec §2: same-site redirects only). */
function loginLink(pathname: string, search: string): string {
  if (pathname === PATHS.login || pathname === PATHS.register || pathname === PATHS.home) return PATHS.login;
  return loginUrl(pathname + search);
}

/** Shortcuts under the member's name, the pages members open most. */
const MEMBER_SHORTCUTS = [
  { to: '/user/favorite', label: '我的收藏' },
  { to: '/user/baifangClient', label: '拜访客户' },
  { to: '/user/logscore', label: '积分日志' },
  { to: '/user/resetPassword', label: '修改密码' },
] as const;

/**
 * The member's name with a popover of shortcuts: it opens as the pointer or focus arrives (spec §9:
 * 0 ms) and closes 200 ms after they leave, so the pointer can travel from the name to the panel.
 */
function MemberMenu({ name, children }: { name: string; children: ReactNode }) {
  const popover = usePopover();
  const panelId = useId();
  return (
    <div
      className="site-member-menu"
      onMouseEnter={popover.show}
      onMouseLeave={popover.hide}
      onFocus={popover.show}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) popover.hide();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') popover.close();
      }}
    >
      <RouteLink to={PATHS.member} className="site-member-name" title={name} aria-expanded={popover.open} aria-controls={panelId}>
        {children}
      </RouteLink>
      <nav id={panelId} className="site-member-pop" aria-label="会员快捷入口" hidden={!popover.open}>
        {MEMBER_SHORTCUTS.map((item) => (
          <RouteLink key={item.to} to={item.to} onClick={popover.close}>
            {item.label}
          </RouteLink>
        ))}
      </nav>
    </div>
  );
}

/** The member entry: login/register for visitors; name, member centre and logout for members. */
function MemberEntry() {
  const session = useSession();
  const logout = useLogout();
  const { pathname, search } = useLocation();
  const [leaving, setLeaving] = useState(false);

  const confirmLogout = async () => {
    if (!(await feedback.confirm({ title: '确定退出登录吗？', okText: '退出登录' }))) return;
    setLeaving(true);
    try {
      await logout();
      feedback.success('已退出登录');
    } finally {
      setLeaving(false);
    }
  };

  if (session.isLogin) {
    const name = session.name || session.member_name;
    return (
      <div className="site-member">
        <MemberMenu name={name}>
          {session.avatar ? (
            <img className="site-member-avatar" src={session.avatar} alt="" width={28} height={28} />
          ) : (
            <span className="site-member-avatar" aria-hidden="true">
              {Array.from(name)[0] ?? ''}
            </span>
          )}
          <span className="site-member-text">{name}</span>
        </MemberMenu>
        <AlertsBadge />
        <RouteLink to={PATHS.member}>会员中心</RouteLink>
        <button type="button" className="site-member-logout" onClick={() => void confirmLogout()} disabled={leaving}>
          退出登录
        </button>
      </div>
    );
  }
  // On the login and register pages the form is the offer: the header names only the other one.
  return (
    <div className="site-member">
      {pathname === PATHS.login ? null : <RouteLink to={loginLink(pathname, search)}>登录</RouteLink>}
      {pathname === PATHS.register ? null : (
        <RouteLink to={PATHS.register} className="button button-primary button-small">
          免费注册
        </RouteLink>
      )}
    </div>
  );
}

export function SiteHeader({ compact = false }: { compact?: boolean }) {
  const available = usePathAvailable();
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <SiteLogo />
        {compact ? null : (
          <nav className="site-nav" aria-label="主导航">
            {NAV.filter((item) => available(item.to)).map((item) => (
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
