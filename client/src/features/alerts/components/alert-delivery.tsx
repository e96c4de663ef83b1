/**
 * 推送设置: the private feed links (Atom for readers, iCalendar for 报名截止 and 开标
 * dates; capability `feeds`) with copy and reset, and the e-mail digest frequency — disabled, with
 * the backend's reason, when it cannot send mail.
 */
import { LoadingOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import {
  alertKeys,
  alertSettingsQueryOptions,
  feedLinksQueryOptions,
  resetFeedLinks,
  saveAlertSettings,
  type AlertSettings,
  type EmailFrequency,
} from '../api';
import { useHttp } from '../../../lib/http/context';
import { feedback } from '../../../lib/feedback';
import { absoluteUrl, usePortalSettings } from '../../../lib/portal-settings';
import { formFailure } from '../../../lib/form-failure';
import { MemberSection } from '../../../components/member-area/member-page';

/** The link as a reader must be given it: absolute, by SITE_URL or else by this page's origin. */
function fullUrl(siteUrl: string | null, path: string): string {
  if (siteUrl) return `${siteUrl}${path}`;
  return typeof window === 'undefined' ? path : new URL(path, window.location.href).href;
}

function FeedLinks() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const settings = usePortalSettings();
  const { data: links } = useSuspenseQuery(feedLinksQueryOptions(http));
  const reset = useMutation({
    mutationFn: () => resetFeedLinks(http),
    onSuccess: (fresh) => {
      queryClient.setQueryData(alertKeys.feeds(), fresh);
      feedback.success('已生成新链接，旧链接已失效');
    },
  });
  const copy = async (path: string) => {
    try {
      await navigator.clipboard.writeText(fullUrl(settings.siteUrl, path));
      feedback.success('链接已复制');
    } catch {
      feedback.warning('无法访问剪贴板，请手动选中链接复制');
    }
  };
  const onReset = async () => {
    const ok = await feedback.confirm({
      title: '重新生成订阅链接？',
      content: '旧的 RSS 和日历链接将立即失效，已添加到阅读器或日历里的需要换成新链接。',
      okText: '重新生成',
      danger: true,
    });
    if (ok) reset.mutate();
  };
  const rows = [
    { label: 'RSS / Atom 订阅', hint: '在 RSS 阅读器中订阅您的提醒', path: links.atom },
    { label: '日历订阅（iCalendar）', hint: '报名截止、开标时间进入您的日历', path: links.ics },
  ];
  return (
    <MemberSection title="订阅链接">
      <p className="muted">链接含私人令牌，请勿分享；泄露后可重新生成。</p>
      <ul className="feed-links">
        {rows.map((row) => (
          <li key={row.label}>
            <p className="feed-link-label">
              <strong>{row.label}</strong> <span className="muted">{row.hint}</span>
            </p>
            <div className="feed-link-row">
              <Input readOnly value={absoluteUrl(settings, row.path)} aria-label={row.label} onFocus={(e) => e.currentTarget.select()} />
              <Button onClick={() => void copy(row.path)}>复制</Button>
            </div>
          </li>
        ))}
      </ul>
      <Button danger onClick={() => void onReset()} icon={reset.isPending ? <LoadingOutlined /> : undefined}>
        重新生成链接
      </Button>
    </MemberSection>
  );
}

const FREQUENCIES: { value: EmailFrequency; label: string }[] = [
  { value: 'immediate', label: '即时' },
  { value: 'daily', label: '每日汇总' },
  { value: 'off', label: '不发送' },
];

function MailSettings() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const { data: current } = useSuspenseQuery(alertSettingsQueryOptions(http));
  const [error, setError] = useState<string | null>(null);
  // What the backend said about confirming the address (a link was mailed, or could not be yet).
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (values: { emailFrequency: EmailFrequency; email: string | null }) => saveAlertSettings(http, values),
    onSuccess: ({ settings: saved, msg }: { settings: AlertSettings; msg: string }) => {
      queryClient.setQueryData(alertKeys.settings(), saved);
      feedback.success('推送设置已保存');
      setConfirmation(saved.emailFrequency !== 'off' && !saved.emailConfirmed ? msg : null);
    },
    onError: (caught) => setError(formFailure(caught)),
  });
  const disabled = !current.mailAvailable;
  const unconfirmed = current.mailAvailable && current.emailFrequency !== 'off' && current.email !== null && !current.emailConfirmed;
  return (
    <MemberSection title="邮件提醒">
      {disabled ? (
        <Alert
          type="info"
          showIcon
          className="form-alert"
          title={`邮件提醒暂不可用：${current.mailUnavailableReason ?? '本站未配置邮件发送'}`}
        />
      ) : null}
      <Form<{ emailFrequency: EmailFrequency; email: string }>
        layout="vertical"
        className="member-form"
        disabled={disabled}
        initialValues={{ emailFrequency: current.emailFrequency, email: current.email ?? '' }}
        onFinish={(values) => {
          setError(null);
          save.mutate({ emailFrequency: values.emailFrequency, email: values.email.trim() || null });
        }}
        onValuesChange={() => setError(null)}
      >
        <Form.Item name="emailFrequency" label="发送频率">
          <Radio.Group options={FREQUENCIES} aria-label="发送频率" />
        </Form.Item>
        <Form.Item
          name="email"
          label="接收邮箱"
          rules={[{ type: 'email', message: '请输入正确的邮箱地址' }]}
          extra={current.emailConfirmed ? `已确认：${current.email ?? ''}` : '新邮箱须打开确认邮件中的链接后才会收到提醒。'}
        >
          <Input placeholder="默认使用会员资料中的邮箱" maxLength={100} />
        </Form.Item>
        {unconfirmed ? (
          <Alert
            type="warning"
            showIcon
            className="form-alert mail-confirmation"
            title={confirmation ?? `${current.email ?? ''} 尚未确认，确认前不会发送提醒邮件`}
            description="没有收到？请查看垃圾邮件箱，或再次点“保存设置”重发确认邮件。"
          />
        ) : null}
        {error ? <Alert type="error" showIcon title={error} className="form-alert" /> : null}
        <Button type="primary" htmlType="submit" icon={save.isPending ? <LoadingOutlined /> : undefined}>
          保存设置
        </Button>
      </Form>
    </MemberSection>
  );
}

export function AlertDelivery({ feeds }: { feeds: boolean }) {
  return (
    <>
      {feeds ? <FeedLinks /> : null}
      <MailSettings />
    </>
  );
}
