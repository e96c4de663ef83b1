/** /user/resetPassword 修改密码: old + new + confirmation; success signs the member out everywhere. */
import { CONFIG_KEYS } from '@shared/system/types';
import { configQueryOptions } from '../../../lib/system';
import type { PageLoadArgs } from '../../../lib/page';
import { MemberPage, MemberSection } from '../../../components/member-area/member-page';
import { ResetPasswordForm } from '../components/reset-password-form';
import { loadMemberChrome } from '../api';

export async function load({ deps }: PageLoadArgs) {
  // The key passwords are encrypted with (spec §1), in the HTML so a submit needs no extra call.
  await Promise.all([deps.queryClient.ensureQueryData(configQueryOptions(deps.http, CONFIG_KEYS.publicKey)), loadMemberChrome(deps)]);
}

export function Component() {
  return (
    <MemberPage title="修改密码" intro="修改后所有设备上的登录都会退出，请使用新密码重新登录。">
      <MemberSection className="password-section">
        <ResetPasswordForm />
        <aside className="password-tips">
          <h2>安全提示</h2>
          <ul>
            <li>密码长度 5 到 20 个字符，建议同时包含字母和数字。</li>
            <li>不要使用与其他网站相同的密码。</li>
            <li>忘记原密码请联系客服重置。</li>
          </ul>
        </aside>
      </MemberSection>
    </MemberPage>
  );
}
