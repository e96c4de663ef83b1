import { NotificationOutlined, ProjectOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { AntdScope } from '../../../components/antd-scope';
import { useSite } from '../../../lib/site';

const BENEFITS = [
  { icon: <ProjectOutlined />, title: '拟在建项目库', text: '立项、审批到施工，项目进展全程跟踪' },
  { icon: <NotificationOutlined />, title: '招标信息每日更新', text: '招标公告、变更与中标结果一站查看' },
  { icon: <TeamOutlined />, title: '客户拜访管理', text: '收藏项目一键加入跟进，拜访记录不遗漏' },
  { icon: <SafetyCertificateOutlined />, title: '联系方式直达', text: 'VIP 会员查看全部项目联系人' },
] as const;

/** The login and register card: what membership offers on the left, the form on the right. */
export function AuthFrame({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const site = useSite();
  return (
    <div className="auth">
      <aside className="auth-aside" aria-label="会员权益">
        <p className="auth-aside-brand">{site.name}</p>
        <p className="auth-aside-title">找项目 · 查招标 · 跟客户</p>
        <ul className="auth-benefits">
          {BENEFITS.map((b) => (
            <li key={b.title}>
              <span className="auth-benefit-icon" aria-hidden="true">
                {b.icon}
              </span>
              <span>
                <strong>{b.title}</strong>
                <span className="auth-benefit-text">{b.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </aside>
      <section className="auth-main">
        <h1 className="auth-title">{title}</h1>
        <p className="auth-subtitle">{subtitle}</p>
        <AntdScope>{children}</AntdScope>
      </section>
    </div>
  );
}
