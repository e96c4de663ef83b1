/**
 * The mobile site's login and register forms: plain inputs, the same calls, rules,
 * captcha, password encryption and sign-in as the desktop forms (features/auth), without antd.
 */
import { useEffect, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import { MOBILE_PATHS } from '@shared/routes';
import { ACCOUNT } from '@shared/contract/fields';
import { FORM_MESSAGES, schemaProblem } from '@shared/contract/form-rules';
import { registerBody } from '@shared/member/schemas';

/** The desktop forms' rules (register-form.tsx), checked one field at a time: the first problem, or null. */
const usernameProblem = (value: string) =>
  schemaProblem(ACCOUNT.username, value, { required: '请输入您的账号' }) ?? schemaProblem(ACCOUNT.usernameCharacters, value);
const passwordProblem = (value: string) =>
  schemaProblem(ACCOUNT.password, value, { required: '请输入您的密码' }) ?? schemaProblem(ACCOUNT.passwordCharacters, value);
import { useAuthConfig } from '../auth-config';
import { useForgotPasswordLink } from '../forgot-password';
import { withRedirect, type LoginLocationState } from '../auth-links';
import { captchaImageSrc, useCaptcha, type Captcha } from '../captcha';
import { useAuthSubmit, useRegister, useSignIn } from '../use-sign-in';
import { usePasswordCipher } from '../../../lib/password-cipher';

function Field({ label, error, children }: { label: string; error?: string | null; children: ReactNode }) {
  return (
    <label className="m-field">
      <span>{label}</span>
      {children}
      {error ? <em className="m-field-error">{error}</em> : null}
    </label>
  );
}

function CaptchaInput({ captcha, value, onChange }: { captcha: Captcha; value: string; onChange: (value: string) => void }) {
  if (!captcha.enabled) return null;
  return (
    <div className="m-captcha">
      <Field label="验证码">
        <input
          value={value}
          onChange={(event) => onChange(event.target.value)}
          maxLength={10}
          autoComplete="off"
          inputMode="text"
          required
        />
      </Field>
      <button type="button" className="m-captcha-image" onClick={captcha.refresh} aria-label="看不清？换一张" aria-busy={captcha.loading}>
        {captcha.img ? (
          <img src={captchaImageSrc(captcha.img)} alt="验证码图片" width={120} height={40} />
        ) : captcha.failed ? (
          '点击重试'
        ) : (
          '加载中…'
        )}
      </button>
    </div>
  );
}

const QR_PARAMS = ['loginType', 'username', 'password'] as const;
const noSubscription = () => () => {};
let qrLogin: { username: string; password: string } | null | undefined;

/**
 * The /3g QR code's login (`mobileLink`), read once from the address the page was opened with: the
 * server renders without these parameters (they are not the page's cache key), so the browser
 * reads them after hydration, and keeps them after they leave the address bar.
 */
function readQrLogin(): { username: string; password: string } | null {
  if (qrLogin === undefined) {
    const params = new URLSearchParams(window.location.search);
    const username = params.get('username');
    const password = params.get('password');
    qrLogin = params.get('loginType') === 'randomPassword' && username && password ? { username, password } : null;
  }
  return qrLogin;
}

function withoutQrParams(href: string): string {
  const url = new URL(href);
  for (const key of QR_PARAMS) url.searchParams.delete(key);
  return url.pathname + url.search;
}

/**
 * Login with a password, or with the random password of the /3g QR code
 * (`?loginType=randomPassword&username=…&password=…`): then only the captcha is asked for, and the
 * secret leaves the address bar at once.
 */
export function MobileLoginForm() {
  const config = useAuthConfig();
  const captcha = useCaptcha(config.captchaEnabled);
  const encrypt = usePasswordCipher(config.publicKey);
  const signIn = useSignIn(MOBILE_PATHS.member);
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const registered = (useLocation().state as LoginLocationState | null)?.registeredUsername;
  const [username, setUsername] = useState(registered ?? '');
  const [password, setPassword] = useState('');
  const forgot = useForgotPasswordLink('phone');
  const [code, setCode] = useState('');
  const { error, setError, pending, submit } = useAuthSubmit(captcha, () => setCode(''));
  const qr = useSyncExternalStore(noSubscription, readQrLogin, () => null);
  const qrLogin = qr !== null;
  useEffect(() => {
    // The random password must not stay in the address bar, history or a shared screenshot.
    if (qr) window.history.replaceState(window.history.state, '', withoutQrParams(window.location.href));
  }, [qr]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = qrLogin ? null : (usernameProblem(username.trim()) ?? passwordProblem(password));
    if (invalid) return setError(invalid);
    if (captcha.enabled && !code.trim()) return setError('请输入验证码');
    await submit(async () =>
      signIn(
        {
          username: qr ? qr.username : username.trim(),
          password: await encrypt(qr ? qr.password : password),
          code: captcha.enabled ? code.trim() : undefined,
          uuid: captcha.uuid,
          pow: await captcha.proof(),
          loginType: qrLogin ? 'randomPassword' : 'password',
        },
        redirect,
      ),
    );
  };

  return (
    <form className="m-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {registered ? <p className="m-alert m-alert-success">注册成功，请登录</p> : null}
      {qr ? <p className="m-alert">扫码登录：{qr.username}，输入验证码即可登录</p> : null}
      <Field label="用户名">
        <input
          value={qr ? qr.username : username}
          onChange={(event) => setUsername(event.target.value)}
          autoComplete="username"
          maxLength={20}
          readOnly={qrLogin}
        />
      </Field>
      {qrLogin ? null : (
        <Field label="密码">
          <input
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="current-password"
            maxLength={20}
          />
        </Field>
      )}
      <CaptchaInput captcha={captcha} value={code} onChange={setCode} />
      {error ? (
        <p className="m-alert m-alert-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="m-button m-button-primary m-button-block">
        {pending ? '登录中' : '登录'}
      </button>
      <p className="m-form-links">
        <RouteLink to={withRedirect(MOBILE_PATHS.register, redirect)}>免费注册</RouteLink>
        <a href={forgot.href}>{forgot.label}</a>
      </p>
    </form>
  );
}

export function MobileRegisterForm() {
  const config = useAuthConfig();
  const captcha = useCaptcha(config.captchaEnabled);
  const encrypt = usePasswordCipher(config.publicKey);
  const registerAndSignIn = useRegister(MOBILE_PATHS.login, MOBILE_PATHS.member);
  const redirect = useSearchParams()[0].get('redirect');
  const [values, setValues] = useState({ username: '', password: '', confirm: '', phonenumber: '', code: '' });
  const { error, setError, pending, submit } = useAuthSubmit(captcha, () => setValues((v) => ({ ...v, code: '' })));
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  if (!config.registrationOpen) return <p className="m-alert">暂未开放注册，请联系客服开通账号。</p>;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const username = values.username.trim();
    const invalid =
      usernameProblem(username) ??
      passwordProblem(values.password) ??
      (values.confirm !== values.password ? '两次输入的密码不一致' : null) ??
      schemaProblem(registerBody.shape.phonenumber, values.phonenumber || undefined, { invalid: FORM_MESSAGES.mobile }) ??
      (captcha.enabled && !values.code.trim() ? '请输入验证码' : null);
    if (invalid) return setError(invalid);
    await submit(async () => {
      const password = await encrypt(values.password);
      const code = captcha.enabled ? values.code.trim() : undefined;
      await registerAndSignIn(
        { username, password, code, uuid: captcha.uuid, pow: await captcha.proof(), phonenumber: values.phonenumber || undefined },
        captcha.enabled,
        redirect,
      );
    });
  };

  return (
    <form className="m-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field label="用户名">
        <input value={values.username} onChange={set('username')} autoComplete="username" maxLength={20} />
      </Field>
      <Field label="密码">
        <input type="password" value={values.password} onChange={set('password')} autoComplete="new-password" maxLength={20} />
      </Field>
      <Field label="确认密码">
        <input type="password" value={values.confirm} onChange={set('confirm')} autoComplete="new-password" maxLength={20} />
      </Field>
      <Field label="手机号（选填）">
        <input type="tel" value={values.phonenumber} onChange={set('phonenumber')} autoComplete="tel" maxLength={11} inputMode="numeric" />
      </Field>
      <CaptchaInput captcha={captcha} value={values.code} onChange={(code) => setValues((v) => ({ ...v, code }))} />
      {error ? (
        <p className="m-alert m-alert-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="m-button m-button-primary m-button-block">
        {pending ? '注册中' : '注册'}
      </button>
      <p className="m-form-links">
        已有账号？<RouteLink to={withRedirect(MOBILE_PATHS.login, redirect)}>登录</RouteLink>
      </p>
    </form>
  );
}
