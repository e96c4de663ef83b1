/**
 * Hostile values. Script payloads name a per-run marker where the code would run, so
 * an unescaped echo is found by looking for the marker in an executable position. SQL payloads
 * are lowercase: an injection works as well in any case, and the leak check can then look for
 * the backend's own uppercase SQL without tripping over our echoed input.
 */
import type { Random } from '../lib/random';

export function scriptPayloads(marker: string): string[] {
  return [
    `<script>${marker}()</script>`,
    `"><img src=x onerror=${marker}()>`,
    `'><svg/onload=${marker}()>`,
    `</script><script>${marker}()</script>`,
    `javascript:${marker}()`,
    `<iframe srcdoc="<script>${marker}()</script>">`,
    `{{constructor.constructor('${marker}()')()}}`,
    `\u2028</script><script>${marker}()</script>`,
  ];
}

/**
 * Markup that would run a payload if it came back unescaped (lowercased for matching). Escaped
 * text still reads `onerror=…` but never `<img …`: the tag opener is what must not survive.
 */
export function executablePositions(marker: string): string[] {
  const m = marker.toLowerCase();
  return [
    `<script>${m}`,
    `<img src=x onerror=${m}`,
    `<svg/onload=${m}`,
    `<iframe srcdoc=`,
    `href="javascript:${m}`,
    `src="javascript:${m}`,
  ];
}

export const SQL_PAYLOADS = [
  "' or '1'='1",
  "1' or 1=1 --",
  '1; drop table users; --',
  "' union select null, sqlite_version() --",
  '1) or (1=1',
  '%',
  '_',
  '%%%%',
  '"',
  '*',
  'near(a b)',
  'a or b',
  '" or ""="',
  "admin'--",
  '\\',
];

export const TRAVERSALS = [
  '/../../package.json',
  '/%2e%2e/%2e%2e/package.json',
  '/..%2f..%2fpackage.json',
  '/..%5c..%5cpackage.json',
  '/%2e%2e%2f%2e%2e%2f.env',
  '/.env',
  '/.git/config',
  '/server/src/app.ts',
  '/node_modules/express/package.json',
  '/dist/node/server.js',
  '/dist/.vite/manifest.json',
  '/dist/../../../etc/passwd',
  '/dist/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/images/..%2f..%2f..%2fpackage.json',
  '/%c0%ae%c0%ae/%c0%ae%c0%ae/package.json',
  '/data/cms.db',
  '/data/rsa-private.pem',
];

/** %-escapes and bytes that do not decode: truncated, overlong, surrogates, stray `%`. */
export const BAD_ENCODINGS = [
  '%',
  '%g1',
  '%C3%28',
  '%E9%81',
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE',
  '%00',
  '%0d%0aSet-Cookie:%20x=1',
  '%%32%35',
  '%u0041',
];

function randomUnicode(random: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    const pool = random.int(5);
    if (pool === 0)
      out += String.fromCharCode(0x4e00 + random.int(0x5000)); // CJK
    else if (pool === 1)
      out += String.fromCharCode(random.int(0x20)); // control
    else if (pool === 2)
      out += String.fromCodePoint(0x1f600 + random.int(80)); // emoji (astral)
    else if (pool === 3)
      out += String.fromCharCode(0xd800 + random.int(0x800)); // lone surrogate
    else out += String.fromCharCode(0x20 + random.int(0x5f));
  }
  return out;
}

/** Any hostile string value. */
export function hostileString(random: Random, marker: string): string {
  switch (random.int(9)) {
    case 0:
      return random.pick(scriptPayloads(marker));
    case 1:
      return random.pick(SQL_PAYLOADS);
    case 2:
      return randomUnicode(random, 1 + random.int(40));
    case 3:
      return 'x'.repeat(random.pick([51, 256, 1025, 5000, 20_000]));
    case 4:
      return '道路'.repeat(random.pick([26, 600, 3000]));
    case 5:
      return random.pick(['', ' ', '\t\n', '0', '-1', 'null', 'undefined', 'NaN', 'Infinity', 'true', '[]', '{}']);
    case 6:
      return random.pick(['1e308', '-0', '0x10', '１２３', '9'.repeat(40), '1.5', '2147483648', '-9007199254740993']);
    case 7:
      return random.pick(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty']);
    default:
      return random.pick(['2024-02-30', '9999-99-99', '2024-06-12 25:61:61', '1970-01-01', '0000-00-00']);
  }
}

/** A JSON value of any type, sometimes deeply nested. */
export function hostileJson(random: Random, marker: string, depth = 0): unknown {
  switch (random.int(depth > 2 ? 6 : 8)) {
    case 0:
    case 1:
      return hostileString(random, marker);
    case 2:
      return random.pick([0, -1, 1, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MIN_VALUE]);
    case 3:
      return random.pick([true, false, null]);
    case 4:
      return random.int(10);
    case 5:
      return random.pick(['0', '1', '2']);
    case 6:
      return Array.from({ length: random.int(4) }, () => hostileJson(random, marker, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: 1 + random.int(3) }, () => [random.pick(FIELD_NAMES), hostileJson(random, marker, depth + 1)]),
      );
  }
}

/** Field and parameter names the contract uses, plus a few that should not matter. */
export const FIELD_NAMES = `
  id cid isCancel type keyword pageNum pageSize areaCode industry stage nature noticeType minInvestment maxInvestment minAmount
  maxAmount beginTime endTime orderBy isAsc status companyName contact phone email remark content name source username password code
  uuid loginType oldPassword newPassword nextVisitDate visitTime way result nextStep goodsId reply keywords regions phonenumber
  redirect __proto__ constructor
`
  .trim()
  .split(/\s+/u);
