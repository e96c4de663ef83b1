/**
 * 我的订阅: the profile's subscription first (edited in 会员资料), then the member's alert
 * subscriptions with how many of the tier's places are used, and a form to add or change one —
 * name, keywords with 任一/全部 (shared/src/alerts/match.ts) and exclude words (space separated),
 * regions (the `treeselect` region tree), notice types (dictionary) and an amount range in 万元. A
 * keyword or a region is required. The backend says why it refuses anything else, shown by the form.
 */
import { LoadingOutlined } from '@ant-design/icons';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Radio, Switch, TreeSelect } from 'antd';
import { useState } from 'react';
import { RouteLink } from '../../../components/route-link';
import {
  DEFAULT_MATCH_MODE,
  MATCH_MODE_HINTS,
  MATCH_MODE_LABELS,
  MATCH_MODES,
  SUBSCRIPTION_LIMITS,
  SUBSCRIPTION_TEXT_MAX,
  type MatchMode,
} from '@shared/alerts/match';
import { DICT_TYPES } from '@shared/system/types';
import { subscriptionsQueryOptions, type Subscription, type SubscriptionBody } from '../api';
import { amountRange, NEW_SUBSCRIPTION, subscriptionWords, useDeleteSubscription, useSaveSubscription } from '../subscription-editing';
import { useHttp } from '../../../lib/http/context';
import { regionTreeQueryOptions } from '../../member/api';
import { PROFILE_SUBSCRIPTION_NAME, useProfileSubscription } from '../../member/components/profile-subscription';
import { useSession } from '../../../lib/session';
import { DictLabel, useDict } from '../../../components/dict-label';
import { EmptyState } from '../../../components/empty-state';
import { regionName } from '../../../lib/region';
import { feedback } from '../../../lib/feedback';
import { MemberSection } from '../../../components/member-area/member-page';

const NAME_MAX = SUBSCRIPTION_TEXT_MAX.name;
const KEYWORDS_MAX = SUBSCRIPTION_TEXT_MAX.words;

type FormValues = Omit<SubscriptionBody, 'amountMin' | 'amountMax' | 'matchMode'> & {
  matchMode: MatchMode;
  amountMin?: number | null;
  amountMax?: number | null;
};

function SubscriptionForm({ editing, onDone }: { editing: Subscription | null; onDone: () => void }) {
  const tree = useSuspenseQuery(regionTreeQueryOptions(useHttp())).data;
  const types = useDict(DICT_TYPES.zbNoticeType);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSubscription(editing, onDone, setError);
  const [form] = Form.useForm<FormValues>();
  const mode = Form.useWatch('matchMode', form) ?? editing?.matchMode ?? DEFAULT_MATCH_MODE;
  const onFinish = (values: FormValues) => {
    setError(null);
    save.mutate({
      name: values.name.trim(),
      keywords: subscriptionWords(values.keywords ?? ''),
      matchMode: values.matchMode,
      excludeWords: subscriptionWords(values.excludeWords ?? ''),
      areaCodes: values.areaCodes ?? [],
      noticeTypes: values.noticeTypes ?? [],
      amountMin: values.amountMin ?? null,
      amountMax: values.amountMax ?? null,
      enabled: values.enabled,
    });
  };
  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      className="member-form subscription-edit-form"
      initialValues={editing ?? NEW_SUBSCRIPTION}
      onFinish={onFinish}
      onValuesChange={() => setError(null)}
      onFocus={feedback.preload}
    >
      <Form.Item
        name="name"
        label="订阅名称"
        rules={[
          { required: true, whitespace: true, message: '请填写订阅名称' },
          { max: NAME_MAX, message: `名称最多 ${NAME_MAX} 个字` },
        ]}
      >
        <Input placeholder="如：济南道路工程" maxLength={NAME_MAX} />
      </Form.Item>
      <Form.Item
        name="keywords"
        label="关键词"
        extra={`多个关键词用空格分隔；${MATCH_MODE_HINTS[mode]}。关键词和地区至少填一项。`}
        dependencies={['areaCodes']}
        rules={[
          { max: KEYWORDS_MAX, message: `关键词最多 ${KEYWORDS_MAX} 个字` },
          ({ getFieldValue }) => ({
            validator: (_rule: unknown, value: string | undefined) =>
              subscriptionWords(value ?? '') === '' && ((getFieldValue('areaCodes') as string[] | undefined) ?? []).length === 0
                ? Promise.reject(new Error('请至少填写一个关键词或选择一个地区'))
                : Promise.resolve(),
          }),
        ]}
      >
        <Input placeholder="如：道路 桥梁 市政" maxLength={KEYWORDS_MAX} />
      </Form.Item>
      <Form.Item name="matchMode" label="匹配方式">
        <Radio.Group options={MATCH_MODES.map((m) => ({ value: m, label: MATCH_MODE_LABELS[m] }))} aria-label="匹配方式" />
      </Form.Item>
      <Form.Item
        name="excludeWords"
        label="排除词"
        extra="含任一排除词的公告不提醒。"
        rules={[{ max: KEYWORDS_MAX, message: `排除词最多 ${KEYWORDS_MAX} 个字` }]}
      >
        <Input placeholder="如：监理 设计" maxLength={KEYWORDS_MAX} />
      </Form.Item>
      <Form.Item name="areaCodes" label="地区" extra="可选整个城市或具体区县；不选则为全省。">
        <TreeSelect
          treeData={tree}
          fieldNames={{ label: 'label', value: 'id', children: 'children' }}
          treeCheckable
          showCheckedStrategy={TreeSelect.SHOW_PARENT}
          placeholder="选择城市或区县"
          aria-label="地区"
          allowClear
          treeNodeFilterProp="label"
          showSearch
        />
      </Form.Item>
      <Form.Item name="noticeTypes" label="公告类型" extra="不选则为全部类型。">
        <Checkbox.Group options={types.map((t) => ({ label: t.dictLabel, value: t.dictValue }))} />
      </Form.Item>
      <div className="form-row">
        <Form.Item name="amountMin" label="金额下限（万元）">
          <InputNumber min={0} precision={2} style={{ width: '100%' }} placeholder="不限" />
        </Form.Item>
        <Form.Item
          name="amountMax"
          label="金额上限（万元）"
          dependencies={['amountMin']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule: unknown, value: number | null | undefined) => {
                const min = getFieldValue('amountMin') as number | null | undefined;
                return value != null && min != null && value < min ? Promise.reject(new Error('上限不能小于下限')) : Promise.resolve();
              },
            }),
          ]}
        >
          <InputNumber min={0} precision={2} style={{ width: '100%' }} placeholder="不限" />
        </Form.Item>
      </div>
      <Form.Item name="enabled" label="启用" valuePropName="checked">
        <Switch />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} className="form-alert" /> : null}
      <div className="form-actions form-actions-start">
        <Button type="primary" htmlType="submit" icon={save.isPending ? <LoadingOutlined /> : undefined}>
          {editing ? '保存订阅' : '确定添加'}
        </Button>
        <Button onClick={onDone}>取消</Button>
      </div>
    </Form>
  );
}

/** The profile's subscription, first of the member's: shown here, edited in 会员资料. */
function ProfileSubscriptionCard() {
  const profile = useProfileSubscription();
  return (
    <li className={profile.active ? 'subscription-card' : 'subscription-card is-disabled'}>
      <p className="subscription-card-head">
        <strong>{PROFILE_SUBSCRIPTION_NAME}</strong>
        {profile.active ? <span className="tag tag-success">已启用</span> : <span className="tag tag-default">未设置</span>}
      </p>
      <dl className="subscription-card-fields">
        <dt>关键词</dt>
        <dd>{profile.keywords.length > 0 ? `${profile.keywords.join('、')}（${MATCH_MODE_LABELS.any}）` : '不限'}</dd>
        <dt>地区</dt>
        <dd>{profile.regions.length > 0 ? profile.regions.join('、') : '全省'}</dd>
      </dl>
      {profile.active ? null : <p className="muted">在会员资料中填写关键词或地区后，匹配的新招标会提醒您。</p>}
      <p className="subscription-card-actions">
        <RouteLink to="/user/member#subscription" className="link-button">
          在会员资料中修改
        </RouteLink>
      </p>
    </li>
  );
}

export function SubscriptionList() {
  const { data: subscriptions } = useSuspenseQuery(subscriptionsQueryOptions(useHttp()));
  const level = useSession().member_info?.level ?? '0';
  const limit = SUBSCRIPTION_LIMITS[level];
  const full = subscriptions.length >= limit;
  const regions = useDict(DICT_TYPES.region);
  // null: no form; 'new': adding; a subscription: editing it.
  const [editing, setEditing] = useState<Subscription | 'new' | null>(null);
  const { onDelete, deleting } = useDeleteSubscription(() => feedback.success('订阅已删除'));

  return (
    <>
      {editing !== null ? (
        <MemberSection title={editing === 'new' ? '添加订阅' : `编辑订阅：${editing.name}`}>
          <SubscriptionForm
            key={editing === 'new' ? 'new' : editing.id}
            editing={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        </MemberSection>
      ) : null}
      <MemberSection
        title="我的订阅"
        extra={
          <span className="subscription-quota">
            <span className={full ? 'subscription-used is-full' : 'subscription-used'}>{`已用 ${subscriptions.length}/${limit}`}</span>
            <button
              type="button"
              className="button button-primary button-small"
              onClick={() => setEditing('new')}
              disabled={full}
              title={full ? '订阅数量已达上限，删除不用的订阅后可再添加' : undefined}
            >
              {full ? '已达上限' : '添加订阅'}
            </button>
          </span>
        }
      >
        {full ? (
          <p className="muted subscription-full">{`订阅数量已达上限（${limit} 个）：删除不用的订阅后可再添加${level === '2' ? '' : '，VIP 会员可添加 30 个'}。`}</p>
        ) : null}
        <ul className="subscription-cards">
          <ProfileSubscriptionCard />
        </ul>
        {subscriptions.length === 0 ? (
          <EmptyState compact>
            <p>还没有其他订阅。添加关键词、地区等条件，匹配的新公告会提醒您。</p>
          </EmptyState>
        ) : (
          <ul className="subscription-cards">
            {subscriptions.map((s) => (
              <li key={s.id} className={s.enabled ? 'subscription-card' : 'subscription-card is-disabled'}>
                <p className="subscription-card-head">
                  <strong>{s.name}</strong>
                  {s.enabled ? <span className="tag tag-success">已启用</span> : <span className="tag tag-default">已停用</span>}
                </p>
                <dl className="subscription-card-fields">
                  <dt>关键词</dt>
                  <dd>{s.keywords ? `${s.keywords}（${MATCH_MODE_LABELS[s.matchMode]}）` : '不限'}</dd>
                  {s.excludeWords ? (
                    <>
                      <dt>排除词</dt>
                      <dd>{s.excludeWords}</dd>
                    </>
                  ) : null}
                  <dt>地区</dt>
                  <dd>{s.areaCodes.length > 0 ? s.areaCodes.map((code) => regionName(regions, code)).join('、') : '全省'}</dd>
                  <dt>公告类型</dt>
                  <dd>
                    {s.noticeTypes.length > 0
                      ? s.noticeTypes.map((t, i) => (
                          <span key={t}>
                            {i > 0 ? '、' : ''}
                            <DictLabel type={DICT_TYPES.zbNoticeType} value={t} />
                          </span>
                        ))
                      : '全部'}
                  </dd>
                  <dt>金额</dt>
                  <dd>{amountRange(s) ?? '不限'}</dd>
                </dl>
                <p className="subscription-card-actions">
                  <button type="button" className="link-button" onClick={() => setEditing(s)}>
                    编辑
                  </button>
                  <button type="button" className="link-button is-danger" onClick={() => void onDelete(s)} disabled={deleting}>
                    删除
                  </button>
                </p>
              </li>
            ))}
          </ul>
        )}
      </MemberSection>
    </>
  );
}
