/**
 * /password/reset?token= (ext `passwordRecovery`): the recovery mail's link. The new password
 * follows the register form's rule and leaves the browser RSA-encrypted; the link works once, and
 * setting the password signs the member out everywhere.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Form } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isOneTimeToken } from '@shared/one-time-token';
import { PATHS } from '@shared/routes';
import { useHttp } from '../../../lib/http/context';
import type { PageLoadArgs } from '../../../lib/page';
import { usePasswordCipher } from '../../../lib/password-cipher';
import { useSessionStore } from '../../../lib/session';
import { endSession } from '../../../lib/session-actions';
import { resetPasswordByLink } from '../api';
import { loadAuthConfig, useAuthConfig } from '../auth-config';
import { NewPasswordFields } from '../components/new-password-fields';
import { RecoveryCard } from '../components/recovery-card';
import { failureMessage } from '../use-sign-in';
import { AuthSubmit } from '../components/auth-submit';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

export function Component() {
  const http = useHttp();
  const config = useAuthConfig();
  const encrypt = usePasswordCipher(config.publicKey);
  const session = useSessionStore();
  const queryClient = useQueryClient();
  const token = useSearchParams()[0].get('token');
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onFinish = async (values: ResetValues) => {
    setError(null);
    setPending(true);
    try {
      const result = await resetPasswordByLink(http, { token: token ?? '', password: await encrypt(values.password) });
      // Every session of the member ended: a browser signed in (as anyone) forgets its session too.
      if (session.get().isLogin) await endSession({ queryClient, http, session });
      setDone(result.msg);
    } catch (caught) {
      setError(failureMessage(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <RecoveryCard title="设置新密码">
      {!isOneTimeToken(token) ? (
        <Alert type="error" showIcon title="链接不完整，请从邮件中完整复制链接后再打开" />
      ) : done ? (
        <>
          <Alert type="success" showIcon title={done} role="status" />
          <p>
            <a href={PATHS.login}>去登录</a>
          </p>
        </>
      ) : (
        <Form<ResetValues>
          className="auth-form"
          size="large"
          onFinish={(values) => void onFinish(values)}
          onValuesChange={() => setError(null)}
          requiredMark={false}
        >
          <NewPasswordFields label="新密码" />
          <AuthSubmit error={error} pending={pending} label="保存新密码" busyLabel="保存中" />
        </Form>
      )}
    </RecoveryCard>
  );
}

/** The public key the new password is encrypted with. */
export function load({ deps }: PageLoadArgs): Promise<unknown> {
  return loadAuthConfig(deps);
}
