/**
 * 招标订阅: keywords (any of them in a tender's title, tenderer or text) and regions (the city and
 * county tree of `treeselect`; a whole city is stored as the city's code). /user/bidding lists what
 * matches both. What is accepted is subscription-rules.ts's (the phone's 订阅招标 edits it too).
 */
import { MATCH_MODE_HINTS } from '@shared/alerts/match';
import { LoadingOutlined } from '@ant-design/icons';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Select, TreeSelect } from 'antd';
import { useState } from 'react';
import { RouteLink } from '../../../components/route-link';
import type { MemberUser } from '@shared/member/types';
import { useHttp } from '../../../lib/http/context';
import { regionTreeQueryOptions } from '../api';
import { feedback } from '../../../lib/feedback';
import { formFailure } from '../../../lib/form-failure';
import { useSaveProfile } from '../use-save-profile';
import { useHasCapability } from '../../../lib/capabilities';
import { keywordsProblem, regionsProblem, subscriptionBody, subscriptionOf } from '../subscription-rules';

interface SubscriptionValues {
  keywords: string[];
  regions: string[];
}

const listRule = (problem: (values: readonly string[]) => string | null) => ({
  validator: (_rule: unknown, value: readonly string[] | undefined) => {
    const message = problem(value ?? []);
    return message === null ? Promise.resolve() : Promise.reject(new Error(message));
  },
});

export function SubscriptionForm({ user }: { user: MemberUser }) {
  const tree = useSuspenseQuery(regionTreeQueryOptions(useHttp())).data;
  const [form] = Form.useForm<SubscriptionValues>();
  const save = useSaveProfile();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const current = subscriptionOf(user);
  const alerts = useHasCapability('alerts');

  const onFinish = (values: SubscriptionValues) => {
    setError(null);
    save.mutate(subscriptionBody(values.keywords, values.regions), {
      onSuccess() {
        setSaved(true);
        feedback.success('订阅已保存');
      },
      onError: (caught) => setError(formFailure(caught)),
    });
  };

  return (
    <Form<SubscriptionValues>
      form={form}
      layout="vertical"
      className="member-form subscription-form"
      initialValues={{ keywords: current.keywords, regions: current.regions }}
      onFinish={onFinish}
      onValuesChange={() => {
        setError(null);
        setSaved(false);
      }}
      onFocus={feedback.preload}
    >
      <Form.Item
        name="keywords"
        label="订阅关键词"
        extra={`输入后按回车或逗号确认；${MATCH_MODE_HINTS.any}，匹配的新招标列在订阅招标中${alerts ? '并提醒您' : ''}。不填则不限关键词。`}
        rules={[listRule(keywordsProblem)]}
      >
        <Select
          mode="tags"
          tokenSeparators={[',', '，']}
          placeholder="如：道路、学校、污水处理"
          aria-label="订阅关键词"
          open={false}
          suffixIcon={null}
        />
      </Form.Item>
      <Form.Item name="regions" label="订阅地区" extra="可选整个城市或具体区县。不选则为全省。" rules={[listRule(regionsProblem)]}>
        <TreeSelect
          treeData={tree}
          fieldNames={{ label: 'label', value: 'id', children: 'children' }}
          treeCheckable
          showCheckedStrategy={TreeSelect.SHOW_PARENT}
          placeholder="选择城市或区县"
          aria-label="订阅地区"
          allowClear
          maxTagCount={12}
          treeNodeFilterProp="label"
          showSearch
        />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} className="form-alert" /> : null}
      <div className="form-actions form-actions-start">
        {/* Not disabled while busy: a second click must reach the duplicate-submit guard (spec §5). */}
        <Button type="primary" htmlType="submit" icon={save.isPending ? <LoadingOutlined /> : undefined}>
          保存订阅
        </Button>
        {saved ? (
          <RouteLink to="/user/bidding" className="form-next">
            查看订阅招标 ›
          </RouteLink>
        ) : null}
      </div>
    </Form>
  );
}
