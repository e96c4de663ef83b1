import { PageHead } from '../../../components/page-head';
import type { PageLoadArgs } from '../../../lib/page';
import { loadAuthConfig } from '../auth-config';
import { AuthFrame } from '../components/auth-frame';
import { LoginForm } from '../components/login-form';

export function Component() {
  return (
    <>
      <PageHead title="会员登录" noindex />
      <AuthFrame title="会员登录" subtitle="登录后可收藏项目、查看联系方式并跟进客户">
        <LoginForm />
      </AuthFrame>
    </>
  );
}

/** The public key and the captcha switch, so the form renders complete on the server. */
export function load({ deps }: PageLoadArgs): Promise<unknown> {
  return loadAuthConfig(deps);
}
