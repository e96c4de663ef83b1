/** /m/pages/login/index 会员登录 on the mobile site, also the /3g QR code's target. */
import type { PageLoadArgs } from '../../../lib/page';
import { loadAuthConfig } from '../auth-config';
import { MobileLoginForm } from './m-auth-form';
import { MobileHead } from '../../../components/mobile/m-parts';

export function Component() {
  return (
    <div className="m-auth">
      <MobileHead title="会员登录" noindex />
      <h1 className="m-title">会员登录</h1>
      <MobileLoginForm />
    </div>
  );
}

export function load({ deps }: PageLoadArgs): Promise<unknown> {
  return loadAuthConfig(deps);
}
