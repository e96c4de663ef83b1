import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import type { MemberInfoResult, MemberUser } from '@shared/member/types';
import { createHttp } from './http/axios-http';
import { createQueryClient } from './query-client';
import { LOGGED_OUT, createSessionStore, loadMemberInfo, memberStateFrom, type MemberState } from './session';
import { beginSession, endSession } from './session-actions';
import { LOGOUT_MARK_COOKIE } from '@shared/constants';

const user: MemberUser = {
  userId: 7,
  userName: 'zhanggong',
  nickName: '张工',
  avatar: '/avatar/7.png',
  phonenumber: '13800000000',
  email: '',
  company: '济南路桥',
  level: '2',
  levelExpireTime: '2027-01-01 00:00:00',
  score: 120,
  subscribeKeywords: '',
  subscribeRegions: '',
  createTime: '2026-01-01 08:00:00',
  loginDate: null,
};
const info: MemberInfoResult = { code: 200, msg: '操作成功', user, roles: ['member', 'vip'], permissions: ['cms:contact:view'] };

/** Request layer whose answers come from `routes` by path; records the paths asked. */
function setup(routes: Record<string, object>, initial: MemberState = { ...LOGGED_OUT, isLogin: true, expires: 123 }) {
  const asked: string[] = [];
  const http = createHttp({ baseURL: '/prod-api', log: () => undefined });
  http.axios.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const path = config.url ?? '';
    asked.push(`${config.method?.toUpperCase()} ${path}`);
    const data = routes[path];
    if (!data) throw new Error(`unexpected call ${path}`);
    return { data, status: 200, statusText: 'OK', headers: {}, config };
  };
  const queryClient = createQueryClient();
  const session = createSessionStore(initial);
  return { deps: { http, queryClient, session }, asked, session, queryClient };
}

describe('memberStateFrom (spec §3)', () => {
  it('takes member_name from user.userName and the display name from the nickname', () => {
    expect(memberStateFrom(info, 99)).toEqual({
      isLogin: true,
      name: '张工',
      member_name: 'zhanggong',
      avatar: '/avatar/7.png',
      roles: ['member', 'vip'],
      permissions: ['cms:contact:view'],
      expires: 99,
      member_info: user,
      err: 0,
      msg: '操作成功',
      data: info,
    });
  });

  it('falls back to the user name when there is no nickname', () => {
    expect(memberStateFrom({ ...info, user: { ...user, nickName: '' } }, 0).name).toBe('zhanggong');
  });

  it('an answer without user means logged out (spec §4)', () => {
    expect(memberStateFrom({ code: 200, msg: '', roles: [], permissions: [] }, 99)).toBe(LOGGED_OUT);
  });
});

describe('loadMemberInfo (spec §4: at each page entry)', () => {
  it('fills the member state and keeps the known expiry', async () => {
    const { deps, session } = setup({ '/cms/member/getMemberInfo': info });
    await loadMemberInfo(deps);
    expect(session.get()).toMatchObject({ isLogin: true, name: '张工', expires: 123 });
  });

  it('asks again on every call, not from the cache', async () => {
    const { deps, asked } = setup({ '/cms/member/getMemberInfo': info });
    await loadMemberInfo(deps);
    await loadMemberInfo(deps);
    expect(asked).toEqual(['GET /cms/member/getMemberInfo', 'GET /cms/member/getMemberInfo']);
  });

  it('logs the member out when the answer has no user', async () => {
    const { deps, session } = setup({ '/cms/member/getMemberInfo': { code: 200, msg: '', roles: [], permissions: [] } });
    await loadMemberInfo(deps);
    expect(session.get()).toBe(LOGGED_OUT);
  });

  it('keeps err and msg of a failed call in the state (spec §3), and the member as they were', async () => {
    const { deps, session } = setup({ '/cms/member/getMemberInfo': { code: 500, msg: '会员服务暂不可用' } });
    await expect(loadMemberInfo(deps)).rejects.toThrow('会员服务暂不可用');
    expect(session.get()).toMatchObject({ isLogin: true, expires: 123, err: 500, msg: '会员服务暂不可用' });
  });

  it('asks nothing for a visitor', async () => {
    const { deps, asked } = setup({}, LOGGED_OUT);
    await loadMemberInfo(deps);
    expect(asked).toEqual([]);
  });
});

describe('beginSession and endSession', () => {
  it("after login: logged in until expiresIn from now, with the member loaded, and the visitor's data gone", async () => {
    const { deps, session, queryClient } = setup({ '/cms/member/getMemberInfo': info }, LOGGED_OUT);
    queryClient.setQueryData(['xmk', 'detail', 3], { contactMasked: true });
    queryClient.setQueryData(['system', 'config', 'sys.site.title'], '山东项目网');
    await beginSession(deps, 1800, 1_000_000);
    expect(session.get()).toMatchObject({ isLogin: true, name: '张工', expires: 1_000_000 + 1_800_000 });
    expect(queryClient.getQueryData(['xmk', 'detail', 3])).toBeUndefined();
    expect(queryClient.getQueryData(['system', 'config', 'sys.site.title'])).toBe('山东项目网');
  });

  it("logout posts /logout, clears the state and the member's data", async () => {
    const { deps, session, queryClient, asked } = setup({ '/logout': { code: 200, msg: '退出成功' } }, memberStateFrom(info, 5));
    queryClient.setQueryData(['member', 'info'], info);
    await endSession(deps);
    expect(asked).toEqual(['POST /logout']);
    expect(session.get()).toBe(LOGGED_OUT);
    expect(queryClient.getQueryData(['member', 'info'])).toBeUndefined();
  });

  it('a failed logout is only logged, and the member is logged out all the same', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { deps, session } = setup({ '/logout': { code: 500, msg: '服务器错误' } }, memberStateFrom(info, 5));
    await endSession(deps);
    expect(error).toHaveBeenCalledWith('logout failed', expect.anything());
    expect(session.get()).toBe(LOGGED_OUT);
    error.mockRestore();
  });

  it('marks the logout before calling, so the server ends the session should the call be lost', async () => {
    document.cookie = `${LOGOUT_MARK_COOKIE}=; Path=/; Max-Age=0`;
    let markedAtCall = false;
    const { deps } = setup({ '/logout': { code: 200, msg: '退出成功' } }, memberStateFrom(info, 5));
    const adapter = deps.http.axios.defaults.adapter as (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;
    deps.http.axios.defaults.adapter = (config: InternalAxiosRequestConfig) => {
      markedAtCall = document.cookie.includes(`${LOGOUT_MARK_COOKIE}=1`);
      return adapter(config);
    };
    await endSession(deps);
    expect(markedAtCall).toBe(true);
    document.cookie = `${LOGOUT_MARK_COOKIE}=; Path=/; Max-Age=0`;
  });
});
