/**
 * The fuzz cases: every route of spec §2 (`ROUTES`) as a page, every path of §7
 * (`ENDPOINTS`) through the portal's proxy and directly against the backend, each mutated by one
 * seeded strategy. Case n of a seed is always the same request.
 */
import { ROUTES } from '@shared/routes';
import type { Endpoint } from '@shared/contract/endpoint';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { PLATFORM_HEADER, PLATFORM_VALUE, TOKEN_COOKIE } from '@shared/constants';
import type { Random } from '../lib/random';
import { BAD_ENCODINGS, FIELD_NAMES, TRAVERSALS, hostileJson, hostileString, scriptPayloads } from './payloads';
import type { RawRequest } from './raw-http';

export type Target = 'page' | 'proxy' | 'backend';

export interface FuzzCase {
  n: number;
  target: Target;
  /** The route or endpoint the case was made from. */
  route: string;
  strategy: string;
  request: RawRequest;
}

export interface FuzzContext {
  marker: string;
  product: string;
  /** A live member session (the token is the cookie's value). */
  memberToken: string;
  adminToken: string;
  xmkIds: number[];
  zbIds: number[];
}

const ENDPOINT_LIST: readonly Endpoint[] = Object.values(ENDPOINTS as Record<string, Endpoint>);
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND'];
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0',
  'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  '',
  'x'.repeat(4000),
];

/** %-encoding that also takes lone surrogates (as WTF-8 bytes, which no UTF-8 decoder accepts). */
function enc(text: string): string {
  let out = '';
  for (const ch of text) {
    if (/^[A-Za-z0-9\-_.~]$/.test(ch)) {
      out += ch;
      continue;
    }
    const cp = ch.codePointAt(0) ?? 0;
    const bytes =
      cp >= 0xd800 && cp <= 0xdfff ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)] : [...Buffer.from(ch, 'utf8')];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

function queryString(random: Random, ctx: FuzzContext): string {
  const parts: string[] = [];
  for (let i = 0, n = 1 + random.int(4); i < n; i++) {
    const name = random.chance(0.85) ? random.pick(FIELD_NAMES) : hostileString(random, ctx.marker);
    const value = hostileString(random, ctx.marker);
    // Repeated keys, bracketed keys and bare keys are all things a query can hold.
    const key = random.chance(0.1) ? `${name}[${random.pick(['a', '0', '__proto__', ''])}]` : name;
    parts.push(random.chance(0.05) ? enc(key) : `${enc(key)}=${enc(value)}`);
    if (random.chance(0.1)) parts.push(`${enc(key)}=${enc(value)}`);
  }
  return parts.join('&');
}

function idValue(random: Random, ctx: FuzzContext, kind: string): string {
  const real = kind === 'xmk' ? ctx.xmkIds : kind === 'zb' ? ctx.zbIds : [1, 2, 3];
  switch (random.int(4)) {
    case 0:
      return String(random.pick(real));
    case 1:
      return random.pick(['0', '-1', '1.5', '1e3', '0x1f', '99999999999999999999', '9007199254740993', '１２', '1 ', ' 1', '01']);
    case 2:
      return enc(hostileString(random, ctx.marker));
    default:
      return random.pick(BAD_ENCODINGS);
  }
}

function baseHeaders(random: Random, ctx: FuzzContext, target: Target): [string, string][] {
  const headers: [string, string][] = [['User-Agent', random.pick(USER_AGENTS)]];
  // The portal runs behind "a proxy" (TRUST_PROXY): most calls come from their own address, some
  // with a forwarded header that is garbage.
  const ip = random.chance(0.9)
    ? `10.${random.int(256)}.${random.int(256)}.${random.int(256)}`
    : hostileString(random, ctx.marker).slice(0, 200);
  headers.push(['X-Forwarded-For', ip]);
  if (target === 'proxy') {
    if (random.chance(0.9)) headers.push([PLATFORM_HEADER, PLATFORM_VALUE]);
    headers.push(['Sec-Fetch-Site', random.pick(['same-origin', 'same-origin', 'cross-site', 'none'])]);
  }
  if (target !== 'backend' && random.chance(0.5)) {
    const token = random.chance(0.7) ? ctx.memberToken : enc(hostileString(random, ctx.marker));
    headers.push(['Cookie', `${TOKEN_COOKIE}=${token}`]);
  }
  if (target === 'backend') {
    if (random.chance(0.5))
      headers.push(['Authorization', `Bearer ${random.chance(0.6) ? ctx.memberToken : hostileString(random, ctx.marker).slice(0, 300)}`]);
    if (random.chance(0.2)) headers.push(['X-Admin-Token', random.chance(0.5) ? ctx.adminToken : 'not-the-admin-token-0000']);
  }
  headers.push(['Accept', random.pick(['text/html', 'application/json, text/plain, */*', '*/*', 'image/webp'])]);
  return headers;
}

/** Headers by the thousand, one huge header, or a cookie jar stuffed full. */
function headerFlood(random: Random, headers: [string, string][]): void {
  switch (random.int(3)) {
    case 0:
      for (let i = 0; i < 300 + random.int(2000); i++) headers.push([`X-Flood-${i}`, 'y'.repeat(random.int(20))]);
      return;
    case 1:
      headers.push(['X-Huge', 'h'.repeat(random.pick([8_000, 17_000, 70_000]))]);
      return;
    default:
      headers.push(['Cookie', Array.from({ length: 200 + random.int(500) }, (_, i) => `c${i}=${'v'.repeat(random.int(30))}`).join('; ')]);
  }
}

function jsonBody(random: Random, ctx: FuzzContext): { body: Buffer; type: string; chunked?: boolean } {
  switch (random.int(10)) {
    case 0:
      return {
        body: Buffer.from(
          random.pick(['{', '{"a":}', "{'a':1}", '[1,2', '\u0000', '\ufeff{"a":1}', 'null', '"x"', '1e999999', '{"a":1}{"b":2}']),
        ),
        type: 'application/json',
      };
    case 1:
      return { body: Buffer.from(`${'['.repeat(20_000)}${']'.repeat(20_000)}`), type: 'application/json' };
    case 2: {
      const size = random.pick([101 * 1024, 1024 * 1024, 3 * 1024 * 1024]);
      return { body: Buffer.from(JSON.stringify({ content: 'x'.repeat(size) })), type: 'application/json', chunked: random.chance(0.5) };
    }
    case 3:
      return { body: Buffer.from(`content=${enc(hostileString(random, ctx.marker))}&name=x`), type: 'application/x-www-form-urlencoded' };
    case 4:
      return {
        body: Buffer.from(JSON.stringify({ content: 'x' })),
        type: random.pick([
          'application/json; charset=utf-16',
          'application/json; charset=koi8-r',
          'text/plain',
          'multipart/form-data; boundary=x',
        ]),
      };
    case 5:
      return { body: Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0xc3, 0x28, 0x7d]), type: 'application/json' };
    default: {
      const fields = Object.fromEntries(
        Array.from({ length: 1 + random.int(6) }, () => [random.pick(FIELD_NAMES), hostileJson(random, ctx.marker)]),
      );
      return { body: Buffer.from(JSON.stringify(fields)), type: 'application/json', chunked: random.chance(0.1) };
    }
  }
}

function pageCase(random: Random, ctx: FuzzContext, n: number): FuzzCase {
  const route = ROUTES[n % ROUTES.length];
  if (!route) throw new Error('no routes');
  const kind = route.path.split('/')[1] ?? '';
  let path = route.path.replace(':id', () => idValue(random, ctx, kind));
  const headers = baseHeaders(random, ctx, 'page');
  let method = 'GET';
  let target = Buffer.from(path, 'latin1');
  const strategies = [
    'query',
    'query',
    'xss-query',
    'bad-encoding',
    'traversal',
    'raw-bytes',
    'method',
    'header-flood',
    'spelling',
    'absolute-form',
  ];
  const strategy = random.pick(strategies);
  switch (strategy) {
    case 'query':
      target = Buffer.from(`${path}?${queryString(random, ctx)}`, 'latin1');
      break;
    case 'xss-query': {
      const name = random.pick(['keyword', 'redirect', 'id', 'type', 'areaCode', 'pageNum', 'q']);
      target = Buffer.from(`${path}?${name}=${enc(random.pick(scriptPayloads(ctx.marker)))}`, 'latin1');
      break;
    }
    case 'bad-encoding':
      target = Buffer.from(
        random.chance(0.5)
          ? `${path}/${random.pick(BAD_ENCODINGS)}`
          : `${path}?keyword=${random.pick(BAD_ENCODINGS)}&id=${random.pick(BAD_ENCODINGS)}`,
        'latin1',
      );
      break;
    case 'traversal':
      path = random.pick(TRAVERSALS);
      target = Buffer.from(path, 'latin1');
      break;
    case 'raw-bytes':
      // Raw UTF-8 (what curl sends for a typed 道路), or bytes that are no UTF-8 at all.
      target = Buffer.concat([
        Buffer.from(`${path}?keyword=`, 'latin1'),
        random.chance(0.5) ? Buffer.from('道路<b>', 'utf8') : Buffer.from([0xff, 0xc3, 0x28, 0x80]),
      ]);
      break;
    case 'method':
      method = random.pick(METHODS.filter((m) => m !== 'GET' && m !== 'HEAD'));
      break;
    case 'header-flood':
      headerFlood(random, headers);
      break;
    case 'spelling':
      target = Buffer.from(
        random.pick([`${path}/`, `/${path}`, path.toUpperCase(), `${path};x=1`, `${path}%2F`, `${path}/.`, `${path}#frag`, `${path}?`]),
        'latin1',
      );
      break;
    default:
      target = Buffer.from(`http://evil.example${path}`, 'latin1');
  }
  const body = method !== 'GET' && random.chance(0.5) ? Buffer.from(JSON.stringify({ x: hostileString(random, ctx.marker) })) : undefined;
  if (body) headers.push(['Content-Type', 'application/json']);
  return { n, target: 'page', route: route.path, strategy, request: { method, target, headers, body } };
}

function apiCase(random: Random, ctx: FuzzContext, n: number, where: 'proxy' | 'backend'): FuzzCase {
  const endpoint = ENDPOINT_LIST[n % ENDPOINT_LIST.length];
  if (!endpoint) throw new Error('no endpoints');
  const prefix = where === 'proxy' ? `/${ctx.product}` : '';
  const strategies = ['params', 'params', 'query', 'body', 'body', 'body', 'method', 'bad-encoding', 'traversal', 'header-flood'];
  const strategy = random.pick(strategies);
  let path = endpoint.path.replace(/:([a-z]+)/gi, (_m, name: string) =>
    idValue(random, ctx, name === 'id' ? random.pick(['xmk', 'zb']) : name),
  );
  let method: string = endpoint.method;
  const headers = baseHeaders(random, ctx, where);
  // Logging the fuzz member out would only make the rest of the run shallower.
  if (endpoint.path === ENDPOINTS.logout.path) {
    for (const h of headers) if (h[0] === 'Cookie' || h[0] === 'Authorization') h[1] = 'x';
  }
  let query = '';
  let body: Buffer | undefined;
  let chunked = false;
  switch (strategy) {
    case 'query':
      query = queryString(random, ctx);
      break;
    case 'method':
      method = random.pick(METHODS.filter((m) => m !== endpoint.method));
      break;
    case 'bad-encoding':
      path = `${path}${random.pick(['', '/'])}${random.pick(BAD_ENCODINGS)}`;
      query = `keyword=${random.pick(BAD_ENCODINGS)}`;
      break;
    case 'traversal':
      path = random.chance(0.5) ? `${path}/..%2f..%2fadmin%2forders` : `${path}/../../../../admin/orders`;
      break;
    case 'header-flood':
      headerFlood(random, headers);
      break;
    default:
      break;
  }
  if (strategy === 'params' || strategy === 'query') query ||= random.chance(0.5) ? queryString(random, ctx) : '';
  if ((method === 'POST' || method === 'PUT' || method === 'PATCH' || strategy === 'body') && random.chance(0.9)) {
    const made = jsonBody(random, ctx);
    body = made.body;
    chunked = made.chunked ?? false;
    headers.push(['Content-Type', made.type]);
    if (random.chance(0.03)) headers.push(['Content-Encoding', random.pick(['gzip', 'br', 'x-unknown'])]);
    if (random.chance(0.03)) headers.push(['Expect', '100-continue']);
  }
  const target = Buffer.from(`${prefix}${path}${query ? `?${query}` : ''}`, 'latin1');
  return { n, target: where, route: `${endpoint.method} ${endpoint.path}`, strategy, request: { method, target, headers, body, chunked } };
}

/**
 * Case n: 40 % pages, 30 % through the proxy, 30 % straight to the backend, each walking its route
 * or endpoint table in turn so every one is covered many times.
 */
export function makeCase(random: Random, ctx: FuzzContext, n: number): FuzzCase {
  const slot = n % 10;
  const made =
    slot < 4
      ? pageCase(random, ctx, Math.floor(n / 10) * 4 + slot)
      : apiCase(random, ctx, Math.floor(n / 10) * 3 + (slot < 7 ? slot - 4 : slot - 7), slot < 7 ? 'proxy' : 'backend');
  return { ...made, n };
}
