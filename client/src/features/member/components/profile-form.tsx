/** 基本资料: nickname, mobile, email and company (`updateProfile`), in the contract's limits. */
import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import type { MemberUser } from '@shared/member/types';
import { FORM_MESSAGES, toAntdRule, type AntdRuleLike } from '@shared/contract/form-rules';
import { updateProfileBody } from '@shared/member/schemas';
import { feedback } from '../../../lib/feedback';
import { formFailure } from '../../../lib/form-failure';
import { useSaveProfile } from '../use-save-profile';

interface ProfileValues {
  nickName: string;
  phonenumber: string;
  email: string;
  company: string;
}

const { shape } = updateProfileBody;
const FIELD_RULES: Record<keyof ProfileValues, AntdRuleLike[]> = {
  // The API leaves an absent nickname unchanged; the form always sends one, so it is required here.
  nickName: [{ required: true, ...toAntdRule(shape.nickName, { required: '请输入昵称', invalid: '昵称不能超过 30 个字符' }) }],
  phonenumber: [toAntdRule(shape.phonenumber, { invalid: FORM_MESSAGES.mobile })],
  email: [toAntdRule(shape.email, { invalid: FORM_MESSAGES.email })],
  company: [toAntdRule(shape.company, { invalid: '单位名称不能超过 100 个字符' })],
};

export function ProfileForm({ user }: { user: MemberUser }) {
  const [form] = Form.useForm<ProfileValues>();
  const save = useSaveProfile();
  const [error, setError] = useState<string | null>(null);

  const onFinish = (values: ProfileValues) => {
    setError(null);
    save.mutate(
      {
        nickName: values.nickName.trim(),
        phonenumber: values.phonenumber?.trim() ?? '',
        email: values.email?.trim() ?? '',
        company: values.company?.trim() ?? '',
      },
      { onSuccess: () => feedback.success('资料已保存'), onError: (caught) => setError(formFailure(caught)) },
    );
  };

  return (
    <Form<ProfileValues>
      form={form}
      layout="vertical"
      className="member-form profile-form"
      initialValues={{ nickName: user.nickName, phonenumber: user.phonenumber, email: user.email, company: user.company }}
      onFinish={onFinish}
      onValuesChange={() => setError(null)}
      onFocus={feedback.preload}
    >
      <div className="form-row">
        <Form.Item name="nickName" label="昵称" rules={FIELD_RULES.nickName}>
          <Input maxLength={30} autoComplete="nickname" />
        </Form.Item>
        <Form.Item name="phonenumber" label="手机号码" rules={FIELD_RULES.phonenumber}>
          <Input maxLength={11} autoComplete="tel" inputMode="tel" />
        </Form.Item>
        <Form.Item name="email" label="邮箱" rules={FIELD_RULES.email}>
          <Input maxLength={254} autoComplete="email" />
        </Form.Item>
        <Form.Item name="company" label="所在单位" rules={FIELD_RULES.company}>
          <Input maxLength={100} autoComplete="organization" />
        </Form.Item>
      </div>
      {error ? <Alert type="error" showIcon title={error} className="form-alert" /> : null}
      <div className="form-actions form-actions-start">
        {/* Not disabled while busy: a second click must reach the duplicate-submit guard (spec §5). */}
        <Button type="primary" htmlType="submit" icon={save.isPending ? <LoadingOutlined /> : undefined}>
          保存资料
        </Button>
      </div>
    </Form>
  );
}
