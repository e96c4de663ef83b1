/**
 * Member state of spec §3–§4. "Logged in" means the server saw the HttpOnly token cookie: the
 * server puts this state into the page, so the header shows the member on first paint, and
 * JavaScript never holds the token itself.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { MemberUser } from '@shared/contract/member';

export interface MemberState {
  isLogin: boolean;
  /** display name (nickName, else userName) */
  name: string;
  /** spec §3: from user.userName */
  member_name: string;
  avatar: string;
  roles: string[];
  permissions: string[];
  /** token expiry, epoch ms; 0 when unknown */
  expires: number;
  member_info: MemberUser | null;
}

export const LOGGED_OUT: MemberState = {
  isLogin: false,
  name: '',
  member_name: '',
  avatar: '',
  roles: [],
  permissions: [],
  expires: 0,
  member_info: null,
};

export interface SessionStore {
  get(): MemberState;
  set(next: MemberState): void;
  /** spec §4 logout: clears token state, roles, member info and expiry. */
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export function createSessionStore(initial: MemberState): SessionStore {
  let state = initial;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    get: () => state,
    set(next) {
      state = next;
      emit();
    },
    clear() {
      state = LOGGED_OUT;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore outside SessionProvider');
  return store;
}

export function useSession(): MemberState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
