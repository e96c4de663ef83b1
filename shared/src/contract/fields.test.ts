import { describe, expect, it } from 'vitest';
import { ACCOUNT, emailText, ILLEGAL_CHARS_MESSAGE, isEmpty, MSG, optional, pageFields, phoneText, required, text } from './fields';
import { FORM_MESSAGES, schemaProblem, toAntdRule } from './form-rules';
import { addMsgBody } from '../content/schemas';
import { baifangClientBody } from '../visit/schemas';
import { SCHEMAS } from './schemas';

const message = { name: '张三', phone: '13800138000', content: '你好', source: 'support' };

describe('isEmpty (spec §5)', () => {
  it.each([undefined, null, ''])('%j is empty', (v) => expect(isEmpty(v)).toBe(true));
  it.each([0, false, ' ', '0', Number.NaN, [], {}])('%j is not empty', (v) => expect(isEmpty(v)).toBe(false));
});

describe('the phone rule, decided once', () => {
  const phone = required(MSG.phone('phone'), phoneText);
  it.each([
    '13800138000',
    '19912345678',
    '0531-88888888',
    '010-12345678',
    '02188888888',
    '0531-88888888-123',
    '400-123-4567',
    '4001234567',
    '800-123-4567',
  ])('accepts %s', (value) => expect(phone.safeParse(value).success).toBe(true));

  it.each(['12345', '12800138000', '1380013800', '0531-888888', '500-123-4567', '400-123-456', '+8613800138000', 13800138000])(
    'refuses %s',
    (value) => expect(phone.safeParse(value).success).toBe(false),
  );

  // The message form once took 400-123-4567 and the backend refused it.
  it('the form and the backend agree on a 400 number', async () => {
    const formRule = toAntdRule(addMsgBody.shape.phone, { invalid: FORM_MESSAGES.phone });
    await expect(formRule.validator(null, '400-123-4567')).resolves.toBeUndefined();
    expect(SCHEMAS.addMsg.body.safeParse({ ...message, phone: '400-123-4567' }).success).toBe(true);
    await expect(formRule.validator(null, '12345')).rejects.toThrow(FORM_MESSAGES.phone);
    expect(schemaProblem(SCHEMAS.addMsg.body, { ...message, phone: '12345' })).toBe(MSG.phone('phone'));
  });

  it('a visit client takes the same numbers, and an empty one clears it', () => {
    const { phone: clientPhone } = baifangClientBody.shape;
    expect(clientPhone.safeParse('400-123-4567').data).toBe('400-123-4567');
    expect(clientPhone.safeParse('').data).toBe('');
    expect(clientPhone.safeParse('call me').success).toBe(false);
  });
});

describe('email', () => {
  const email = optional(MSG.email('email'), emailText);
  it('accepts ordinary addresses, refuses ones without a dotted domain or too long (spec §5: < 255)', () => {
    expect(email.safeParse('a.b+c@example.com.cn').success).toBe(true);
    expect(email.safeParse('a@localhost').success).toBe(false);
    expect(email.safeParse('not-an-email').success).toBe(false);
    const address = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    expect(email.safeParse(address(254)).success).toBe(true);
    expect(email.safeParse(address(255)).success).toBe(false);
  });
});

describe('fields', () => {
  it('pages default and name the field that is wrong', () => {
    expect(pageFields.pageNum.parse(undefined)).toBe(1);
    expect(pageFields.pageSize.parse('50')).toBe(50);
    expect(schemaProblem(pageFields.pageSize, '500')).toBe('pageSize 必须是 1 到 100 的整数');
  });

  it('text counts characters, not UTF-16 units, and trims', () => {
    const name = required('name 必须是 1 到 2 个字符', text(1, 2));
    expect(name.parse(' 𠀀字 ')).toBe('𠀀字');
    expect(name.safeParse('   ').success).toBe(false);
    expect(name.safeParse('a\u0000').success).toBe(false);
  });

  it('account rules: user name 2–20, password 5–20 without < > " \' \\ |', () => {
    expect(ACCOUNT.username.safeParse('a').success).toBe(false);
    expect(ACCOUNT.username.safeParse('张三').success).toBe(true);
    expect(ACCOUNT.usernameCharacters.safeParse('a b').success).toBe(false);
    expect(ACCOUNT.password.safeParse('1234').success).toBe(false);
    expect(ACCOUNT.password.safeParse(' 1234 ').success).toBe(true);
    expect(schemaProblem(ACCOUNT.passwordCharacters, 'abc<d')).toBe(ILLEGAL_CHARS_MESSAGE);
    expect(ILLEGAL_CHARS_MESSAGE).toBe('不能包含非法字符：< > " \' \\ |');
  });
});

describe('toAntdRule', () => {
  it('marks a field required when its schema refuses an empty value, and uses the form words', async () => {
    const rule = toAntdRule(addMsgBody.shape.name, { required: '请输入您的姓名', invalid: '姓名不能超过 20 个字符' });
    expect(rule.required).toBe(true);
    await expect(rule.validator(null, '')).rejects.toThrow('请输入您的姓名');
    await expect(rule.validator(null, 'x'.repeat(21))).rejects.toThrow('姓名不能超过 20 个字符');
    await expect(rule.validator(null, '张三')).resolves.toBeUndefined();
  });

  it('lets an empty optional field pass, and falls back to the schema message', async () => {
    const rule = toAntdRule(addMsgBody.shape.email);
    expect(rule.required).toBeUndefined();
    await expect(rule.validator(null, undefined)).resolves.toBeUndefined();
    await expect(rule.validator(null, '')).resolves.toBeUndefined();
    await expect(rule.validator(null, 'nope')).rejects.toThrow(MSG.email('email'));
  });
});
