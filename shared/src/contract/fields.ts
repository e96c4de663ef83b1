/**
 * The field rules of the contract, as zod schemas with Chinese messages. The
 * backend validates every request with them (routing.ts), the forms adapt them to antd rules
 * (form-rules.ts) and the URL readers parse with them, so one input is accepted or refused the
 * same way everywhere.
 *
 * Each field has one message that names it ("pageSize 必须是 1 到 100 的整数"), used for every way
 * it can be wrong (missing, wrong type, out of range). Query and path values arrive as strings
 * (an array when a key repeats, which is refused); JSON bodies carry real numbers and booleans,
 * and a number sent as a string in a body is refused, not coerced.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, EMAIL_MAX_LENGTH, KEYWORD_MAX_LENGTH, PAGE_SIZE_MAX } from '../constants';
import { parseContractDateTime, parseDateString } from '../time';

const INVALID = Symbol('invalid');
type Invalid = typeof INVALID;
export type Parser<T> = (value: unknown) => T | Invalid;

/** spec §5: only undefined, null and '' are empty — 0, false and '  ' are values. */
export function isEmpty(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || value === '';
}

/** `absent` answers KEEP when the value is present and must be parsed. */
const KEEP = Symbol('keep');

/** A field built from a parser; `absent` decides what an empty value becomes. */
function field<T, A>(message: string, parse: Parser<T>, absent: (value: unknown) => A | Invalid | typeof KEEP) {
  return z.transform((value: unknown, ctx): T | A => {
    const empty = absent(value);
    if (empty !== KEEP) {
      if (empty !== INVALID) return empty;
    } else {
      const parsed = parse(value);
      if (parsed !== INVALID) return parsed;
    }
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

/** A required field; `null`, `undefined` and `''` count as missing. */
export function required<T>(message: string, parse: Parser<T>): z.ZodType<T, unknown> {
  return field(message, parse, (value) => (isEmpty(value) ? INVALID : KEEP)) as z.ZodType<T, unknown>;
}

/** An optional field: absent (or `''`, or `null`) reads as `fallback`. */
export function optional<T>(message: string, parse: Parser<T>): z.ZodType<T | undefined, unknown>;
export function optional<T>(message: string, parse: Parser<T>, fallback: T): z.ZodType<T, unknown>;
export function optional<T>(message: string, parse: Parser<T>, fallback?: T) {
  return field(message, parse, (value) => (isEmpty(value) ? fallback : KEEP));
}

/**
 * An optional body field where only a missing key is absent: `''` is a value (a text field the
 * user cleared), so updates can tell "unchanged" from "emptied".
 */
export function optionalValue<T>(message: string, parse: Parser<T>): z.ZodType<T | undefined, unknown>;
export function optionalValue<T>(message: string, parse: Parser<T>, fallback: T): z.ZodType<T, unknown>;
export function optionalValue<T>(message: string, parse: Parser<T>, fallback?: T) {
  return field(message, parse, (value) => (value === undefined ? fallback : KEEP));
}

/** Like `optional`, but an explicit `null` (or `''`) survives as null: a body field that clears a value. */
export function nullable<T>(message: string, parse: Parser<T>): z.ZodType<T | null | undefined, unknown> {
  return field(message, parse, (value) => (value === undefined ? undefined : value === null || value === '' ? null : KEEP));
}

// ---- parsers --------------------------------------------------------------------------------

/** An integer from a JSON number or, for query and path values, a canonical decimal string. */
export function integer(min: number, max: number, from: 'query' | 'body' = 'query'): Parser<number> {
  return (value) => {
    let n: number;
    if (typeof value === 'number') n = value;
    else if (from === 'query' && typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim())) n = Number(value);
    else return INVALID;
    return Number.isSafeInteger(n) && n >= min && n <= max ? n : INVALID;
  };
}

/** A decimal number, as `integer` but allowing fractions. */
export function decimal(min: number, max: number, from: 'query' | 'body' = 'query'): Parser<number> {
  return (value) => {
    let n: number;
    if (typeof value === 'number') n = value;
    else if (from === 'query' && typeof value === 'string' && /^-?\d{1,12}(\.\d{1,6})?$/.test(value.trim())) n = Number(value);
    else return INVALID;
    return Number.isFinite(n) && n >= min && n <= max ? n : INVALID;
  };
}

/** Length in characters (code points), so one Chinese character or emoji counts once. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** C0 controls and DEL; tab, CR and LF count only when `multiline` is off. */
function hasControlCharacters(text: string, multiline: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7f || (c < 0x20 && !(multiline && (c === 0x09 || c === 0x0a || c === 0x0d)))) return true;
  }
  return false;
}

/**
 * Trimmed text of `min`–`max` characters. Control characters are refused (tab and newlines are
 * allowed only with `multiline`). Huge values are refused before they are examined.
 */
export function text(min: number, max: number, options: { multiline?: boolean } = {}): Parser<string> {
  return (value) => {
    if (typeof value !== 'string' || value.length > max * 2 + 64) return INVALID;
    const trimmed = value.trim();
    const count = characterCount(trimmed);
    if (count < min || count > max) return INVALID;
    return hasControlCharacters(trimmed, options.multiline ?? false) ? INVALID : trimmed;
  };
}

export function oneOf<const V extends string>(values: readonly V[]): Parser<V> {
  return (value) => (typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as V) : INVALID);
}

/** 0 or 1, as JSON numbers (and as strings in queries). */
export function flag(from: 'query' | 'body' = 'query'): Parser<0 | 1> {
  return (value) => {
    if (value === 0 || value === 1) return value;
    if (from === 'query' && (value === '0' || value === '1')) return value === '1' ? 1 : 0;
    return INVALID;
  };
}

export function booleanValue(from: 'query' | 'body' = 'query'): Parser<boolean> {
  return (value) => {
    if (typeof value === 'boolean') return value;
    if (from === 'query' && (value === 'true' || value === '1')) return true;
    if (from === 'query' && (value === 'false' || value === '0')) return false;
    return INVALID;
  };
}

/** A global or sticky RegExp keeps `lastIndex` between `test` calls: test a stateless copy. */
function stateless(pattern: RegExp): RegExp {
  return pattern.global || pattern.sticky ? new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')) : pattern;
}

/** An array of up to `maxItems` dictionary codes (region, notice type), duplicates dropped. */
export function codeArray(maxItems: number): Parser<string[]> {
  return (value) =>
    Array.isArray(value) && value.length <= maxItems && value.every((c) => typeof c === 'string' && DICT_CODE_RE.test(c))
      ? [...new Set(value as string[])]
      : INVALID;
}

export function matching(pattern: RegExp, maxLength = 200): Parser<string> {
  const re = stateless(pattern);
  return (value) => (typeof value === 'string' && value.length <= maxLength && re.test(value) ? value : INVALID);
}

/** `''` stays `''` (a cleared optional text field); anything else must match. */
export const orEmpty =
  (parse: Parser<string>): Parser<string> =>
  (value) =>
    value === '' ? '' : parse(value);

/** `yyyy-MM-dd`, a real calendar date. */
export const dateOnly: Parser<string> = (value) => (typeof value === 'string' && parseDateString(value) !== null ? value : INVALID);

/** `yyyy-MM-dd HH:mm:ss`, a real calendar time. */
export const dateTime: Parser<string> = (value) => (typeof value === 'string' && parseContractDateTime(value) !== null ? value : INVALID);

// ---- the product's rules, decided once -------------------------------------------------------

/** Mainland mobile numbers (DOMAIN.md). */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
/**
 * Telephone numbers a tender portal's contacts use (DOMAIN.md): a mainland mobile, a
 * landline with its area code (0531-88888888, 010-12345678, 02188888888, optional extension
 * -123), or a 400/800 service number (400-123-4567). Owners and agencies print all three on
 * their notices. The local part may start with any digit, as the backend always allowed.
 */
export const PHONE_RE = /^(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(?:-\d{1,6})?|[48]00-?\d{3}-?\d{4})$/;
/** Longest accepted phone text: landline, extension and dashes. */
export const PHONE_MAX_LENGTH = 24;
/** WHATWG's input[type=email] grammar, but the domain must have a dot (no "a@localhost"). */
export const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
/** User names: letters (any script, so Chinese names work), digits and underscores — safe to echo anywhere. */
export const USERNAME_RE = /^[\p{L}\p{N}_]+$/u;
export const USERNAME_MIN = 2;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 20;
/** Characters a password may not contain (RuoYi's rule, spec §5 / DOMAIN.md). */
export const PASSWORD_RE = /^[^<>"'\\|]*$/;
/** Shown as: 不能包含非法字符：< > " ' \ | — one backslash, the character itself. */
export const ILLEGAL_CHARS_MESSAGE = '不能包含非法字符：< > " \' \\ |';
/** Dictionary values (industry, stage, notice type …) are short codes; safe as search index tags. */
export const DICT_CODE_RE = /^[0-9a-z_]{1,16}$/;
/** GB/T 2260 six-digit region code. */
export const REGION_RE = /^\d{6}$/;
/** Upper bound of an amount filter, 万元. */
export const AMOUNT_MAX = 100_000_000;
export const PAGE_NUM_MAX = 1_000_000;

export const phoneText: Parser<string> = matching(PHONE_RE, PHONE_MAX_LENGTH);
export const mobileText: Parser<string> = matching(MOBILE_RE, 11);
/** spec §5 / §9: fewer than EMAIL_MAX_LENGTH characters. */
export const emailText: Parser<string> = matching(EMAIL_RE, EMAIL_MAX_LENGTH - 1);
/** Between `min` and `max` characters, untrimmed (passwords and user names are taken as typed). */
const lengthBetween =
  (min: number, max: number): Parser<string> =>
  (value) => {
    if (typeof value !== 'string' || value.length > max * 2) return INVALID;
    const length = characterCount(value);
    return length >= min && length <= max ? value : INVALID;
  };

export const MSG = {
  phone: (name: string) => `${name} 必须是手机号码、带区号的固定电话或 400/800 号码`,
  mobile: (name: string) => `${name} 必须是 11 位手机号码`,
  email: (name: string) => `${name} 必须是有效的邮箱地址（少于 ${EMAIL_MAX_LENGTH} 个字符）`,
  id: (name: string) => `${name} 必须是正整数`,
  date: (name: string) => `${name} 必须是 yyyy-MM-dd 格式的日期`,
  dateTime: (name: string) => `${name} 必须是 yyyy-MM-dd HH:mm:ss 格式的时间`,
  amount: (name: string) => `${name} 必须是 0 到 ${AMOUNT_MAX} 之间的数字（万元）`,
  code: (name: string) => `${name} 不是有效的取值`,
  keyword: (name: string) => `${name} 必须是不超过 ${KEYWORD_MAX_LENGTH} 个字符的文本`,
} as const;

/** A member's user name and password as the login and registration forms check them (DOMAIN.md). */
export const ACCOUNT = {
  username: required(`用户账号长度必须介于 ${USERNAME_MIN} 和 ${USERNAME_MAX} 之间`, lengthBetween(USERNAME_MIN, USERNAME_MAX)),
  usernameCharacters: optional('用户名只能包含字母、数字、下划线和汉字', matching(USERNAME_RE, USERNAME_MAX * 2)),
  password: required(`用户密码长度必须介于 ${PASSWORD_MIN} 和 ${PASSWORD_MAX} 之间`, lengthBetween(PASSWORD_MIN, PASSWORD_MAX)),
  passwordCharacters: optional(ILLEGAL_CHARS_MESSAGE, matching(PASSWORD_RE, PASSWORD_MAX * 2)),
};

// ---- common fields --------------------------------------------------------------------------

/** pageNum/pageSize of every list (DOMAIN.md: RuoYi paging). */
export const pageFields = {
  pageNum: optional(`pageNum 必须是 1 到 ${PAGE_NUM_MAX} 的整数`, integer(1, PAGE_NUM_MAX), 1),
  pageSize: optional(`pageSize 必须是 1 到 ${PAGE_SIZE_MAX} 的整数`, integer(1, PAGE_SIZE_MAX), DEFAULT_PAGE_SIZE),
};

export interface Page {
  pageNum: number;
  pageSize: number;
}

export const offsetOf = (page: Page) => (page.pageNum - 1) * page.pageSize;

/** A positive integer id in a path or query. */
export const pathId = (name: string) => required(MSG.id(name), integer(1, Number.MAX_SAFE_INTEGER));
/** A positive integer id in a JSON body. */
export const bodyId = (name: string) => required(MSG.id(name), integer(1, Number.MAX_SAFE_INTEGER, 'body'));
export const keyword = (name = 'keyword') => optional(MSG.keyword(name), text(0, KEYWORD_MAX_LENGTH));
export const dictCode = (name: string) => optional(MSG.code(name), matching(DICT_CODE_RE, 16));
export const region = (name = 'areaCode') => optional(`${name} 必须是 6 位地区编码`, matching(REGION_RE, 6));
/** How many regions one search may name (several cities at once). */
export const REGIONS_MAX = 20;
/** Region codes separated by commas ("370100,370200"); read them with `commaList`. */
export const regions = (name = 'areaCode') =>
  optional(
    `${name} 必须是 6 位地区编码，多个用逗号分隔，最多 ${REGIONS_MAX} 个`,
    matching(new RegExp(`^\\d{6}(?:,\\d{6}){0,${REGIONS_MAX - 1}}$`), REGIONS_MAX * 7),
  );
/** 排除词: words separated by spaces or commas, as long as a keyword may be. */
export const excludeWords = (name = 'exclude') => optional(MSG.keyword(name), text(0, KEYWORD_MAX_LENGTH));
export const amount = (name: string) => optional(MSG.amount(name), decimal(0, AMOUNT_MAX));
export const date = (name: string) => optional(MSG.date(name), dateOnly);

/** An object of query or path values. */
export const values = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(shape);

/** The query of a plain paged list. */
export const pageQuery = values(pageFields);
/** `{id}` of a path such as `/cms/xmk/data/:id`. */
export const idParams = values({ id: pathId('id') });

/** A range's ends in order (either may be absent): dates as `yyyy-MM-dd` text, amounts as numbers. */
export const notAfter = (first: string | undefined, second: string | undefined) => !first || !second || first <= second;
export const notAbove = (first: number | undefined, second: number | undefined) =>
  first === undefined || second === undefined || first <= second;

/** `z.object` with the message for a body that is not a JSON object. */
export function body<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: '请求体必须是 JSON 对象' });
}

/** A comma-separated setting (ASCII or full-width commas): trimmed parts, without empties. */
export function commaList(value: string): string[] {
  return value
    .split(/[,，]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** The first problem's message, which names the field. */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '输入的数据不合法!';
  return issue.code === 'custom' || issue.path.length === 0 ? issue.message : `${issue.path.join('.')} 不合法`;
}
