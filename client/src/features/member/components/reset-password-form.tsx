/**
 * 修改密码 (spec §3 password reset query, §5 rules): the old password, a new one under the login's
 * rules and a confirmation. Both passwords travel RSA-encrypted in the query. The backend then
 * revokes every token of the member, so success ends the session here too (other tabs follow
 * through the session keeper) and sends the member to log in with the new password.
 */
import { LoadingOutlined, LockOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CONFIG_KEYS } from '@shared/system/types';
import { PATHS } from '@shared/routes';
import { ACCOUNT, ILLEGAL_CHARS_MESSAGE } from '@shared/contract/fields';
import { toAntdRule } from '@shared/contract/form-rules';
import { useHttp } from '../../../lib/http/context';
import { resetPassword } from '../api';
import { configQueryOptions } from '../../../lib/system';
import { feedback } from '../../../lib/feedback';
import { useSessionStore } from '../../../lib/session';
import { endSession } from '../../../lib/session-actions';
import { formFailure } from '../../../lib/form-failure';
import { usePasswordCipher } from '../../../lib/password-cipher';

interface ResetValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The login's password rules, worded for each field. */
const passwordRules = (emptyMessage: string) => [
  toAntdRule(ACCOUNT.password, { required: emptyMessage }),
  toAntdRule(ACCOUNT.passwordCharacters),
];

export function ResetPasswordForm() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const session = useSessionStore();
  const navigate = useNavigate();
  const publicKey = useQuery(configQueryOptions(http, CONFIG_KEYS.publicKey)).data ?? '';
  const encrypt = usePasswordCipher(publicKey);
  const [form] = Form.useForm<ResetValues>();
  const [error, setError] = useState<string | null>(null);
  // Counted, not a flag: a double click runs twice and the guard refuses the second (spec §5).
  const [pending, setPending] = useState(0);

  const onFinish = async (values: ResetValues) => {
    setError(null);
    setPending((n) => n + 1);
    try {
      const [oldPassword, newPassword] = await Promise.all([encrypt(values.oldPassword), encrypt(values.newPassword)]);
      await resetPassword(http, { oldPassword, newPassword }, { notify: false });
    } catch (caught) {
      setError(formFailure(caught));
      setPending((n) => n - 1);
      return;
    }
    feedback.success('密码已修改，请使用新密码重新登录');
    await endSession({ queryClient, http, session });
    await navigate(PATHS.login, { replace: true });
  };

  return (
    <Form<ResetValues>
      form={form}
      layout="vertical"
      className="member-form password-form"
      onFinish={(values) => void onFinish(values)}
      onValuesChange={() => setError(null)}
      onFocus={feedback.preload}
    >
      <Form.Item name="oldPassword" label="原密码" rules={passwordRules('请输入原密码')}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={20} placeholder="当前使用的密码" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label="新密码"
        dependencies={['oldPassword']}
        extra={`5 到 20 个字符，${ILLEGAL_CHARS_MESSAGE}`}
        rules={[
          ...passwordRules('请输入新密码'),
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              value && value === getFieldValue('oldPassword') ? Promise.reject(new Error('新密码不能与原密码相同')) : Promise.resolve(),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={20} placeholder="新的登录密码" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label="确认新密码"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('两次输入的新密码不一致')),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={20} placeholder="再输入一次新密码" />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} className="form-alert" /> : null}
      <div className="form-actions form-actions-start">
        {/* Not disabled while busy: a second click must reach the duplicate-submit guard (spec §5). */}
        <Button type="primary" htmlType="submit" icon={pending > 0 ? <LoadingOutlined /> : undefined}>
          {pending > 0 ? '正在修改' : '确认修改'}
        </Button>
      </div>
    </Form>
  );
}
