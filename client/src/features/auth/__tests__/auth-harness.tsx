/**
 * Renders the auth forms with the real request layer, query client, session store and router;
 * only the network is replaced, by an axios adapter answering per path (no backend, no sockets).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { JSEncrypt } from 'jsencrypt';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { useRouteLinks } from '../../../components/route-link';
import { CONFIG_KEYS } from '@shared/system/types';
import { createHttp } from '../../../lib/http/axios-http';
import { HttpProvider } from '../../../lib/http/context';
import { createQueryClient } from '../../../lib/query-client';
import { systemKeys } from '../../../lib/system';
import { LOGGED_OUT, SessionProvider, createSessionStore } from '../../../lib/session';
import { NO_SETTINGS, PortalSettingsProvider } from '../../../lib/portal-settings';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';
import { MobileLoginForm } from '../mobile/m-auth-form';
import { Component as PasswordForgotPage } from '../pages/password-forgot-page';
import { Component as PasswordResetPage } from '../pages/password-reset-page';

/** A 1024-bit pair is enough to prove the form encrypts with the key it was given. */
export function createKeyPair(): { publicKey: string; decrypt: (cipher: string) => string | false } {
  const rsa = new JSEncrypt({ default_key_size: '1024' });
  const privateKey = rsa.getPrivateKey();
  const decrypter = new JSEncrypt();
  decrypter.setPrivateKey(privateKey);
  return { publicKey: rsa.getPublicKey(), decrypt: (cipher) => decrypter.decrypt(cipher) };
}

export interface Call {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

export type Answer = (call: Call) => object;

/** The current address; it also mounts the app root's link listener, as every route here renders it. */
function Where() {
  useRouteLinks();
  const location = useLocation();
  return <output aria-label="当前地址">{location.pathname + location.search}</output>;
}

export interface AuthOptions {
  publicKey: string;
  captchaEnabled: boolean;
  answers: Record<string, Answer>;
  /** The request layer's clock (its duplicate-submit guard's); the real one unless a test fixes it. */
  now?: () => number;
  /** What the backend offers beyond spec §7 (none unless given). */
  capabilities?: string[];
}

export function renderAuth(path: string, opts: AuthOptions) {
  const calls: Call[] = [];
  const http = createHttp({ baseURL: '/prod-api', storage: window.sessionStorage, log: () => undefined, now: opts.now });
  http.axios.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const [pathname = ''] = (config.url ?? '').split('?');
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      path: pathname,
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as Record<string, unknown>) : {},
    };
    calls.push(call);
    const answer = opts.answers[`${call.method} ${call.path}`];
    if (!answer) throw new Error(`unexpected call ${call.method} ${call.path}`);
    return { data: answer(call), status: 200, statusText: 'OK', headers: {}, config };
  };
  const queryClient = createQueryClient();
  queryClient.setQueryData(systemKeys.config(CONFIG_KEYS.publicKey), opts.publicKey);
  queryClient.setQueryData(systemKeys.config(CONFIG_KEYS.captchaEnabled), String(opts.captchaEnabled));
  queryClient.setQueryData(systemKeys.config(CONFIG_KEYS.registerUser), 'true');
  const session = createSessionStore(LOGGED_OUT);
  const page = (element: ReactNode) => (
    <>
      {element}
      <Where />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/user_login', element: page(<LoginForm />) },
      { path: '/user_register', element: page(<RegisterForm />) },
      { path: '/m/pages/login/index', element: page(<MobileLoginForm />) },
      { path: '/password/forgot', element: page(<PasswordForgotPage />) },
      { path: '/password/reset', element: page(<PasswordResetPage />) },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <HttpProvider http={http}>
        <SessionProvider store={session}>
          <PortalSettingsProvider settings={{ ...NO_SETTINGS, capabilities: opts.capabilities ?? [] }}>
            <RouterProvider router={router} />
          </PortalSettingsProvider>
        </SessionProvider>
      </HttpProvider>
    </QueryClientProvider>,
  );
  return { calls, session, router };
}

/** A captcha endpoint handing out numbered challenges. */
export function captchaAnswers(): Answer {
  let n = 0;
  return () => {
    n += 1;
    return {
      code: 200,
      msg: '操作成功',
      captchaEnabled: true,
      uuid: `00000000-0000-4000-8000-00000000000${n}`,
      img: btoa(`<svg id="c${n}"/>`),
    };
  };
}

export const memberInfoAnswer: Answer = () => ({
  code: 200,
  msg: '操作成功',
  user: { userId: 9, userName: 'zhanggong', nickName: '张工', avatar: '' },
  roles: ['member'],
  permissions: [],
});
