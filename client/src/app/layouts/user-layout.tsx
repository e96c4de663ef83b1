import { NavLink, Outlet } from 'react-router-dom';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';

const MEMBER_MENU = [
  {
    group: '会员中心',
    items: [
      { to: '/user', label: '概览' },
      { to: '/user/favorite', label: '我的收藏' },
      { to: '/user/bidding', label: '订阅招标' },
    ],
  },
  {
    group: '客户跟进',
    items: [
      { to: '/user/baifangClient', label: '拜访客户' },
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
] as const;

/** The member area: site header, a side menu of every member page, the page. */
export function UserLayout() {
  return (
    <div className="layout layout-user">
      <SiteHeader />
      <div className="container user-body">
        <nav className="user-menu" aria-label="会员中心菜单">
          {MEMBER_MENU.map((section) => (
            <div key={section.group} className="user-menu-group">
              <p className="user-menu-title">{section.group}</p>
              {section.items.map((item) => (
                <NavLink key={item.to} to={item.to} end className="user-menu-link">
                  {item.label}
                </NavLink>
              ))}
            </div>
          ))}
        </nav>
        <main className="user-main" id="main">
          <Outlet />
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}
