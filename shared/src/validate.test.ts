import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, MESSAGES } from './constants';
import {
  ILLEGAL_CHARS_MESSAGE,
  RULES,
  isEmpty,
  toAntdRule,
  toAntdRules,
  validate,
  validateRules,
  type ValidationRule,
} from './validate';

describe('isEmpty (spec §5)', () => {
  it.each([undefined, null, ''])('%j is empty', (v) => expect(isEmpty(v)).toBe(true));
  it.each([0, false, ' ', '0', Number.NaN, [], {}])('%j is not empty', (v) => expect(isEmpty(v)).toBe(false));
});

describe('validate: required', () => {
  it('rejects empty values with the default or the rule message', () => {
    for (const v of [undefined, null, '']) {
      expect(validate(v, { required: true })).toBe('此项为必填项');
      expect(validate(v, { required: true, message: '请输入标题' })).toBe('请输入标题');
    }
  });

  it('accepts 0, false and whitespace as present (spec §5 emptiness rule)', () => {
    expect(validate(0, { required: true })).toBeNull();
    expect(validate(false, { required: true })).toBeNull();
    expect(validate(' ', { required: true })).toBeNull();
  });

  it('lets an empty optional value pass every other check', () => {
    const strict: ValidationRule = { type: 'email', min: 10, enum: ['x'], pattern: /^z$/ };
    expect(validate(undefined, strict)).toBeNull();
    expect(validate(null, strict)).toBeNull();
    expect(validate('', strict)).toBeNull();
  });

  it('passes anything against an empty rule', () => {
    expect(validate('x', {})).toBeNull();
  });
});

describe('validate: types', () => {
  it('string', () => {
    expect(validate('abc', { type: 'string' })).toBeNull();
    expect(validate(12, { type: 'string' })).toBe(MESSAGES.invalidInput);
  });

  it('number accepts numbers and numeric text', () => {
    for (const ok of [0, -1.5, 12, '12', '-3.25', '+4', '.5', '5.'])
      expect(validate(ok, { type: 'number' })).toBeNull();
    for (const bad of ['abc', '1e3', '1,000', ' 1', Number.NaN, Number.POSITIVE_INFINITY, true, {}])
      expect(validate(bad, { type: 'number' })).toBe('请输入数字');
  });

  it('integer', () => {
    for (const ok of [0, -7, 42, '42', '-7']) expect(validate(ok, { type: 'integer' })).toBeNull();
    for (const bad of [1.5, '1.5', 'x', 2 ** 53]) expect(validate(bad, { type: 'integer' })).toBe('请输入整数');
  });

  it('email, shorter than 255 characters (spec §5)', () => {
    for (const ok of ['a@b.cn', 'zhang.san+tender@mail.example.com.cn', "o'neil@example.org"])
      expect(validate(ok, { type: 'email' })).toBeNull();
    for (const bad of ['plain', 'a@b', 'a@localhost', '@b.cn', 'a@.cn', 'a b@c.cn', 'a@b..cn', '张三@例子.中国', 5])
      expect(validate(bad, { type: 'email' })).toBe('请输入正确的邮箱地址');
  });

  it('email length limit is exclusive at EMAIL_MAX_LENGTH', () => {
    const withLength = (n: number): string => `${'a'.repeat(n - '@example.cn'.length)}@example.cn`;
    // Local parts over 64 characters are tolerated: only the total is limited, as the spec says.
    expect(withLength(EMAIL_MAX_LENGTH - 1)).toHaveLength(254);
    expect(validate(withLength(EMAIL_MAX_LENGTH - 1), { type: 'email' })).toBeNull();
    expect(validate(withLength(EMAIL_MAX_LENGTH), { type: 'email' })).toBe('请输入正确的邮箱地址');
  });

  it('url', () => {
    for (const ok of [
      'https://www.example.cn',
      'http://example.com/a/b?c=1#d',
      'http://10.0.0.1:8080/x',
      'http://localhost:3000',
    ])
      expect(validate(ok, { type: 'url' })).toBeNull();
    for (const bad of [
      'www.example.cn',
      'ftp://example.cn',
      'javascript:alert(1)',
      'https://',
      'http://exa mple.cn',
      1,
    ])
      expect(validate(bad, { type: 'url' })).toBe('请输入正确的网址');
  });

  it('date accepts date strings, valid Dates and valid Dayjs-like objects', () => {
    for (const ok of ['2026-01-02', '2026-01-02 03:04:05', '2026/1/2', new Date(0), { isValid: () => true }])
      expect(validate(ok, { type: 'date' })).toBeNull();
    for (const bad of [
      '2026-02-30',
      'tomorrow',
      '1767286800',
      new Date('x'),
      { isValid: () => false },
      { isValid: true },
      0,
    ])
      expect(validate(bad, { type: 'date' })).toBe('请输入正确的日期');
  });

  it('mobile', () => {
    for (const ok of ['13800138000', '19912345678', '15000000000']) expect(validate(ok, { type: 'mobile' })).toBeNull();
    for (const bad of ['12800138000', '1380013800', '138001380000', '+8613800138000', '138-0013-8000', 13800138000])
      expect(validate(bad, { type: 'mobile' })).toBe('请输入正确的手机号码');
  });

  it('phone: mobile or landline', () => {
    for (const ok of [
      '13800138000',
      '0531-88888888',
      '053188888888',
      '010-62345678',
      '021-6234567',
      '0531-88888888-123',
      '400-123-4567',
      '8001234567',
    ])
      expect(validate(ok, { type: 'phone' })).toBeNull();
    for (const bad of [
      '88888888',
      '0531-08888888',
      '531-88888888',
      '0531-888888',
      '0531 88888888',
      '12345',
      '0531-88888888-',
      531,
    ])
      expect(validate(bad, { type: 'phone' })).toBe('请输入正确的电话号码');
  });

  it('uses the rule message for a type failure', () => {
    expect(validate('x', { type: 'mobile', message: '手机号格式不对' })).toBe('手机号格式不对');
  });
});

describe('validate: min / max', () => {
  it('limits string length in characters, counting astral characters once', () => {
    expect(validate('a', { min: 2 })).toBe('长度不能少于 2 个字符');
    expect(validate('abc', { max: 2 })).toBe('长度不能超过 2 个字符');
    expect(validate('a', { min: 2, max: 4 })).toBe('长度必须介于 2 和 4 之间');
    expect(validate('abcde', { min: 2, max: 4 })).toBe('长度必须介于 2 和 4 之间');
    expect(validate('ab', { min: 2, max: 4 })).toBeNull();
    expect(validate('abcd', { min: 2, max: 4 })).toBeNull();
    expect(validate('项目', { min: 2, max: 2 })).toBeNull();
    expect('𠀀𠀁').toHaveLength(4);
    expect(validate('𠀀𠀁', { max: 2 })).toBeNull();
  });

  it('limits numbers by value', () => {
    expect(validate(0, { min: 1 })).toBe('不能小于 1');
    expect(validate(101, { max: 100 })).toBe('不能大于 100');
    expect(validate(-1, { min: 0, max: 10 })).toBe('必须介于 0 和 10 之间');
    expect(validate(10, { min: 0, max: 10 })).toBeNull();
    expect(validate(0, { min: 0, max: 10 })).toBeNull();
  });

  it('compares numeric text by value under a number type, by length otherwise', () => {
    expect(validate('150', { type: 'number', max: 100 })).toBe('不能大于 100');
    expect(validate('50', { type: 'integer', min: 1, max: 100 })).toBeNull();
    expect(validate('150', { max: 2 })).toBe('长度不能超过 2 个字符');
  });

  it('ignores min/max for values that have no size', () => {
    expect(validate(true, { min: 5 })).toBeNull();
  });

  it('uses the rule message for a range failure', () => {
    expect(validate('a', { min: 2, message: '太短' })).toBe('太短');
  });
});

describe('validate: enum and pattern', () => {
  it('enum compares strictly', () => {
    const rule: ValidationRule = { enum: ['0', '1'] };
    expect(validate('1', rule)).toBeNull();
    expect(validate(1, rule)).toBe(MESSAGES.invalidInput);
    expect(validate('2', rule)).toBe(MESSAGES.invalidInput);
    expect(validate(true, { enum: [true] })).toBeNull();
    expect(validate('2', { ...rule, message: '请选择类型' })).toBe('请选择类型');
  });

  it('pattern falls back to the generic message', () => {
    expect(validate('abc', { pattern: /^[a-z]+$/ })).toBeNull();
    expect(validate('ABC', { pattern: /^[a-z]+$/ })).toBe('输入的数据不合法!');
    expect(validate(123, { pattern: /^\d+$/ })).toBeNull();
    expect(validate({}, { pattern: /./ })).toBe(MESSAGES.invalidInput);
  });

  it('gives the same answer every time for a global pattern', () => {
    const rule: ValidationRule = { pattern: /^a$/g };
    expect([validate('a', rule), validate('a', rule), validate('a', rule)]).toEqual([null, null, null]);
  });

  it('reports the first failure in order: required, type, range, enum, pattern', () => {
    const rule: ValidationRule = { type: 'string', min: 3, enum: ['abcd'], pattern: /^x/ };
    expect(validate(1, rule)).toBe(MESSAGES.invalidInput);
    expect(validate('ab', rule)).toBe('长度不能少于 3 个字符');
    expect(validate('abc', { ...rule, enum: ['abcd'] })).toBe(MESSAGES.invalidInput);
    expect(validate('abcd', rule)).toBe(MESSAGES.invalidInput);
    expect(validate('xyz', { type: 'string', min: 3, pattern: /^x/ })).toBeNull();
  });
});

describe('validateRules', () => {
  it('returns the first failing rule message or null', () => {
    const rules: ValidationRule[] = [
      { required: true, message: 'A' },
      { min: 3, message: 'B' },
      { pattern: /^x/, message: 'C' },
    ];
    expect(validateRules('', rules)).toBe('A');
    expect(validateRules('xy', rules)).toBe('B');
    expect(validateRules('abc', rules)).toBe('C');
    expect(validateRules('xyz', rules)).toBeNull();
    expect(validateRules('anything', [])).toBeNull();
  });
});

describe('RULES (product rules)', () => {
  it('username: required, 2–20 characters', () => {
    expect(validateRules('', RULES.username)).toBe('请输入您的账号');
    expect(validateRules(undefined, RULES.username)).toBe('请输入您的账号');
    expect(validateRules('a', RULES.username)).toBe('用户账号长度必须介于 2 和 20 之间');
    expect(validateRules('a'.repeat(21), RULES.username)).toBe('用户账号长度必须介于 2 和 20 之间');
    expect(validateRules('张三', RULES.username)).toBeNull();
    expect(validateRules('a'.repeat(20), RULES.username)).toBeNull();
  });

  it('password: required, 5–20 characters', () => {
    expect(validateRules('', RULES.password)).toBe('请输入您的密码');
    expect(validateRules('1234', RULES.password)).toBe('用户密码长度必须介于 5 和 20 之间');
    expect(validateRules('x'.repeat(21), RULES.password)).toBe('用户密码长度必须介于 5 和 20 之间');
    expect(validateRules('12345', RULES.password)).toBeNull();
    expect(validateRules('Abc!@#$%^&*()_+-=[]', RULES.password)).toBeNull();
  });

  it.each(['<', '>', '"', "'", '\\', '|'])('password: rejects %s', (ch) => {
    expect(validateRules(`abc${ch}def`, RULES.password)).toBe(ILLEGAL_CHARS_MESSAGE);
  });

  it('password: the illegal-characters message lists each character once', () => {
    expect(ILLEGAL_CHARS_MESSAGE).toBe('不能包含非法字符：< > " \' \\ |');
    expect([...ILLEGAL_CHARS_MESSAGE].filter((c) => c === '\\')).toHaveLength(1);
  });

  it('mobile / phone / email', () => {
    expect(validateRules('13800138000', RULES.mobile)).toBeNull();
    expect(validateRules('0531-88888888', RULES.mobile)).toBe('请输入正确的手机号码');
    expect(validateRules('0531-88888888', RULES.phone)).toBeNull();
    expect(validateRules('13800138000', RULES.phone)).toBeNull();
    expect(validateRules('123', RULES.phone)).toBe('请输入正确的电话号码');
    expect(validateRules('a@b.cn', RULES.email)).toBeNull();
    expect(validateRules('a@b', RULES.email)).toBe('请输入正确的邮箱地址');
    // Optional unless a form adds required.
    expect(validateRules('', RULES.phone)).toBeNull();
  });
});

describe('toAntdRule', () => {
  it('resolves for a valid value and rejects with an Error carrying the message', async () => {
    const rule = toAntdRule({ type: 'mobile' });
    await expect(rule.validator({}, '13800138000')).resolves.toBeUndefined();
    await expect(rule.validator({}, '123')).rejects.toThrow('请输入正确的手机号码');
    await expect(rule.validator({}, '')).resolves.toBeUndefined();
  });

  it('marks required rules so antd draws the asterisk, and validates them itself', async () => {
    const rule = toAntdRule({ required: true, message: '请输入验证码' });
    expect(rule.required).toBe(true);
    await expect(rule.validator({}, undefined)).rejects.toThrow('请输入验证码');
    expect(toAntdRule({ min: 1 })).not.toHaveProperty('required');
  });

  it('adapts a whole rule set in order', async () => {
    const rules = toAntdRules(RULES.password);
    expect(rules).toHaveLength(3);
    expect(rules[0]?.required).toBe(true);
    await expect(rules[2]?.validator({}, 'a|b')).rejects.toThrow(ILLEGAL_CHARS_MESSAGE);
  });
});
