import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@shared/constants';
import { createHttp } from './http/axios-http';
import { REFRESH_MARGIN_MS, keepSession } from './session-keeper';
import { LOGGED_OUT, createSessionStore, type MemberState } from './session';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 5, 2, 0, 0);

const member = (expires: number): MemberState => ({
  ...LOGGED_OUT,
  isLogin: true,
  name: '张工',
  member_name: 'zhang',
  roles: ['member'],
  permissions: [],
  expires,
});

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

/** A session keeper over a request layer whose RefreshToken answers `refreshAnswer`. */
function start(initial: MemberState, refreshAnswer: object = { code: 200, msg: '操作成功', expiresIn: 1800 }) {
  const session = createSessionStore(initial);
  const refreshCalls: number[] = [];
  const revalidate = vi.fn();
  const onUnauthorized = vi.fn(() => session.clear());
  const http = createHttp({ baseURL: '/prod-api', onUnauthorized, log: () => undefined });
  http.axios.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    refreshCalls.push(Date.now());
    return { data: refreshAnswer, status: 200, statusText: 'OK', headers: {}, config };
  };
  const stop = keepSession({ session, http, storage: window.localStorage, revalidate });
  return { session, refreshCalls, revalidate, stop };
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  window.localStorage.clear();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('token refresh', () => {
  it('refreshes five minutes before expiry and keeps going', async () => {
    const { session, refreshCalls, stop } = start(member(T0 + 30 * MINUTE));
    await vi.advanceTimersByTimeAsync(25 * MINUTE - 1);
    expect(refreshCalls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls).toEqual([T0 + 25 * MINUTE]);
    expect(session.get().expires).toBe(T0 + 55 * MINUTE);
    await vi.advanceTimersByTimeAsync(25 * MINUTE);
    expect(refreshCalls).toHaveLength(2);
    stop();
  });

  it('refreshes a short-lived token halfway through its life instead of at once', async () => {
    const { refreshCalls, stop } = start(member(T0 + REFRESH_MARGIN_MS));
    await vi.advanceTimersByTimeAsync(REFRESH_MARGIN_MS / 2 - 1);
    expect(refreshCalls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls).toHaveLength(1);
    stop();
  });

  it('waits while the tab is hidden and refreshes when it is shown again', async () => {
    const { refreshCalls, stop } = start(member(T0 + 30 * MINUTE));
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(27 * MINUTE);
    expect(refreshCalls).toHaveLength(0);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshCalls).toEqual([T0 + 27 * MINUTE]);
    stop();
  });

  it('ends the session when the tab comes back after the token has lapsed', async () => {
    const { session, refreshCalls, revalidate, stop } = start(member(T0 + 30 * MINUTE));
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(31 * MINUTE);
    setVisibility('visible');
    expect(refreshCalls).toHaveLength(0);
    expect(session.get().isLogin).toBe(false);
    expect(revalidate).toHaveBeenCalled();
    stop();
  });

  it('refreshes at once when the expiry is unknown, to learn it', async () => {
    const { session, refreshCalls, stop } = start(member(0));
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshCalls).toHaveLength(1);
    expect(session.get().expires).toBe(T0 + 30 * MINUTE);
    stop();
  });

  it('a refused refresh ends the session through the request layer, with no retry', async () => {
    const { session, refreshCalls, stop } = start(member(T0 + 10 * MINUTE), { code: 401, msg: '' });
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(session.get().isLogin).toBe(false);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(refreshCalls).toHaveLength(1);
    stop();
  });

  it('does nothing for a visitor', async () => {
    const { refreshCalls, stop } = start(LOGGED_OUT);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(refreshCalls).toHaveLength(0);
    stop();
  });
});

describe('storage (spec §3 keys)', () => {
  it('keeps the non-secret state under user-info-nuxt, user-roles-nuxt and user-token-expiration', () => {
    const { stop } = start(member(T0 + 30 * MINUTE));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userInfo) ?? '')).toEqual({
      name: '张工',
      member_name: 'zhang',
      avatar: '',
    });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userRoles) ?? '')).toEqual({ roles: ['member'], permissions: [] });
    expect(window.localStorage.getItem(STORAGE_KEYS.tokenExpiration)).toBe(String(T0 + 30 * MINUTE));
    expect(window.localStorage.getItem(STORAGE_KEYS.memberToken)).toBeNull();
    stop();
  });

  it('after a reload, takes the token expiry the server could not know from storage', () => {
    window.localStorage.setItem(STORAGE_KEYS.tokenExpiration, String(T0 + 12 * MINUTE));
    const { session, stop } = start(member(0));
    expect(session.get().expires).toBe(T0 + 12 * MINUTE);
    stop();
  });

  it('removes the keys on logout', () => {
    const { session, stop } = start(member(T0 + 30 * MINUTE));
    session.clear();
    for (const key of [STORAGE_KEYS.userInfo, STORAGE_KEYS.userRoles, STORAGE_KEYS.tokenExpiration]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    stop();
  });
});

describe('other tabs', () => {
  const storageEvent = (key: string, newValue: string | null) =>
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: window.localStorage }));

  it('a logout in another tab logs this one out', () => {
    const { session, revalidate, stop } = start(member(T0 + 30 * MINUTE));
    storageEvent(STORAGE_KEYS.userInfo, null);
    expect(session.get().isLogin).toBe(false);
    expect(revalidate).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a login in another tab logs this one in and reloads its data', () => {
    const { session, revalidate, stop } = start(LOGGED_OUT);
    window.localStorage.setItem(STORAGE_KEYS.tokenExpiration, String(T0 + 30 * MINUTE));
    storageEvent(STORAGE_KEYS.userInfo, '{"name":"张工"}');
    expect(session.get()).toMatchObject({ isLogin: true, expires: T0 + 30 * MINUTE });
    expect(revalidate).toHaveBeenCalledTimes(1);
    stop();
  });

  it("a refresh in another tab moves this tab's refresh later", async () => {
    const { session, refreshCalls, stop } = start(member(T0 + 30 * MINUTE));
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    window.localStorage.setItem(STORAGE_KEYS.tokenExpiration, String(T0 + 50 * MINUTE));
    storageEvent(STORAGE_KEYS.tokenExpiration, String(T0 + 50 * MINUTE));
    expect(session.get().expires).toBe(T0 + 50 * MINUTE);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(refreshCalls).toHaveLength(0);
    stop();
  });
});
