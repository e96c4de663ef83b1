/**
 * Renders pages (member pages, the lists) and forms with the real request layer, query client, session store and a
 * data router whose loader runs the page's `load`, as the app does; only the network is replaced,
 * by an axios adapter answering per "METHOD path" (no backend, no sockets).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import type { ComponentType, ReactNode } from 'react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { useRouteLinks } from '../components/route-link';
import type { MemberUser } from '@shared/member/types';
import type { DictData, DictType } from '@shared/system/types';
import { DICT_TYPES } from '@shared/system/types';
import { parsePositiveId } from '@shared/routes';
import { createHttp } from '../lib/http/axios-http';
import { HttpProvider } from '../lib/http/context';
import { createQueryClient } from '../lib/query-client';
import { systemKeys } from '../lib/system';
import type { Feature } from '@shared/system/features';
import { capabilitySet } from '../lib/capabilities';
import type { AppDeps, PageModule } from '../lib/page';
import { NO_SETTINGS, PortalSettingsProvider } from '../lib/portal-settings';
import { SessionProvider, createSessionStore, memberStateFrom } from '../lib/session';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

export type Answer = (call: Call) => object;

export const ok = (data: unknown, msg = '操作成功') => ({ code: 200, msg, data });
export const table = (rows: unknown[], total = rows.length) => ({ code: 200, msg: '查询成功', total, rows });

export const DEMO_USER: MemberUser = {
  userId: 1,
  userName: 'demo',
  nickName: '演示用户',
  avatar: '',
  phonenumber: '13800138000',
  email: 'demo@example.com',
  company: '山东某建设集团有限公司',
  level: '0',
  levelExpireTime: null,
  score: 570,
  subscribeKeywords: '道路,学校',
  subscribeRegions: '370100',
  createTime: '2024-01-10 08:00:00',
  loginDate: '2024-06-12 09:00:00',
};

/** A dictionary entry as the backend serves it. */
export const dictEntry = (dictType: DictType, dictValue: string, dictLabel: string, listClass = 'default'): DictData => ({
  dictCode: 0,
  dictSort: 0,
  dictLabel,
  dictValue,
  dictType,
  cssClass: null,
  listClass,
  isDefault: 'N',
  status: '0',
  remark: null,
});

/** The dictionaries member pages label codes with, as the backend serves them. */
const DICTS: Partial<Record<DictType, DictData[]>> = {
  [DICT_TYPES.visitStatus]: [
    dictEntry(DICT_TYPES.visitStatus, '0', '待跟进', 'info'),
    dictEntry(DICT_TYPES.visitStatus, '1', '跟进中', 'primary'),
    dictEntry(DICT_TYPES.visitStatus, '2', '已签约', 'success'),
    dictEntry(DICT_TYPES.visitStatus, '3', '已放弃'),
  ],
  [DICT_TYPES.visitWay]: [
    dictEntry(DICT_TYPES.visitWay, '0', '电话'),
    dictEntry(DICT_TYPES.visitWay, '1', '上门'),
    dictEntry(DICT_TYPES.visitWay, '2', '微信'),
    dictEntry(DICT_TYPES.visitWay, '3', '其他'),
  ],
  [DICT_TYPES.region]: [dictEntry(DICT_TYPES.region, '370100', '济南市'), dictEntry(DICT_TYPES.region, '370102', '历下区')],
  [DICT_TYPES.xmkStage]: [dictEntry(DICT_TYPES.xmkStage, '4', '招标', 'danger')],
  [DICT_TYPES.zbNoticeType]: [dictEntry(DICT_TYPES.zbNoticeType, '2', '招标公告', 'primary')],
  [DICT_TYPES.msgSource]: [dictEntry(DICT_TYPES.msgSource, 'member', '会员中心'), dictEntry(DICT_TYPES.msgSource, 'xmzx', '项目咨询')],
  [DICT_TYPES.scoreType]: [dictEntry(DICT_TYPES.scoreType, '1', '注册赠送'), dictEntry(DICT_TYPES.scoreType, '3', '查看联系方式')],
  [DICT_TYPES.memberLevel]: [
    dictEntry(DICT_TYPES.memberLevel, '0', '普通会员'),
    dictEntry(DICT_TYPES.memberLevel, '1', '短期会员'),
    dictEntry(DICT_TYPES.memberLevel, '2', 'VIP会员'),
  ],
};

export interface MemberEnv {
  deps: AppDeps;
  calls: Call[];
  /** Calls of one "METHOD path". */
  callsTo(key: string): Call[];
}

/** A logged-in member's environment; `answers` replace the backend, dictionaries are preloaded. */
/** The features the member pages had before alerts; alert tests add theirs. */
export const BASE_CAPABILITIES: readonly Feature[] = ['goods', 'profile', 'visitRecords', 'lifecycle'];
/** Every feature of the embedded backend with SMTP configured. */
export const ALL_CAPABILITIES: readonly Feature[] = [...BASE_CAPABILITIES, 'alerts', 'feeds', 'mail'];

export function createMemberEnv(
  answers: Record<string, Answer>,
  user: MemberUser = DEMO_USER,
  capabilities: readonly Feature[] = BASE_CAPABILITIES,
): MemberEnv {
  const calls: Call[] = [];
  const http = createHttp({ baseURL: '/prod-api', storage: window.sessionStorage, log: () => undefined });
  http.axios.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const [pathname = '', search = ''] = (config.url ?? '').split('?');
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      path: pathname,
      query: new URLSearchParams(search),
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as Record<string, unknown>) : {},
    };
    calls.push(call);
    const answer = answers[`${call.method} ${call.path}`];
    if (!answer) throw new Error(`unexpected call ${call.method} ${call.path}`);
    return { data: answer(call), status: 200, statusText: 'OK', headers: {}, config };
  };
  const queryClient = createQueryClient();
  for (const [type, entries] of Object.entries(DICTS)) queryClient.setQueryData(systemKeys.dict(type as DictType), entries);
  const session = createSessionStore(memberStateFrom({ code: 200, msg: '', user, roles: ['member'], permissions: [] }, 0));
  return {
    deps: { queryClient, http, session, capabilities: capabilitySet(capabilities) },
    calls,
    callsTo: (key) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

/** The current address; it also mounts the app root's link listener, as every route here renders it. */
function Where() {
  useRouteLinks();
  const location = useLocation();
  return <output aria-label="当前地址">{location.pathname + location.search}</output>;
}

function Providers({ env, children }: { env: MemberEnv; children: ReactNode }) {
  return (
    <PortalSettingsProvider settings={{ ...NO_SETTINGS, capabilities: [...env.deps.capabilities] }}>
      <QueryClientProvider client={env.deps.queryClient}>
        <HttpProvider http={env.deps.http}>
          <SessionProvider store={env.deps.session}>{children}</SessionProvider>
        </HttpProvider>
      </QueryClientProvider>
    </PortalSettingsProvider>
  );
}

/**
 * A page module at `path`: its `load` runs as the route's loader (again on every navigation, as in
 * the app), then the page renders. Other paths render only the current address. `pattern` is the
 * route's own path when it has parameters (`/zb/:id`); the loader then gets the id as the app's does.
 */
export function renderPage(module: PageModule, path: string, env: MemberEnv, pattern?: string) {
  const pathname = pattern ?? path.split('?')[0] ?? path;
  const router = createMemoryRouter(
    [
      {
        path: pathname,
        // The page renders once its loader has run, as after a navigation in the app.
        HydrateFallback: () => null,
        loader: async ({ request, params }) => {
          const id = pathname.endsWith('/:id') ? parsePositiveId(params.id) : null;
          await module.load?.({ deps: env.deps, id, url: new URL(request.url), params, request });
          return null;
        },
        element: (
          <>
            <module.Component />
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers env={env}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** One component (a form, a list) inside the providers and a router at `path`. */
export function renderWith(Component: ComponentType, env: MemberEnv, path = '/user') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Component />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers env={env}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

export const where = (screen: { getByLabelText(label: string): HTMLElement }) => screen.getByLabelText('当前地址');

/** A user typing without a timer per keystroke: the forms' tests stay fast on a busy machine. */
export const typist = () => userEvent.setup({ delay: null });
