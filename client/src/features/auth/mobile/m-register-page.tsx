/** /m/pages/register/index 会员注册 on the mobile site. */
import type { PageLoadArgs } from '../../../lib/page';
import { loadAuthConfig } from '../auth-config';
import { MobileRegisterForm } from './m-auth-form';
import { MobileHead } from '../../../components/mobile/m-parts';

export function Component() {
  return (
    <div className="m-auth">
      <MobileHead title="会员注册" noindex />
      <h1 className="m-title">会员注册</h1>
      <MobileRegisterForm />
    </div>
  );
}

export function load({ deps }: PageLoadArgs): Promise<unknown> {
  return loadAuthConfig(deps);
}
