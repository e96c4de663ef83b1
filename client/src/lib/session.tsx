/**
 * Member state of spec §3–§4. "Logged in" means the server saw the HttpOnly token cookie: the
 * server puts this state into the page, so the header shows the member on first paint, and
 * JavaScript never holds the token itself.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { MemberInfoResult, MemberUser } from '@shared/member/types';
import { ApiError } from './http/errors';
import type { Http } from './http/http';
import { memberInfoQueryOptions } from './session-api';

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
  /** spec §3 `err`: the code of the last member-info call that failed; 0 when it answered. */
  err: number;
  /** spec §3 `msg`: the last member-info call's message (the answer's `msg`, or the failure's). */
  msg: string;
  /** spec §3 `data`: the last member-info answer as the backend sent it; null before one. */
  data: MemberInfoResult | null;
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
  err: 0,
  msg: '',
  data: null,
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
      if (state === LOGGED_OUT) return;
      state = LOGGED_OUT;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The member state of a getMemberInfo answer; without `user` the member is logged out (spec §4). */
export function memberStateFrom(info: MemberInfoResult, expires: number): MemberState {
  const user = info.user;
  if (!user) return LOGGED_OUT;
  return {
    isLogin: true,
    name: user.nickName || user.userName,
    member_name: user.userName,
    avatar: user.avatar,
    roles: info.roles,
    permissions: info.permissions,
    expires,
    member_info: user,
    err: 0,
    msg: info.msg,
    data: info,
  };
}

interface SessionDeps {
  queryClient: QueryClient;
  http: Http;
  session: SessionStore;
}

/**
 * spec §4: with a token, member info is fetched at each page entry; an answer without `user`
 * logs the member out. Always asks the backend (staleTime 0): tiers, points and names change.
 */
export async function loadMemberInfo({ queryClient, http, session }: SessionDeps): Promise<void> {
  if (!session.get().isLogin) return;
  let info: MemberInfoResult;
  try {
    info = await queryClient.fetchQuery({ ...memberInfoQueryOptions(http), staleTime: 0 });
  } catch (error) {
    // The member stays as they were (a 401 ends the session elsewhere); the state says what failed.
    if (error instanceof ApiError && session.get().isLogin) session.set({ ...session.get(), err: error.code, msg: error.message });
    throw error;
  }
  // A logout that finished meanwhile wins over a late answer.
  if (!session.get().isLogin) return;
  session.set(memberStateFrom(info, session.get().expires));
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

/**
 * Who a detail is fetched for: members read the member endpoint, whose contact block reflects
 * their tier and unlocks; visitors the public one (spec §7). Part of the query key, so a login in
 * the same tab never shows the visitor's masked copy from the cache.
 */
export type Viewer = 'member' | 'public';

export const viewerOf = (isLogin: boolean): Viewer => (isLogin ? 'member' : 'public');
