/**
 * /password/forgot (ext `passwordRecovery`): the member names the account or its confirmed
 * address, answers the captcha, and is told the same whatever the backend found.
 */
import { UserOutlined } from '@ant-design/icons';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useHttp } from '../../../lib/http/context';
import type { PageLoadArgs } from '../../../lib/page';
import { requestPasswordRecovery } from '../api';
import { loadAuthConfig, useAuthConfig } from '../auth-config';
import { CaptchaField, useCaptcha } from '../components/captcha-field';
import { RecoveryCard } from '../components/recovery-card';
import { useAuthSubmit } from '../use-sign-in';
import { AuthSubmit } from '../components/auth-submit';

interface ForgotValues {
  account: string;
  code?: string;
}

export function Component() {
  const http = useHttp();
  const config = useAuthConfig();
  const captcha = useCaptcha(config.captchaEnabled);
  const [form] = Form.useForm<ForgotValues>();
  const [answer, setAnswer] = useState<string | null>(null);
  const { error, setError, pending, submit } = useAuthSubmit(captcha, () => form.setFieldValue('code', ''));

  const onFinish = (values: ForgotValues) =>
    submit(async () => {
      const result = await requestPasswordRecovery(http, {
        account: values.account.trim(),
        code: captcha.enabled ? values.code?.trim() : undefined,
        uuid: captcha.uuid,
        pow: await captcha.proof(),
      });
      setAnswer(result.msg);
    });

  return (
    <RecoveryCard title="找回密码">
      {answer ? (
        <Alert type="success" showIcon title={answer} role="status" />
      ) : (
        <>
          <p>输入用户名或在会员中心确认过的提醒邮箱，我们会把重置密码的链接发到该邮箱。</p>
          <Form<ForgotValues>
            form={form}
            className="auth-form"
            size="large"
            onFinish={(values) => void onFinish(values)}
            onValuesChange={() => setError(null)}
            requiredMark={false}
          >
            <Form.Item name="account" rules={[{ required: true, whitespace: true, message: '请输入用户名或邮箱' }]}>
              <Input
                prefix={<UserOutlined />}
                placeholder="用户名或邮箱"
                autoComplete="username"
                aria-label="用户名或邮箱"
                maxLength={254}
              />
            </Form.Item>
            <CaptchaField captcha={captcha} />
            <AuthSubmit error={error} pending={pending} label="发送重置链接" busyLabel="发送中" />
          </Form>
        </>
      )}
    </RecoveryCard>
  );
}

/** The captcha switch, so the form renders complete on the server. */
export function load({ deps }: PageLoadArgs): Promise<unknown> {
  return loadAuthConfig(deps);
}
