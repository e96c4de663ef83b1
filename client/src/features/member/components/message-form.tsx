/**
 * 给客服留言 from the member centre (`addMsg`, source `member`): name and phone start from the
 * profile, the rules are the contract's addMsg schema, a refused message keeps what was
 * typed and says why beside the form. A sent message appears in the list below at once.
 */
import { LoadingOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import type { AddMsgBody } from '@shared/content/types';
import type { MemberUser } from '@shared/member/types';
import { FORM_MESSAGES, toAntdRule, type AntdRuleLike } from '@shared/contract/form-rules';
import { addMsgBody } from '@shared/content/schemas';
import { addMsg, msgKeys } from '../../support/api';
import { useHttp } from '../../../lib/http/context';
import { feedback } from '../../../lib/feedback';
import { formFailure } from '../../../lib/form-failure';

type MessageValues = Omit<AddMsgBody, 'source'>;

const { shape } = addMsgBody;
const FIELD_RULES: Record<keyof MessageValues, AntdRuleLike[]> = {
  name: [toAntdRule(shape.name, { required: '请输入您的姓名', invalid: '姓名不能超过 20 个字符' })],
  phone: [toAntdRule(shape.phone, { required: '请输入联系电话', invalid: FORM_MESSAGES.phone })],
  email: [toAntdRule(shape.email, { invalid: FORM_MESSAGES.email })],
  content: [toAntdRule(shape.content, { required: '请填写留言内容', invalid: '留言内容不能超过 500 个字符' })],
};

export function MessageForm({ user }: { user: MemberUser | null }) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MessageValues>();
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (values: MessageValues) =>
      addMsg(
        http,
        {
          name: values.name.trim(),
          phone: values.phone.trim(),
          email: values.email?.trim() || undefined,
          content: values.content.trim(),
          source: 'member',
        },
        { notify: false },
      ),
    onSuccess() {
      // Name, phone and email stay for the next message.
      form.setFieldValue('content', '');
      feedback.success('留言成功，我们会尽快回复您');
      void queryClient.invalidateQueries({ queryKey: msgKeys.lists() });
    },
    onError: (caught) => setError(formFailure(caught)),
  });

  return (
    <Form<MessageValues>
      form={form}
      layout="vertical"
      className="member-form message-form"
      initialValues={{ name: user?.nickName || user?.userName || '', phone: user?.phonenumber ?? '', email: user?.email ?? '' }}
      onFinish={(values) => {
        setError(null);
        send.mutate(values);
      }}
      onValuesChange={() => setError(null)}
      onFocus={feedback.preload}
    >
      <div className="form-row form-row-3">
        <Form.Item name="name" label="姓名" rules={FIELD_RULES.name}>
          <Input maxLength={20} autoComplete="name" />
        </Form.Item>
        <Form.Item name="phone" label="联系电话" rules={FIELD_RULES.phone}>
          <Input maxLength={20} autoComplete="tel" inputMode="tel" />
        </Form.Item>
        <Form.Item name="email" label="邮箱（选填）" rules={FIELD_RULES.email}>
          <Input maxLength={254} autoComplete="email" />
        </Form.Item>
      </div>
      <Form.Item name="content" label="留言内容" rules={FIELD_RULES.content}>
        <Input.TextArea rows={4} maxLength={500} showCount placeholder="您的问题或建议，如会员开通、积分、信息纠错等" />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} className="form-alert" /> : null}
      <div className="form-actions">
        {/* Not disabled while busy: a second click must reach the duplicate-submit guard (spec §5). */}
        <Button type="primary" htmlType="submit" icon={send.isPending ? <LoadingOutlined /> : undefined}>
          提交留言
        </Button>
      </div>
    </Form>
  );
}
