import { Alert } from 'antd';
import { RouteLink } from '../../../components/route-link';
import { PATHS } from '@shared/routes';
import { PageHead } from '../../../components/page-head';
import type { PageLoadArgs } from '../../../lib/page';
import { loadAuthConfig, useAuthConfig } from '../auth-config';
import { AuthFrame } from '../components/auth-frame';
import { RegisterForm } from '../components/register-form';

export function Component() {
  const { registrationOpen } = useAuthConfig();
  return (
    <>
      <PageHead title="会员注册" noindex />
      <AuthFrame title="会员注册" subtitle="注册即送积分，可用于查看项目联系方式">
        {registrationOpen ? (
          <RegisterForm />
        ) : (
          <Alert
            type="info"
            showIcon
            title="当前系统没有开启注册功能"
            description={
              <>
                如需开通会员，请<RouteLink to="/support/service">联系客服</RouteLink>；已有账号请
                <RouteLink to={PATHS.login}>登录</RouteLink>。
              </>
            }
          />
        )}
      </AuthFrame>
    </>
  );
}

/** Whether registration is open, the public key and the captcha switch. */
export function load({ deps }: PageLoadArgs): Promise<unknown> {
  return loadAuthConfig(deps);
}
