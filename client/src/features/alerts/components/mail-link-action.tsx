/**
 * The pages a mail link opens (/mail/confirm, /mail/unsubscribe): the token is read from `?token=`
 * and used only when the reader presses the button — mail scanners that open links do not
 * confirm or unsubscribe anyone. The backend's answer is shown as it is.
 */
import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import { isOneTimeToken } from '@shared/one-time-token';
import { PageHead } from '../../../components/page-head';
import { formFailure } from '../../../lib/form-failure';
import { useHttp } from '../../../lib/http/context';
import type { Http } from '../../../lib/http/http';

export function MailLinkAction(props: {
  title: string;
  intro: string;
  action: string;
  run: (http: Http, token: string) => Promise<string>;
}) {
  const http = useHttp();
  const token = useSearchParams()[0].get('token');
  const valid = isOneTimeToken(token);
  const act = useMutation({ mutationFn: () => props.run(http, token ?? '') });
  return (
    <>
      <PageHead title={props.title} noindex />
      <section className="mail-link-page" aria-labelledby="mail-link-title">
        <h1 id="mail-link-title">{props.title}</h1>
        {!valid ? (
          <Alert type="error" showIcon title="链接不完整，请从邮件中完整复制链接后再打开" />
        ) : act.isSuccess ? (
          <Alert type="success" showIcon title={act.data} role="status" />
        ) : (
          <>
            <p>{props.intro}</p>
            {act.isError ? <Alert type="error" showIcon title={formFailure(act.error)} className="form-alert" /> : null}
            <Button type="primary" size="large" loading={act.isPending} onClick={() => act.mutate()}>
              {props.action}
            </Button>
          </>
        )}
        <p className="mail-link-more">
          <RouteLink to="/user/alerts?tab=delivery">到会员中心管理邮件提醒</RouteLink> · <RouteLink to="/">山东项目网首页</RouteLink>
        </p>
      </section>
    </>
  );
}
