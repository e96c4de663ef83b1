/// <reference types="vite/client" />
// The member area's styles, in this chunk: antd's components only members see, then ours.
import 'virtual:antd-member.css';
import '../../styles/member.css';
import { useQuery } from '@tanstack/react-query';
import { NavLink, Outlet } from 'react-router-dom';
import { RouteLink } from '../../components/route-link';
import type { MemberUser } from '@shared/member/types';
import { DICT_TYPES } from '@shared/system/types';
import { formatCount } from '@shared/format';
import { parseTime } from '@shared/time';
import { useHttp } from '../../lib/http/context';
import { gjNumQueryOptions } from '../../features/visit/api';
import { AntdScope } from '../../components/antd-scope';
import { DictTag } from '../../components/dict-label';
import { NavToggle } from '../../components/nav-toggle';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { usePathAvailable } from '../../lib/capabilities';
import { useSession } from '../../lib/session';
import { useUi } from '../../lib/ui-state';

interface MenuItem {
  to: string;
  label: string;
  /** Shows the number of clients due for a visit (getGJNum `due`). */
  dueBadge?: boolean;
}

const MEMBER_MENU: readonly { group: string; items: readonly MenuItem[] }[] = [
  {
    group: '会员中心',
    items: [
      { to: '/user', label: '概览' },
      { to: '/user/alerts', label: '消息提醒' },
      { to: '/user/favorite', label: '我的收藏' },
      { to: '/user/bidding', label: '订阅招标' },
    ],
  },
  {
    group: '客户跟进',
    items: [
      { to: '/user/baifangClient', label: '拜访客户', dueBadge: true },
      { to: '/user/baifangRecords', label: '拜访记录' },
      { to: '/user/baifang-bak', label: '客户卡片' },
      { to: '/user/baifangRecords-bak', label: '拜访时间线' },
    ],
  },
  {
    group: '会员服务',
    items: [
      { to: '/user/vipuser', label: 'VIP 会员' },
      { to: '/user/duanMember', label: '短期会员' },
      { to: '/user/chargeMember', label: '积分充值' },
      { to: '/user/logscore', label: '积分日志' },
      { to: '/user/msgForm', label: '我的留言' },
    ],
  },
  {
    group: '账号设置',
    items: [
      { to: '/user/member', label: '会员资料' },
      { to: '/user/resetPassword', label: '修改密码' },
    ],
  },
];

/** Who is signed in, their tier and points: the first thing a member centre shows. */
function MemberCard({ user, name }: { user: MemberUser | null; name: string }) {
  return (
    <div className="user-card">
      <span className="user-card-avatar" aria-hidden="true">
        {Array.from(name)[0] ?? ''}
      </span>
      <div className="user-card-text">
        <p className="user-card-name" title={name}>
          {name}
        </p>
        {user ? (
          <p className="user-card-tier">
            <DictTag type={DICT_TYPES.memberLevel} value={user.level} />
            {user.levelExpireTime ? <span>至 {parseTime(user.levelExpireTime, 'YYYY-MM-DD')}</span> : null}
          </p>
        ) : null}
        {user ? (
          <RouteLink className="user-card-score" to="/user/logscore">
            积分 <strong>{formatCount(user.score)}</strong>
          </RouteLink>
        ) : null}
      </div>
    </div>
  );
}

/** The member area: site header, the member's card and a side menu of every member page, the page. */
export function UserLayout() {
  const session = useSession();
  // Member pages prefetch this with their data, so the badge is in the server HTML.
  const gjNum = useQuery({ ...gjNumQueryOptions(useHttp()), enabled: session.isLogin });
  const due = gjNum.data?.due ?? 0;
  // spec §3/§4: the navigation-shown flag (NavToggle).
  const { navShown } = useUi();
  const available = usePathAvailable();
  const menu = MEMBER_MENU.map((section) => ({ ...section, items: section.items.filter((item) => available(item.to)) }));
  return (
    <AntdScope>
      <div className="layout layout-user">
        <SiteHeader />
        <div className="container user-body">
          <aside className="user-side" id="user-side" hidden={!navShown}>
            <MemberCard user={session.member_info} name={session.name || session.member_name} />
            <nav className="user-menu" aria-label="会员中心菜单">
              {menu.map((section) => (
                <div key={section.group} className="user-menu-group">
                  <p className="user-menu-title">{section.group}</p>
                  {section.items.map((item) => (
                    <NavLink key={item.to} to={item.to} end className="user-menu-link">
                      {item.label}
                      {item.dueBadge && due > 0 ? (
                        <span className="user-menu-badge" aria-label={`${due} 个客户待拜访`} title="今天及之前应拜访的客户">
                          {due > 99 ? '99+' : due}
                        </span>
                      ) : null}
                    </NavLink>
                  ))}
                </div>
              ))}
            </nav>
          </aside>
          <main className="user-main" id="main">
            <NavToggle controls="user-side" />
            {/* Logged out here (logout, a 401) the page is on its way home or to login: its member
                queries are gone from the cache and must not be asked again as a visitor's. */}
            {session.isLogin ? <Outlet /> : null}
          </main>
        </div>
        <SiteFooter />
      </div>
    </AntdScope>
  );
}
