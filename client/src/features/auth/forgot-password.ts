/**
 * Where the login forms' 忘记密码 leads: recovery by mail when the backend offers it (its pages
 * serve phones too), else customer service — on a phone the hotline itself, or the desktop service
 * page in its explicit desktop view (the redirect would send a phone home).
 */
import { desktopViewHref } from '@shared/device';
import { telHref } from '@shared/format';
import { PASSWORD_FORGOT_PATH } from '@shared/member/recovery';
import { useHasCapability } from '../../lib/capabilities';
import { useSite } from '../../lib/site';

const SERVICE_PATH = '/support/service';

export function useForgotPasswordLink(site: 'desktop' | 'phone'): { href: string; label: string } {
  const recovery = useHasCapability('passwordRecovery');
  const { hotline } = useSite();
  if (recovery) return { href: PASSWORD_FORGOT_PATH, label: '忘记密码？' };
  if (site === 'desktop') return { href: SERVICE_PATH, label: '忘记密码？联系客服' };
  return { href: hotline ? telHref(hotline) : desktopViewHref(SERVICE_PATH), label: '忘记密码？联系客服' };
}
