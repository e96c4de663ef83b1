/**
 * Input validation. Every path parameter, query and body goes through a zod schema built from the
 * fields below; each field has one Chinese message that names it ("pageSize 必须是 1 到 100 的整数"),
 * used for every way it can be wrong (missing, wrong type, out of range). A refused input answers
 * `{code: 500, msg}` as RuoYi does for bad arguments.
 *
 * Query values arrive as strings (or arrays when a key repeats, which is refused); JSON bodies carry
 * real numbers and booleans, and a number sent as a string is refused, not coerced.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_MAX } from '@shared/constants';
import { parseLocalDateTime } from './clock';
import { invalid } from './envelope';

const INVALID = Symbol('invalid');
type Invalid = typeof INVALID;
type Parser<T> = (value: unknown) => T | Invalid;

const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

/** A required field; `null`, `undefined` and `''` count as missing. */
export function required<T>(message: string, parse: Parser<T>) {
  return z.transform((value: unknown, ctx): T => {
    const parsed = isAbsent(value) ? INVALID : parse(value);
    if (parsed === INVALID) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed;
  });
}

/** An optional field: absent (or `''`, or `null`) reads as `fallback`. */
export function optional<T>(message: string, parse: Parser<T>): z.ZodType<T | undefined>;
export function optional<T>(message: string, parse: Parser<T>, fallback: T): z.ZodType<T>;
export function optional<T>(message: string, parse: Parser<T>, fallback?: T) {
  return z.transform((value: unknown, ctx): T | undefined => {
    if (isAbsent(value)) return fallback;
    const parsed = parse(value);
    if (parsed === INVALID) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed;
  });
}

/**
 * An optional body field where only a missing key is absent: `''` is a value (a text field the
 * user cleared), so updates can tell "unchanged" from "emptied".
 */
export function optionalValue<T>(message: string, parse: Parser<T>): z.ZodType<T | undefined>;
export function optionalValue<T>(message: string, parse: Parser<T>, fallback: T): z.ZodType<T>;
export function optionalValue<T>(message: string, parse: Parser<T>, fallback?: T) {
  return z.transform((value: unknown, ctx): T | undefined => {
    if (value === undefined) return fallback;
    const parsed = parse(value);
    if (parsed === INVALID) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed;
  });
}

/** Like `optional`, but an explicit `null` survives (a body field that clears a value). */
export function nullable<T>(message: string, parse: Parser<T>) {
  return z.transform((value: unknown, ctx): T | null | undefined => {
    if (value === undefined) return undefined;
    if (value === null || value === '') return null;
    const parsed = parse(value);
    if (parsed === INVALID) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed;
  });
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
    else if (from === 'query' && typeof value === 'string' && /^-?\d{1,12}(\.\d{1,6})?$/.test(value.trim()))
      n = Number(value);
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
  return (value) =>
    typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as V) : INVALID;
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

export function matching(pattern: RegExp, maxLength = 200): Parser<string> {
  return (value) => (typeof value === 'string' && value.length <= maxLength && pattern.test(value) ? value : INVALID);
}

/** A JSON array (body) of short codes such as dictionary values (`[0-9a-z_]`); duplicates are dropped. */
export function codeArray(maxItems: number): Parser<string[]> {
  return (value) =>
    Array.isArray(value) && value.length <= maxItems && value.every((c) => typeof c === 'string' && /^[0-9a-z_]{1,16}$/.test(c))
      ? [...new Set(value as string[])]
      : INVALID;
}

/** `yyyy-MM-dd`, a real calendar date. */
export const dateOnly: Parser<string> = (value) =>
  typeof value === 'string' && value.length === 10 && parseLocalDateTime(value) ? value : INVALID;

/** `yyyy-MM-dd HH:mm:ss`, a real calendar time. */
export const dateTime: Parser<string> = (value) =>
  typeof value === 'string' && value.length === 19 && parseLocalDateTime(value) ? value : INVALID;

// ---- common fields --------------------------------------------------------------------------

export const PAGE_NUM_MAX = 1_000_000;

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

/** A positive integer id in a path. */
export const pathId = (name: string) => required(`${name} 必须是正整数`, integer(1, Number.MAX_SAFE_INTEGER));

/** A comma-separated setting (ASCII or full-width commas): trimmed parts, without empties. */
export function commaList(value: string): string[] {
  return value
    .split(/[,，]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** Parse or refuse with the first problem's message (which names the field). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message =
    issue?.code === 'custom' || issue?.path.length === 0 ? issue.message : `${issue?.path.join('.')} 不合法`;
  throw invalid(message);
}

/** `z.object` with the message for a body that is not a JSON object. */
export function body<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: '请求体必须是 JSON 对象' });
}
