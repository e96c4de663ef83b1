/**
 * Beginning and ending a member's session (spec §4, §7): login, registration and logout call these.
 * A module of its own, so that pages a visitor opens do not carry them in their first load.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router-dom';
import { MOBILE_PATHS, PATHS, isMobilePath, requiresLogin } from '@shared/routes';
import { LOGOUT_MARK_COOKIE } from '@shared/constants';
import { useHttp } from './http/context';
import { logout } from './session-api';
import { systemKeys } from './system';
import type { AppDeps } from './page';
import { LOGGED_OUT, loadMemberInfo, useSessionStore } from './session';

type SessionDeps = Pick<AppDeps, 'queryClient' | 'http' | 'session'>;

/** Everything cached for one identity goes when it changes; configs and dictionaries stay. */
function forgetMemberData(queryClient: SessionDeps['queryClient']): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== systemKeys.all[0] });
}

/**
 * After a successful login (the proxy has set the cookie): the member is logged in until
 * `expiresIn` seconds from now unless refreshed, and their info is loaded before any page shows it.
 */
export async function beginSession(deps: SessionDeps, expiresIn: number | undefined, now = Date.now()): Promise<void> {
  forgetMemberData(deps.queryClient);
  deps.session.set({ ...LOGGED_OUT, isLogin: true, expires: expiresIn ? now + expiresIn * 1000 : 0 });
  await loadMemberInfo(deps);
}

/**
 * spec §7 logout: `POST /logout`, whose failure is only logged (the proxy clears the cookies
 * whatever the backend answers), then the member state and member data go. The logout mark goes
 * first: should the call never reach the portal, the next request of this browser ends the session
 * there (server/src/auth/logout-mark.ts), so a reload does not log the member back in.
 */
export async function endSession(deps: SessionDeps): Promise<void> {
  markLogout();
  try {
    await logout(deps.http);
  } catch (error) {
    console.error('logout failed', error);
  }
  deps.session.clear();
  forgetMemberData(deps.queryClient);
}

function markLogout(): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOGOUT_MARK_COOKIE}=1; Path=/; SameSite=Lax${secure}`;
}

/**
 * Log out from anywhere: member pages are left for the home page, a public page stays and
 * reloads its data as a visitor's.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const http = useHttp();
  const session = useSessionStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  return useCallback(async () => {
    await endSession({ queryClient, http, session });
    // A member page is closed to visitors now: that site's home (the mobile site has its own).
    if (requiresLogin(pathname)) await navigate(isMobilePath(pathname) ? MOBILE_PATHS.home : PATHS.home, { replace: true });
    else await revalidator.revalidate();
  }, [queryClient, http, session, navigate, pathname, revalidator]);
}
