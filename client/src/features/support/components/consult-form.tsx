/**
 * The consultation request form of the business and support pages: a message (`addMsg`) that
 * staff answer by phone. Open to visitors; a member's token links the message to their account.
 * Fields are checked with the contract's addMsg schema (the backend parses with the same); the request layer's
 * duplicate-submit guard (spec §5) covers double clicks.
 */
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import type { AddMsgBody, MsgSource } from '@shared/content/types';
import { FORM_MESSAGES, toAntdRule, type AntdRuleLike } from '@shared/contract/form-rules';
import { addMsgBody } from '@shared/content/schemas';
import { addMsg } from '../api';
import { useHttp } from '../../../lib/http/context';
import { feedback } from '../../../lib/feedback';
import { AntdScope } from '../../../components/antd-scope';

type ConsultValues = Omit<AddMsgBody, 'source'>;

/** Contract limits of AddMsgBody, in the words a visitor reads. */
const { shape } = addMsgBody;
const FIELD_RULES: Record<keyof ConsultValues, AntdRuleLike[]> = {
  name: [toAntdRule(shape.name, { required: '请输入您的姓名', invalid: '姓名不能超过 20 个字符' })],
  phone: [toAntdRule(shape.phone, { required: '请输入联系电话', invalid: FORM_MESSAGES.phone })],
  email: [toAntdRule(shape.email, { invalid: FORM_MESSAGES.email })],
  content: [toAntdRule(shape.content, { required: '请填写咨询内容', invalid: '咨询内容不能超过 500 个字符' })],
};

export function ConsultForm({ source, title = '在线咨询' }: { source: MsgSource; title?: string }) {
  const http = useHttp();
  const [form] = Form.useForm<ConsultValues>();
  const [sent, setSent] = useState(false);
  const submit = useMutation({
    mutationFn: (values: ConsultValues) =>
      addMsg(http, {
        name: values.name.trim(),
        phone: values.phone.trim(),
        email: values.email?.trim() || undefined,
        content: values.content.trim(),
        source,
      }),
    onSuccess() {
      form.resetFields();
      setSent(true);
      feedback.success('提交成功，我们会尽快与您联系');
    },
  });

  return (
    <section className="consult" aria-labelledby={`consult-${source}`}>
      <h2 id={`consult-${source}`} className="section-title">
        {title}
      </h2>
      <p className="consult-intro">留下您的联系方式和需求，专业顾问将在 1 个工作日内与您联系。</p>
      {sent ? (
        <p className="consult-sent" role="status">
          您的咨询已提交，感谢信任！如需补充，可再次填写。
        </p>
      ) : null}
      <AntdScope>
        <Form<ConsultValues>
          form={form}
          layout="vertical"
          requiredMark
          onFinish={(values) => submit.mutate(values)}
          onFocus={feedback.preload}
          className="consult-form"
        >
          <div className="consult-grid">
            <Form.Item name="name" label="姓名" rules={FIELD_RULES.name}>
              <Input maxLength={20} autoComplete="name" placeholder="您的称呼" />
            </Form.Item>
            <Form.Item name="phone" label="联系电话" rules={FIELD_RULES.phone}>
              <Input maxLength={20} autoComplete="tel" inputMode="tel" placeholder="手机或座机，如 0531-88888888" />
            </Form.Item>
            <Form.Item name="email" label="邮箱（选填）" rules={FIELD_RULES.email}>
              <Input maxLength={254} autoComplete="email" placeholder="name@example.com" />
            </Form.Item>
          </div>
          <Form.Item name="content" label="咨询内容" rules={FIELD_RULES.content}>
            <Input.TextArea rows={4} maxLength={500} showCount placeholder="请简要描述项目情况和咨询需求" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={submit.isPending}>
            提交咨询
          </Button>
        </Form>
      </AntdScope>
    </section>
  );
}
