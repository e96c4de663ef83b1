/**
 * Login and registration as the forms (desktop and phone) do them: the call, the session, then the
 * page the member came for.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@shared/constants';
import type { LoginBody, RegisterBody } from '@shared/member/types';
import { PATHS, safeRedirectTarget } from '@shared/routes';
import { ApiError } from '../../lib/http/errors';
import { useHttp } from '../../lib/http/context';
import { login, register } from './api';
import { feedback } from '../../lib/feedback';
import { useSessionStore } from '../../lib/session';
import { beginSession } from '../../lib/session-actions';
import { PasswordCipherError } from '../../lib/password-cipher';
import { withRedirect, type LoginLocationState } from './auth-links';
import type { Captcha } from './captcha';

/**
 * Logs in and goes to `redirect` when it is a path of this site (spec §2 guard), else `home` (/user,
 * or the mobile site's member home). The forms show failures beside themselves, so the call asks
 * the request layer not to toast them.
 */
export function useSignIn(home: string = PATHS.member): (body: LoginBody, redirect: string | null) => Promise<void> {
  const queryClient = useQueryClient();
  const http = useHttp();
  const session = useSessionStore();
  const navigate = useNavigate();
  return useCallback(
    async (body, redirect) => {
      const result = await login(http, body, { notify: false });
      await beginSession({ queryClient, http, session }, result.expiresIn);
      feedback.success('登录成功');
      await navigate(withCarriedHash(safeRedirectTarget(redirect, home), redirect), { replace: true });
    },
    [queryClient, http, session, navigate, home],
  );
}

/**
 * The server's guard redirects a page load to login without the page's `#hash` (a server never sees
 * one), and the browser carries the hash over to the login page's address: the member goes back
 * to it. A target of the client's guard holds its hash already.
 */
function withCarriedHash(target: string, redirect: string | null): string {
  return redirect === null || target.includes('#') ? target : target + window.location.hash;
}

/** What a form says about a failed submit; null for a refused double submit (already toasted). */
export function failureMessage(error: unknown): string | null {
  if (error instanceof ApiError) return error.kind === 'repeat-submit' ? null : error.message;
  if (error instanceof PasswordCipherError) return error.message;
  return MESSAGES.unknown;
}

/**
 * Registers, then logs the new member in with the same credentials; with a captcha the member goes
 * to `loginPath` instead, name filled in, since a login needs a fresh captcha answer.
 */
export function useRegister(
  loginPath: string,
  home?: string,
): (body: RegisterBody, captchaEnabled: boolean, redirect: string | null) => Promise<void> {
  const http = useHttp();
  const navigate = useNavigate();
  const signIn = useSignIn(home);
  return useCallback(
    async (body, captchaEnabled, redirect) => {
      await register(http, body, { notify: false });
      if (captchaEnabled) {
        const state: LoginLocationState = { registeredUsername: body.username };
        await navigate(withRedirect(loginPath, redirect), { state });
        return;
      }
      feedback.success('注册成功');
      await signIn({ username: body.username, password: body.password, loginType: 'password' }, redirect);
    },
    [http, navigate, signIn, loginPath],
  );
}

/**
 * An auth form's submit (desktop, phone, recovery): the failure shown in the form, and a fresh captcha after each
 * failed attempt (the attempt used the challenge up; the other fields stay as typed). A double
 * click submits twice and the duplicate-submit guard refuses the second (spec §5): that one shows
 * nothing and leaves the captcha to the first, and the form stays busy until both have ended.
 */
export function useAuthSubmit(captcha: Captcha, clearCode: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(0);
  const submit = async (attempt: () => Promise<void>) => {
    setError(null);
    setPending((n) => n + 1);
    try {
      await attempt();
    } catch (caught) {
      const message = failureMessage(caught);
      if (message === null) return;
      setError(message);
      if (captcha.enabled) {
        clearCode();
        captcha.refresh();
      }
    } finally {
      setPending((n) => n - 1);
    }
  };
  return { error, setError, pending: pending > 0, submit };
}
