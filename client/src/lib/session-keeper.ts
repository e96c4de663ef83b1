/**
 * The browser side of the member session, started once after hydration:
 * - keeps the non-secret state under spec §3's storage keys (`user-info-nuxt`, `user-roles-nuxt`,
 *   `user-token-expiration`), so a reload knows the token's expiry and other tabs follow a login
 *   or logout made in this one;
 * - refreshes the token (`/cms/system/RefreshToken`) before it expires while the tab is visible.
 *   A hidden tab lets it lapse, as the backend's sliding expiry intends for an idle member.
 */
import { STORAGE_KEYS } from '@shared/constants';
import type { Http } from './http/http';
import { refreshToken } from './session-api';
import { LOGGED_OUT, type MemberState, type SessionStore } from './session';

/** Refresh this long before expiry (or halfway, for tokens that live shorter than twice this). */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** After a refresh that failed for a transport reason, try again this much later. */
export const REFRESH_RETRY_MS = 30_000;

export interface SessionKeeperDeps {
  session: SessionStore;
  http: Http;
  /** localStorage */
  storage: Storage;
  /** Re-run the route loaders: the guard and the member info follow the new state. */
  revalidate: () => void;
  now?: () => number;
}

interface StoredInfo {
  name: string;
  member_name: string;
  avatar: string;
}
interface StoredRoles {
  roles: string[];
  permissions: string[];
}

function readExpiration(storage: Storage): number {
  const value = Number(storage.getItem(STORAGE_KEYS.tokenExpiration));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

function writeState(storage: Storage, state: MemberState): void {
  try {
    if (!state.isLogin) {
      storage.removeItem(STORAGE_KEYS.userInfo);
      storage.removeItem(STORAGE_KEYS.userRoles);
      storage.removeItem(STORAGE_KEYS.tokenExpiration);
      return;
    }
    const info: StoredInfo = { name: state.name, member_name: state.member_name, avatar: state.avatar };
    const roles: StoredRoles = { roles: state.roles, permissions: state.permissions };
    storage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(info));
    storage.setItem(STORAGE_KEYS.userRoles, JSON.stringify(roles));
    if (state.expires > 0) storage.setItem(STORAGE_KEYS.tokenExpiration, String(state.expires));
  } catch {
    // Storage disabled or full: the page still works, other tabs just do not follow.
  }
}

/** Starts keeping the session; returns a function that stops it. */
export function keepSession({ session, http, storage, revalidate, now = Date.now }: SessionKeeperDeps): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let refreshing = false;
  let retryAt = 0;
  /** The expiry being kept, and when it was learnt: their difference is the token's lifetime. */
  let known = { expires: 0, since: now() };

  const visible = () => document.visibilityState === 'visible';

  const expire = () => {
    session.clear();
    revalidate();
  };

  const refresh = async () => {
    refreshing = true;
    let expires: number | null = null;
    try {
      const result = await refreshToken(http);
      expires = now() + result.expiresIn * 1000;
    } catch {
      // A body 401 has already ended the session (request layer); anything else: try again soon.
      retryAt = now() + REFRESH_RETRY_MS;
    } finally {
      refreshing = false;
    }
    // Setting the new expiry reschedules through the subscription.
    if (expires !== null && session.get().isLogin) session.set({ ...session.get(), expires });
    else schedule();
  };

  /** Decide, from the state and the clock, whether to refresh now, later or not at all. */
  function schedule(): void {
    clearTimeout(timer);
    timer = undefined;
    const state = session.get();
    if (!state.isLogin || refreshing) return;
    const at = now();
    if (state.expires > 0 && at >= state.expires) {
      // The cookie has lapsed with the token: this tab's member state is stale.
      expire();
      return;
    }
    if (state.expires !== known.expires) {
      known = { expires: state.expires, since: at };
      retryAt = 0;
    }
    // Halfway through a lifetime shorter than twice the margin, so short tokens do not loop.
    const margin = Math.min(REFRESH_MARGIN_MS, (state.expires - known.since) / 2);
    const dueAt = Math.max(retryAt, state.expires === 0 ? at : state.expires - margin);
    if (dueAt <= at) {
      if (visible()) void refresh();
      return;
    }
    timer = setTimeout(schedule, dueAt - at);
  }

  // A reload keeps the expiry the server cannot know (the cookie's expiry is not sent back).
  const initial = session.get();
  if (initial.isLogin && initial.expires === 0) {
    const stored = readExpiration(storage);
    if (stored > 0) session.set({ ...initial, expires: stored });
  }
  writeState(storage, session.get());

  const unsubscribe = session.subscribe(() => {
    writeState(storage, session.get());
    schedule();
  });

  /** Another tab logged in, out, or refreshed the shared cookie. */
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== storage) return;
    const state = session.get();
    if (event.key === STORAGE_KEYS.userInfo) {
      if (event.newValue === null && state.isLogin) expire();
      else if (event.newValue !== null && !state.isLogin) {
        session.set({ ...LOGGED_OUT, isLogin: true, expires: readExpiration(storage) });
        revalidate();
      }
    } else if (event.key === STORAGE_KEYS.tokenExpiration && state.isLogin && event.newValue !== null) {
      const expires = readExpiration(storage);
      if (expires > state.expires) session.set({ ...state, expires });
    }
  };

  const onVisibility = () => {
    if (visible()) schedule();
  };

  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', onVisibility);
  schedule();

  return () => {
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('storage', onStorage);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
