/**
 * /3g 手机版: a QR code that opens the mobile site — for members with their random password, so
 * scanning signs them in (DOMAIN.md). Without a configured mobile site (MOBILE_SITE_URL) the page
 * says so and the code opens this portal instead.
 *
 * The random password is a second password, so it is fetched by the browser after hydration and
 * never rendered on the server: it stays out of the HTML and its dehydrated state (which a saved
 * page, the back/forward cache or a proxy log could keep), the way the captcha is
 * (docs/decisions/qr-login.md).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCode } from 'antd';
import { useSyncExternalStore } from 'react';
import { RouteLink } from '../../../components/route-link';
import { useHttp } from '../../../lib/http/context';
import { authKeys, createRandomPassword, randomPasswordQueryOptions } from '../api';
import { AntdScope } from '../../../components/antd-scope';
import { PageHead } from '../../../components/page-head';
import { SiteLogo } from '../../../components/site-logo';
import { usePortalSettings } from '../../../lib/portal-settings';
import { useSession } from '../../../lib/session';
import { mobileLink } from '../mobile-link';

const noSubscription = () => () => {};

/** The browser's origin after hydration; null on the server (and so in the hydrating render). */
function useBrowserOrigin(): string | null {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => null,
  );
}

export function Component() {
  const settings = usePortalSettings();
  const session = useSession();
  const http = useHttp();
  const queryClient = useQueryClient();
  const browserOrigin = useBrowserOrigin();
  const randomPassword = useQuery({ ...randomPasswordQueryOptions(http), enabled: session.isLogin }).data;
  const rotate = useMutation({
    mutationFn: () => createRandomPassword(http),
    onSuccess: (next) => queryClient.setQueryData(authKeys.randomPassword(), next),
  });
  const member =
    session.isLogin && randomPassword && session.member_name
      ? { userName: session.member_name, randomPassword: randomPassword.randomPassword }
      : null;
  // A member's code waits for the password: showing the visitor's code first would be a wrong code.
  const waitingForPassword = session.isLogin && member === null;
  const link = waitingForPassword
    ? null
    : mobileLink({ mobileSiteUrl: settings.mobileSiteUrl, portalOrigin: settings.siteUrl ?? browserOrigin, member });

  return (
    <section className="mobile-page" aria-labelledby="mobile-title">
      <PageHead title="手机版" description="用手机扫描二维码，随时随地查看项目与招标信息。" canonical="/3g" />
      <SiteLogo />
      <h1 id="mobile-title">手机扫码访问</h1>
      <p className="mobile-intro">用手机扫描二维码，打开手机版，随时随地查看项目与招标信息。</p>
      <div className="mobile-qr">
        {link ? (
          <AntdScope>
            <QRCode
              value={link}
              type="svg"
              size={224}
              bordered={false}
              errorLevel="M"
              aria-label={member ? '手机版登录二维码' : '手机版二维码'}
            />
          </AntdScope>
        ) : (
          <div className="mobile-qr-placeholder" aria-hidden="true" />
        )}
      </div>
      {link ? <p className="mobile-url">{member ? '扫码后自动登录手机版' : link}</p> : null}

      {session.isLogin && member ? (
        <div className="mobile-note">
          <p>
            手机登录码：<span className="mobile-password">{member.randomPassword}</span>
          </p>
          <p>二维码包含您的登录码，请勿截图转发他人。如已泄露，请更换登录码，旧码立即失效。</p>
          <button type="button" className="button button-small" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
            {rotate.isPending ? '正在更换…' : '更换登录码'}
          </button>
        </div>
      ) : null}
      {!session.isLogin ? (
        <p className="mobile-note">
          <RouteLink to="/user_login?redirect=%2F3g">登录</RouteLink>后扫码，可直接以会员身份登录手机版。
        </p>
      ) : null}
      <div className="mobile-actions">
        <RouteLink className="button" to="/">
          返回首页
        </RouteLink>
        {session.isLogin ? (
          <RouteLink className="button" to="/user">
            会员中心
          </RouteLink>
        ) : null}
      </div>
    </section>
  );
}
