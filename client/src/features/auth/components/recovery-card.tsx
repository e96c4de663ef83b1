/**
 * The card of the password-recovery pages: one page for every device (phones open the link from
 * their mail), the look of the mail links' pages, and ways back to login and to customer service.
 * Plain links: the server sends a phone to the mobile login.
 */
import type { ReactNode } from 'react';
import { PATHS } from '@shared/routes';
import { AntdScope } from '../../../components/antd-scope';
import { PageHead } from '../../../components/page-head';

export function RecoveryCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageHead title={title} noindex />
      <section className="mail-link-page recovery-page" aria-labelledby="recovery-title">
        <h1 id="recovery-title">{title}</h1>
        <AntdScope>{children}</AntdScope>
        <p className="mail-link-more">
          <a href={PATHS.login}>返回登录</a> · 收不到邮件？<a href="/support/service">联系客服</a>
        </p>
      </section>
    </>
  );
}
