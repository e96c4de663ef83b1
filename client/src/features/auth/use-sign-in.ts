/** Login as the forms do it: the call, the session, then the page the member came for. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@shared/constants';
import type { LoginBody } from '@shared/contract/member';
import { PATHS, safeRedirectTarget } from '@shared/routes';
import { ApiError } from '../../api/http';
import { useHttp } from '../../api/http-context';
import { login } from '../../api/member';
import { feedback } from '../../lib/feedback';
import { beginSession, useSessionStore } from '../../lib/session';
import { PasswordCipherError } from '../../lib/password-cipher';

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
      await navigate(safeRedirectTarget(redirect, home), { replace: true });
    },
    [queryClient, http, session, navigate, home],
  );
}

/** What a form says about a failed submit; null for a refused double submit (already toasted). */
export function failureMessage(error: unknown): string | null {
  if (error instanceof ApiError) return error.kind === 'repeat-submit' ? null : error.message;
  if (error instanceof PasswordCipherError) return error.message;
  return MESSAGES.unknown;
}
