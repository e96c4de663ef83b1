import { createMemoryRouter, createStaticHandler, isRouteErrorResponse, type StaticHandlerContext } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { MemberInfoResult } from '@shared/member/types';
import { ROUTES, type RouteSpec } from '@shared/routes';
import type { Http } from '../../lib/http/http';
import { createQueryClient } from '../../lib/query-client';
import { systemKeys } from '../../lib/system';
import { LOGGED_OUT, createSessionStore } from '../../lib/session';
import type { AppDeps } from '../../lib/page';
import { MOBILE_PAGES } from '../mobile-pages';
import { DESKTOP_PAGES } from '../pages';
import { createRoutes, queryPage, routerContext } from '../routes';
import { ApiError } from '../../lib/http/errors';
import { DEMO_USER } from '../../test/page-harness';

/** A visitor's environment whose site configs are cached: the pipeline under test asks the backend nothing. */
function visitorDeps(): AppDeps {
  const queryClient = createQueryClient();
  queryClient.setQueryData(systemKeys.site(), { title: '', description: '', icp: '', hotline: '' });
  const http = new Proxy({} as Http, {
    get: (_, name) => {
      throw new Error(`unexpected backend call (${String(name)})`);
    },
  });
  return { queryClient, http, session: createSessionStore(LOGGED_OUT), capabilities: new Set<string>() };
}

const spec = (path: string, middleware?: string[]): RouteSpec => ({ ...ROUTES.find((r) => r.path === path)!, middleware });

/** A logged-in member's environment whose backend answers member info (and nothing else) with `info`. */
function memberDeps(info: Omit<MemberInfoResult, 'code' | 'msg'>): { deps: AppDeps; memberInfoCalls: () => number } {
  let calls = 0;
  const http = new Proxy({} as Http, {
    get: (_, name) => (endpoint: unknown) => {
      if (name !== 'call' || endpoint !== ENDPOINTS.memberInfo) throw new Error(`unexpected backend call (${String(name)})`);
      calls += 1;
      return Promise.resolve({ code: 200, msg: '操作成功', ...info });
    },
  });
  const deps = { ...visitorDeps(), http, session: createSessionStore({ ...LOGGED_OUT, isLogin: true }) };
  return { deps, memberInfoCalls: () => calls };
}

async function navigate(routes: RouteSpec[], path: string, deps = visitorDeps()): Promise<StaticHandlerContext | Response> {
  const handler = createStaticHandler(createRoutes({ ...DESKTOP_PAGES, ...MOBILE_PAGES }, { capabilities: deps.capabilities, routes }));
  return queryPage(handler, new Request(`http://portal.test${path}`), deps);
}

function routeError(context: StaticHandlerContext | Response): { status: number; message: unknown } {
  if (context instanceof Response) throw new Error(`expected a page, got a ${context.status} response`);
  const error = Object.values(context.errors ?? {})[0];
  if (!isRouteErrorResponse(error)) throw new Error('expected a route error');
  return { status: error.status, message: (error.data as { message?: unknown }).message };
}

describe('named route middleware (spec §2, §8)', () => {
  it('answers 500 "Unknown middleware <name>" when a route names middleware nobody registered', async () => {
    const context = await navigate([spec('/test/test-flex', ['auth', 'vip-only'])], '/test/test-flex');
    expect((context as StaticHandlerContext).statusCode).toBe(500);
    expect(routeError(context)).toEqual({ status: 500, message: 'Unknown middleware vip-only' });
  });

  it('runs the middleware a route names: a known name lets the page render', async () => {
    const context = await navigate([spec('/test/test-flex', ['auth'])], '/test/test-flex');
    expect(context).not.toBeInstanceOf(Response);
    expect((context as StaticHandlerContext).statusCode).toBe(200);
  });

  it('the global auth step is the spec §2 guard: a visitor on a member page goes to login', async () => {
    const context = await navigate([spec('/user/favorite')], '/user/favorite?page=2');
    expect(context).toBeInstanceOf(Response);
    expect((context as Response).status).toBe(302);
    expect((context as Response).headers.get('Location')).toBe('/user_login?redirect=%2Fuser%2Ffavorite%3Fpage%3D2');
  });

  it('asks for member info once per navigation (spec §4) and lets a member through', async () => {
    const { deps, memberInfoCalls } = memberDeps({ user: DEMO_USER, roles: ['member'], permissions: [] });
    const context = await navigate([spec('/test/test-flex')], '/test/test-flex', deps);
    expect((context as StaticHandlerContext).statusCode).toBe(200);
    expect(deps.session.get().member_name).toBe(DEMO_USER.userName);
    expect(memberInfoCalls()).toBe(1);
  });

  it('guards with that answer: a member whose session the backend ended goes to login', async () => {
    const { deps, memberInfoCalls } = memberDeps({ user: undefined, roles: [], permissions: [] });
    const context = await navigate([spec('/user/favorite')], '/user/favorite', deps);
    expect((context as Response).status).toBe(302);
    expect((context as Response).headers.get('Location')).toBe('/user_login?redirect=%2Fuser%2Ffavorite');
    expect(memberInfoCalls()).toBe(1);
  });

  it('keeps the #hash of a page opened in the browser in the login redirect', async () => {
    const deps = visitorDeps();
    const routes = createRoutes(
      { ...DESKTOP_PAGES, ...MOBILE_PAGES },
      { capabilities: deps.capabilities, routes: [spec('/user/favorite'), spec('/user_login')] },
    );
    const router = createMemoryRouter(routes, {
      initialEntries: ['/user_login'],
      getContext: () => routerContext(deps, () => router.state.navigation.location?.hash ?? ''),
    });
    await router.navigate('/user/favorite?page=2#row-17');
    await new Promise<void>((resolve) => {
      if (router.state.navigation.state === 'idle') return resolve();
      const stop = router.subscribe((state) => {
        if (state.navigation.state !== 'idle') return;
        stop();
        resolve();
      });
    });
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/user_login?redirect=%2Fuser%2Ffavorite%3Fpage%3D2%23row-17',
    );
    router.dispose();
  });

  it('an HTTP 401 without an envelope (transport) logs the member out without a redirect (spec §8)', async () => {
    const http = new Proxy({} as Http, {
      get: () => () => Promise.reject(new ApiError('系统接口401异常', { kind: 'transport', code: 401, status: 401 })),
    });
    const deps = { ...visitorDeps(), http, session: createSessionStore({ ...LOGGED_OUT, isLogin: true }) };
    const context = await navigate([spec('/user/favorite')], '/user/favorite', deps);
    expect(context).not.toBeInstanceOf(Response);
    expect(routeError(context).status).toBe(401);
    expect(deps.session.get().isLogin).toBe(false);
  });

  it('a body code 401 still sends the member to login', async () => {
    const http = new Proxy({} as Http, {
      get: () => () => Promise.reject(new ApiError('认证失败，无法访问系统资源', { kind: 'response', code: 401 })),
    });
    const deps = { ...visitorDeps(), http, session: createSessionStore({ ...LOGGED_OUT, isLogin: true }) };
    const context = await navigate([spec('/user/favorite')], '/user/favorite', deps);
    expect((context as Response).headers.get('Location')).toBe('/user_login?redirect=%2Fuser%2Ffavorite');
  });
});
