import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Form, Input } from 'antd';
import { useLocation, useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import { PATHS } from '@shared/routes';
import { ACCOUNT } from '@shared/contract/fields';
import { toAntdRule } from '@shared/contract/form-rules';
import { useAuthConfig } from '../auth-config';
import { withRedirect, type LoginLocationState } from '../auth-links';
import { usePasswordCipher } from '../../../lib/password-cipher';
import { useAuthSubmit, useSignIn } from '../use-sign-in';
import { useForgotPasswordLink } from '../forgot-password';
import { CaptchaField, useCaptcha } from './captcha-field';
import { PASSWORD_RULES } from './new-password-fields';
import { AuthSubmit } from './auth-submit';

interface LoginValues {
  username: string;
  password: string;
  code?: string;
}

const USERNAME_RULES = [toAntdRule(ACCOUNT.username, { required: '请输入您的账号' })];

export function LoginForm() {
  const config = useAuthConfig();
  const captcha = useCaptcha(config.captchaEnabled);
  const encrypt = usePasswordCipher(config.publicKey);
  const signIn = useSignIn();
  const forgot = useForgotPasswordLink('desktop');
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const registered = (useLocation().state as LoginLocationState | null)?.registeredUsername;
  const [form] = Form.useForm<LoginValues>();
  const { error, setError, pending, submit } = useAuthSubmit(captcha, () => form.setFieldValue('code', ''));

  const onFinish = (values: LoginValues) =>
    submit(async () =>
      signIn(
        {
          username: values.username.trim(),
          password: await encrypt(values.password),
          code: captcha.enabled ? values.code?.trim() : undefined,
          uuid: captcha.uuid,
          pow: await captcha.proof(),
          loginType: 'password',
        },
        redirect,
      ),
    );

  return (
    <Form<LoginValues>
      form={form}
      className="auth-form"
      size="large"
      initialValues={{ username: registered ?? '' }}
      // onFinish catches its own failures and shows them in the form.
      onFinish={(values) => void onFinish(values)}
      onValuesChange={() => setError(null)}
      requiredMark={false}
    >
      {registered ? <Alert className="auth-alert" type="success" showIcon title="注册成功，请登录" /> : null}
      <Form.Item name="username" rules={USERNAME_RULES}>
        <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" aria-label="用户名" maxLength={20} />
      </Form.Item>
      <Form.Item name="password" rules={PASSWORD_RULES}>
        <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" aria-label="密码" maxLength={20} />
      </Form.Item>
      <CaptchaField captcha={captcha} />
      <AuthSubmit error={error} pending={pending} label="登录" busyLabel="登录中" />
      <div className="auth-links">
        <span>
          还没有账号？<RouteLink to={withRedirect(PATHS.register, redirect)}>免费注册</RouteLink>
        </span>
        <RouteLink to={forgot.href}>{forgot.label}</RouteLink>
      </div>
    </Form>
  );
}
