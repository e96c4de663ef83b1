/**
 * The contract's field schemas as antd form rules: a form checks a field with
 * the very schema the backend parses it with, so both accept and refuse the same input. Only the
 * wording differs: the backend's messages name the API field ("phone 必须是…"), a form speaks to
 * the user ("请输入正确的电话号码…"), so a form may give its own required and invalid messages.
 */
import type { z } from 'zod';
import { firstProblem, isEmpty } from './fields';

/** The forms' words for the product's common fields. */
export const FORM_MESSAGES = {
  phone: '请输入正确的电话号码（手机、带区号的座机或 400/800 号码）',
  mobile: '请输入正确的 11 位手机号码',
  email: '请输入正确的邮箱地址',
} as const;

/**
 * The part of antd Form's `Rule` we produce, written out because shared cannot import antd. It is
 * assignable to antd's `RuleObject`: a function taking fewer, wider parameters fits its
 * `validator(rule, value, callback)`. When a validator is present antd runs only that, so
 * `required` here just draws the asterisk; the message comes from the schema.
 */
export interface AntdRuleLike {
  required?: boolean;
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

export interface FormMessages {
  /** Shown for an empty value of a required field. */
  required?: string;
  /** Shown for any other refusal; the schema's own message otherwise. */
  invalid?: string;
}

/** The message for `value`, or null when the schema accepts it. */
export function schemaProblem(schema: z.ZodType, value: unknown, messages: FormMessages = {}): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  if (isEmpty(value) && messages.required !== undefined) return messages.required;
  return messages.invalid ?? firstProblem(result.error);
}

/** One field's rule for `<Form.Item rules={[toAntdRule(schema, …)]}>`; required when the schema refuses an empty value. */
export function toAntdRule(schema: z.ZodType, messages: FormMessages = {}): AntdRuleLike {
  const required = !schema.safeParse(undefined).success;
  return {
    ...(required ? { required: true } : {}),
    validator: (_rule, value) => {
      const problem = schemaProblem(schema, value, messages);
      return problem === null ? Promise.resolve() : Promise.reject(new Error(problem));
    },
  };
}
