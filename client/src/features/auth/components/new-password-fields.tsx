/**
 * The password rule of the desktop forms (the contract's, as antd rules) and the new password
 * with its confirmation, as registration and the recovery link's page ask for them.
 */
import { LockOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { ACCOUNT } from '@shared/contract/fields';
import { toAntdRule } from '@shared/contract/form-rules';

export const PASSWORD_RULES = [toAntdRule(ACCOUNT.password, { required: '请输入您的密码' }), toAntdRule(ACCOUNT.passwordCharacters)];

/** Fields `password` and `confirmPassword`; the second must repeat the first. */
export function NewPasswordFields({ label = '密码' }: { label?: string }) {
  return (
    <>
      <Form.Item name="password" rules={PASSWORD_RULES}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={`${label}（5-20 个字符）`}
          autoComplete="new-password"
          aria-label={label}
          maxLength={20}
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        dependencies={['password']}
        rules={[
          { required: true, message: '请再次输入您的密码' },
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={`确认${label}`}
          autoComplete="new-password"
          aria-label={`确认${label}`}
          maxLength={20}
        />
      </Form.Item>
    </>
  );
}
