/**
 * The traffic of the load run: what a crowd of visitors and several logged-in members
 * do — server-rendered pages, searches, details, API calls the SPA makes after hydration, captcha
 * images and logins — and the check each answer must pass. Every member answer is searched for
 * that member's marker and for every other member's: a member must never see another's data.
 */
import { detailPath } from '@shared/content/paths';
import { encryptPassword, OUR_PAGE, sessionCookie } from '../lib/portal-client';
import type { Random } from '../lib/random';

export interface LoadMember {
  name: string;
  password: string;
  /** The session cookie; logins during the run replace it. */
  cookie: string;
  /** ASCII, so it survives the load tool's chunk-by-chunk decoding: the name of the member's one client. */
  marker: string;
}

export interface LoadFixture {
  members: LoadMember[];
  xmkIds: number[];
  zbIds: number[];
  publicKey: string;
}

export type Kind =
  | 'page'
  | 'search-page'
  | 'detail-page'
  | 'search-api'
  | 'detail-api'
  | 'home-api'
  | 'captcha'
  | 'login'
  | 'member-info'
  | 'member-clients'
  | 'member-messages'
  | 'member-page';

/** Share of requests per kind (percent). Server-rendered pages are about a third. */
export const MIX: Record<Kind, number> = {
  page: 12,
  'search-page': 6,
  'detail-page': 8,
  'search-api': 20,
  'detail-api': 12,
  'home-api': 8,
  captcha: 2,
  login: 2,
  'member-info': 10,
  'member-clients': 8,
  'member-messages': 6,
  'member-page': 6,
};

export interface PlannedRequest {
  kind: Kind;
  member?: LoadMember;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const PUBLIC_PAGES = ['/', '/xmk', '/zb', '/2', '/index2', '/support/notice', '/support/about', '/goods', '/business/gczx'];
const KEYWORDS = ['道路', '学校', '医院', '污水处理', '光伏', '改造', '2024', '市政', '110kV', '安置房'];
const CITIES = ['370100', '370200', '370300', '370600', '370700', '370800'];

function pickKind(random: Random): Kind {
  let roll = random.next() * 100;
  for (const [kind, share] of Object.entries(MIX) as [Kind, number][]) {
    roll -= share;
    if (roll < 0) return kind;
  }
  return 'page';
}

const q = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/**
 * One request of the mix. Each carries a client address from a pool of 1024 (the portal runs with
 * TRUST_PROXY, as behind a load balancer), so per-IP limits see a crowd, not one machine.
 */
export function planRequest(random: Random, fixture: LoadFixture, product: string): PlannedRequest {
  const kind = pickKind(random);
  const clientIp = `10.77.${random.int(4)}.${random.int(256)}`;
  const base = { 'X-Forwarded-For': clientIp };
  const api = { ...base, ...OUR_PAGE };
  const member = random.pick(fixture.members);
  const type = random.pick(['xmk', 'zb'] as const);
  const id = random.pick(type === 'xmk' ? fixture.xmkIds : fixture.zbIds);
  const keyword = random.pick(KEYWORDS);
  switch (kind) {
    case 'page':
      return { kind, method: 'GET', path: random.pick(PUBLIC_PAGES), headers: base };
    case 'search-page': {
      const extra: Record<string, string> = random.chance(0.5) ? { areaCode: random.pick(CITIES) } : {};
      return { kind, method: 'GET', path: `/${type}?${q({ keyword, ...extra })}`, headers: base };
    }
    case 'detail-page':
      return { kind, method: 'GET', path: detailPath(type, id), headers: base };
    case 'search-api':
      return {
        kind,
        method: 'GET',
        path: `/${product}/api/${type}/search?${q({ keyword, pageNum: 1 + random.int(3), pageSize: 20 })}`,
        headers: api,
      };
    case 'detail-api':
      return { kind, method: 'GET', path: `/${product}/api/cmsData/${type === 'xmk' ? 'xmk' : 'bidding'}/${id}`, headers: api };
    case 'home-api':
      return {
        kind,
        method: 'GET',
        path: random.chance(0.5) ? `/${product}/api/cms/getHomeList/` : `/${product}/api/cms/getTodayNum/${random.pick(CITIES)}`,
        headers: api,
      };
    case 'captcha':
      return { kind, method: 'GET', path: `/${product}/captchaImage`, headers: api };
    case 'login':
      return {
        kind,
        member,
        method: 'POST',
        path: `/${product}/api/member/login`,
        headers: { ...api, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          username: member.name,
          password: encryptPassword(fixture.publicKey, member.password),
          loginType: 'password',
        }),
      };
    case 'member-info':
      return { kind, member, method: 'GET', path: `/${product}/cms/member/getMemberInfo`, headers: { ...api, Cookie: member.cookie } };
    case 'member-clients':
      return {
        kind,
        member,
        method: 'GET',
        path: `/${product}/cms/baifang/getBaifangClientList`,
        headers: { ...api, Cookie: member.cookie },
      };
    case 'member-messages':
      return { kind, member, method: 'GET', path: `/${product}/cms/msgForm/getMsgList`, headers: { ...api, Cookie: member.cookie } };
    case 'member-page':
      return { kind, member, method: 'GET', path: '/user', headers: { ...base, Cookie: member.cookie } };
  }
}

/** Anonymous server-rendered pages: the only answers the render gate may shed. */
const ANONYMOUS_PAGES: readonly Kind[] = ['page', 'search-page', 'detail-page'];

/**
 * Documented shedding (docs/reliability.md, docs/decisions/login-under-load.md): under overload the
 * render gate refuses an anonymous page it has no copy of with the 503 error page and
 * `Retry-After`, and the backend refuses a login whose wait for a password thread would pass 5 s
 * with 429, `Retry-After` and `{code: 429}` (the form says 登录人数较多，请稍后再试). Any other 5xx —
 * on a member page, an API call, or without Retry-After — and any other 429 is a failure.
 */
export function isDocumentedShedding(
  planned: PlannedRequest,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  body = '',
): boolean {
  const retryAfter = header(headers, 'retry-after')[0];
  if (retryAfter === undefined || !/^[1-9]\d*$/.test(retryAfter)) return false;
  const type = header(headers, 'content-type')[0] ?? '';
  if (status === 429 && planned.kind === 'login') return type.startsWith('application/json') && json(body)?.code === 429;
  return status === 503 && ANONYMOUS_PAGES.includes(planned.kind) && type.startsWith('text/html');
}

function json(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string[] {
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/**
 * What is wrong with an answer, or null. A login's new cookie replaces the member's, so the member
 * calls that follow use sessions made during the run as well as before it.
 */
export function checkAnswer(
  planned: PlannedRequest,
  status: number,
  body: string,
  headers: Record<string, string | string[] | undefined>,
  fixture: LoadFixture,
): string | null {
  if (status !== 200) return `HTTP ${status}`;
  const member = planned.member;
  if (member) {
    for (const other of fixture.members) {
      if (other !== member && (body.includes(other.marker) || body.includes(`"${other.name}"`) || body.includes(`>${other.name}<`))) {
        return `${member.name} was shown ${other.name}'s data`;
      }
    }
  }
  const isApi = planned.headers.platform !== undefined;
  const envelope = isApi ? json(body) : null;
  if (isApi && envelope?.code !== 200) {
    return `code ${String(envelope?.code)}: ${String(envelope?.msg)}`;
  }
  switch (planned.kind) {
    case 'login': {
      const cookie = sessionCookie(header(headers, 'set-cookie'));
      if (!member || cookie === null) return 'login set no session cookie';
      member.cookie = cookie;
      return null;
    }
    case 'member-info':
      return (envelope?.user as { userName?: unknown } | undefined)?.userName === member?.name ? null : 'member info of someone else';
    case 'member-clients': {
      const rows = (envelope?.rows ?? []) as { companyName?: unknown }[];
      return rows.length > 0 && rows.every((r) => r.companyName === member?.marker) ? null : 'client list without the member marker';
    }
    case 'member-messages': {
      const rows = (envelope?.rows ?? []) as { content?: unknown }[];
      return rows.length > 0 && rows.every((r) => r.content === member?.marker) ? null : 'messages without the member marker';
    }
    case 'member-page':
      return body.includes(`>${member?.name}<`) ? null : 'member page without the member name';
    default:
      return null;
  }
}
