/**
 * Validation of spec §5: the emptiness rule, the generic validator (required, type, range, enum,
 * pattern, email shorter than 255) and the product's form rules (DOMAIN.md). One implementation
 * for antd forms (through `toAntdRule`) and for server and backend checks, so both reject the same
 * input with the same Chinese message.
 */
import { EMAIL_MAX_LENGTH, MESSAGES } from './constants';
import { parseDateTimeString } from './time';

/** spec §5: only undefined, null and '' are empty — 0, false and '  ' are values. */
export function isEmpty(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || value === '';
}

export type RuleType = 'string' | 'number' | 'integer' | 'email' | 'url' | 'date' | 'phone' | 'mobile';

/**
 * One rule, in antd's vocabulary. Every check is optional, as in antd: a rule states only the
 * checks it needs. An empty value passes every rule that is not `required`.
 */
export interface ValidationRule {
  required?: boolean;
  type?: RuleType;
  /** Minimum length (in characters) for strings, minimum value for numbers. */
  min?: number;
  /** Maximum length (in characters) for strings, maximum value for numbers. */
  max?: number;
  enum?: readonly (string | number | boolean)[];
  pattern?: RegExp;
  /** Replaces whichever message this rule would give. */
  message?: string;
}

/** Mainland mobile numbers (DOMAIN.md). */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
/**
 * Landline with area code (0531-88888888, 010-12345678, 02188888888), optional extension
 * (-123), or a 400/800 service number: the numbers companies print on tender notices.
 */
export const LANDLINE_RE = /^(?:0\d{2,3}-?[2-9]\d{6,7}(?:-\d{1,6})?|[48]00-?\d{3}-?\d{4})$/;
/** WHATWG's input[type=email] grammar, but the domain must have a dot (no "a@localhost"). */
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
/** http(s) with a dotted host name or IPv4 address. `URL` is not in shared's ES2023 lib. */
const URL_RE =
  /^https?:\/\/(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}|(?:\d{1,3}\.){3}\d{1,3}|localhost)(?::\d{1,5})?(?:[/?#]\S*)?$/i;
/** Strings that count as numbers: form inputs and query strings arrive as text. */
const NUMBER_TEXT_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const INTEGER_TEXT_RE = /^[+-]?\d+$/;

/** Characters the password may not contain (RuoYi's rule, spec §5 / DOMAIN.md). */
const PASSWORD_RE = /^[^<>"'\\|]*$/;
/** Shown as: 不能包含非法字符：< > " ' \ | — one backslash, the character itself. */
export const ILLEGAL_CHARS_MESSAGE = '不能包含非法字符：< > " \' \\ |';

const TYPE_MESSAGES: Record<RuleType, string> = {
  string: MESSAGES.invalidInput,
  number: '请输入数字',
  integer: '请输入整数',
  email: '请输入正确的邮箱地址',
  url: '请输入正确的网址',
  date: '请输入正确的日期',
  phone: '请输入正确的电话号码',
  mobile: '请输入正确的手机号码',
};
const REQUIRED_MESSAGE = '此项为必填项';

/** Code points, not UTF-16 units: "𠀀" (an extension-B hanzi) is one character to the user. */
const charLength = (text: string): number => Array.from(text).length;

/** A Dayjs (antd DatePicker's value) or Moment, recognised without importing either. */
function isDateLike(value: unknown): value is { isValid(): boolean } {
  return typeof value === 'object' && value !== null && 'isValid' in value && typeof value.isValid === 'function';
}

function failsType(value: unknown, type: RuleType): boolean {
  switch (type) {
    case 'string':
      return typeof value !== 'string';
    case 'number':
      return !(typeof value === 'number'
        ? Number.isFinite(value)
        : typeof value === 'string' && NUMBER_TEXT_RE.test(value));
    case 'integer':
      return !(typeof value === 'number'
        ? Number.isSafeInteger(value)
        : typeof value === 'string' && INTEGER_TEXT_RE.test(value));
    case 'email':
      // spec §5 / §9: fewer than EMAIL_MAX_LENGTH characters.
      return typeof value !== 'string' || value.length >= EMAIL_MAX_LENGTH || !EMAIL_RE.test(value);
    case 'url':
      return typeof value !== 'string' || !URL_RE.test(value);
    case 'date':
      if (value instanceof Date) return Number.isNaN(value.getTime());
      if (typeof value === 'string') return parseDateTimeString(value) === null;
      return !(isDateLike(value) && value.isValid());
    case 'phone':
      return typeof value !== 'string' || !(MOBILE_RE.test(value) || LANDLINE_RE.test(value));
    case 'mobile':
      return typeof value !== 'string' || !MOBILE_RE.test(value);
  }
}

/** Numbers (and numeric text under a number type) compare by value; strings by length. */
function rangeError(value: unknown, rule: ValidationRule): string | null {
  const { min, max, type } = rule;
  if (min === undefined && max === undefined) return null;
  const numeric = typeof value === 'number' || ((type === 'number' || type === 'integer') && typeof value === 'string');
  let size: number;
  if (numeric) size = Number(value);
  else if (typeof value === 'string') size = charLength(value);
  else return null;
  const tooSmall = min !== undefined && size < min;
  const tooLarge = max !== undefined && size > max;
  if (!tooSmall && !tooLarge) return null;
  if (numeric) {
    if (min !== undefined && max !== undefined) return `必须介于 ${min} 和 ${max} 之间`;
    return tooSmall ? `不能小于 ${min}` : `不能大于 ${max}`;
  }
  if (min !== undefined && max !== undefined) return `长度必须介于 ${min} 和 ${max} 之间`;
  return tooSmall ? `长度不能少于 ${min} 个字符` : `长度不能超过 ${max} 个字符`;
}

/** A global or sticky RegExp keeps `lastIndex` between `test` calls: test a stateless copy. */
function testPattern(pattern: RegExp, text: string): boolean {
  const re =
    pattern.global || pattern.sticky ? new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')) : pattern;
  return re.test(text);
}

/**
 * Checks `value` against one rule: required, then type, range, enum, pattern. Returns the first
 * failure's message (the rule's own `message` if it has one) or null when the value passes.
 * Failures without a more specific message fall back to "输入的数据不合法!" (spec §5).
 */
export function validate(value: unknown, rule: ValidationRule): string | null {
  const fail = (fallback: string): string => rule.message ?? fallback;
  if (isEmpty(value)) return rule.required ? fail(REQUIRED_MESSAGE) : null;
  if (rule.type !== undefined && failsType(value, rule.type)) return fail(TYPE_MESSAGES[rule.type]);
  const range = rangeError(value, rule);
  if (range !== null) return fail(range);
  if (rule.enum !== undefined && !rule.enum.some((allowed) => allowed === value)) return fail(MESSAGES.invalidInput);
  if (rule.pattern !== undefined) {
    const text = typeof value === 'string' || typeof value === 'number' ? String(value) : null;
    if (text === null || !testPattern(rule.pattern, text)) return fail(MESSAGES.invalidInput);
  }
  return null;
}

/** The first failing rule's message, or null: antd's order, one field's rule list. */
export function validateRules(value: unknown, rules: readonly ValidationRule[]): string | null {
  for (const rule of rules) {
    const error = validate(value, rule);
    if (error !== null) return error;
  }
  return null;
}

/** Product rule sets (DOMAIN.md, RuoYi's login and register messages). */
export const RULES = {
  username: [
    { required: true, message: '请输入您的账号' },
    { type: 'string', min: 2, max: 20, message: '用户账号长度必须介于 2 和 20 之间' },
  ],
  password: [
    { required: true, message: '请输入您的密码' },
    { type: 'string', min: 5, max: 20, message: '用户密码长度必须介于 5 和 20 之间' },
    { pattern: PASSWORD_RE, message: ILLEGAL_CHARS_MESSAGE },
  ],
  mobile: [{ type: 'mobile' }],
  phone: [{ type: 'phone' }],
  email: [{ type: 'email' }],
} as const satisfies Record<string, readonly ValidationRule[]>;

/**
 * The part of antd Form's `Rule` we produce, written out because shared cannot import antd. It is
 * assignable to antd's `RuleObject`: a function taking fewer, wider parameters fits its
 * `validator(rule, value, callback)`. When a validator is present antd runs only that, so
 * `required` here just draws the asterisk; the message comes from `validate`.
 */
export interface AntdRuleLike {
  required?: boolean;
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

/** Adapts one rule for `<Form.Item rules={…}>`. */
export function toAntdRule(rule: ValidationRule): AntdRuleLike {
  return {
    ...(rule.required ? { required: true } : {}),
    validator: (_rule, value) => {
      const error = validate(value, rule);
      return error === null ? Promise.resolve() : Promise.reject(new Error(error));
    },
  };
}

/** Adapts a rule list, e.g. `rules={toAntdRules(RULES.password)}`. */
export function toAntdRules(rules: readonly ValidationRule[]): AntdRuleLike[] {
  return rules.map(toAntdRule);
}
