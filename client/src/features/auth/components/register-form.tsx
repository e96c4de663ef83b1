import { MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Checkbox, Form, Input, type FormRule } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import { PATHS } from '@shared/routes';
import { ACCOUNT } from '@shared/contract/fields';
import { FORM_MESSAGES, toAntdRule } from '@shared/contract/form-rules';
import { registerBody } from '@shared/member/schemas';
import { useHttp } from '../../../lib/http/context';
import { checkUserNameUnique } from '../api';
import { useAuthConfig } from '../auth-config';
import { withRedirect } from '../auth-links';
import { usePasswordCipher } from '../../../lib/password-cipher';
import { useAuthSubmit, useRegister } from '../use-sign-in';
import { CaptchaField, useCaptcha } from './captcha-field';
import { NewPasswordFields } from './new-password-fields';
import { AuthSubmit } from './auth-submit';

interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  phonenumber?: string;
  code?: string;
  agreement: boolean;
}

const USERNAME_RULES = [toAntdRule(ACCOUNT.username, { required: '请输入您的账号' }), toAntdRule(ACCOUNT.usernameCharacters)];
const MOBILE_RULES = [toAntdRule(registerBody.shape.phonenumber, { invalid: FORM_MESSAGES.mobile })];

/** While the user types, ask whether the name is still free (a network failure does not block). */
function useUniqueUsernameRule(): FormRule {
  const http = useHttp();
  return useMemo(
    () => ({
      validator: async (_rule: unknown, value: unknown) => {
        if (typeof value !== 'string' || value.trim() === '') return;
        let free = true;
        try {
          free = await checkUserNameUnique(http, value.trim());
        } catch {
          // The backend checks again on submit.
        }
        if (!free) throw new Error('该用户名已被注册');
      },
    }),
    [http],
  );
}

export function RegisterForm() {
  const config = useAuthConfig();
  const captcha = useCaptcha(config.captchaEnabled);
  const encrypt = usePasswordCipher(config.publicKey);
  const registerAndSignIn = useRegister(PATHS.login);
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const uniqueUsername = useUniqueUsernameRule();
  const [form] = Form.useForm<RegisterValues>();
  const { error, setError, pending, submit } = useAuthSubmit(captcha, () => form.setFieldValue('code', ''));

  const onFinish = (values: RegisterValues) =>
    submit(async () =>
      registerAndSignIn(
        {
          username: values.username.trim(),
          password: await encrypt(values.password),
          code: captcha.enabled ? values.code?.trim() : undefined,
          uuid: captcha.uuid,
          pow: await captcha.proof(),
          phonenumber: values.phonenumber || undefined,
        },
        captcha.enabled,
        redirect,
      ),
    );

  return (
    <Form<RegisterValues>
      form={form}
      className="auth-form"
      size="large"
      // onFinish catches its own failures and shows them in the form.
      onFinish={(values) => void onFinish(values)}
      onValuesChange={() => setError(null)}
      requiredMark={false}
    >
      <Form.Item name="username" hasFeedback validateDebounce={400} rules={[...USERNAME_RULES, uniqueUsername]}>
        <Input prefix={<UserOutlined />} placeholder="用户名（2-20 个字符）" autoComplete="username" aria-label="用户名" maxLength={20} />
      </Form.Item>
      <NewPasswordFields />
      <Form.Item name="phonenumber" rules={MOBILE_RULES}>
        <Input prefix={<MobileOutlined />} placeholder="手机号码（选填）" autoComplete="tel" aria-label="手机号码" maxLength={11} />
      </Form.Item>
      <CaptchaField captcha={captcha} />
      <Form.Item
        name="agreement"
        valuePropName="checked"
        rules={[{ validator: (_rule, value) => (value ? Promise.resolve() : Promise.reject(new Error('请阅读并同意《服务协议》'))) }]}
      >
        <Checkbox>
          我已阅读并同意
          <RouteLink to="/support/fwxy" target="_blank" rel="noopener">
            《服务协议》
          </RouteLink>
        </Checkbox>
      </Form.Item>
      <AuthSubmit error={error} pending={pending} label="注册" busyLabel="注册中" />
      <div className="auth-links">
        <span>
          已有账号？<RouteLink to={withRedirect(PATHS.login, redirect)}>立即登录</RouteLink>
        </span>
      </div>
    </Form>
  );
}
