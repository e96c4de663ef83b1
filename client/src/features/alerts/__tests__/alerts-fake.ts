/**
 * A fake of the alerts contract (docs/api.md "Alerts") for component tests only: an
 * in-memory inbox, subscriptions, settings and feed token answering as the backend will.
 */
import type { AlertItem, AlertSettings, Subscription } from '../api';
import { ok, table, type Answer } from '../../../test/member-harness';

export interface AlertsFake {
  alerts: AlertItem[];
  subscriptions: Subscription[];
  settings: AlertSettings;
  token: string;
  answers: Record<string, Answer>;
}

export function createAlertsFake(options: { mailAvailable?: boolean } = {}): AlertsFake {
  const fake: AlertsFake = {
    alerts: [
      {
        id: 2,
        kind: 'changed',
        contentType: 'zb',
        contentId: 302,
        title: '琥珀湾片区道路改造工程施工变更公告',
        read: false,
        createTime: '2026-11-25 10:05:00',
        detail: '变更：开标时间、报名截止',
      },
      {
        id: 1,
        kind: 'new',
        contentType: 'zb',
        contentId: 301,
        title: '琥珀湾片区道路改造工程施工招标公告',
        read: true,
        createTime: '2026-11-24 09:05:00',
        detail: '订阅“我的订阅”：道路',
      },
    ],
    subscriptions: [
      {
        id: 7,
        name: '我的订阅',
        keywords: '道路 学校',
        matchMode: 'all',
        excludeWords: '',
        areaCodes: ['370100'],
        noticeTypes: [],
        amountMin: null,
        amountMax: null,
        enabled: true,
        createTime: '2026-11-01 10:00:00',
      },
    ],
    settings: {
      emailFrequency: 'off',
      email: null,
      emailConfirmed: false,
      mailAvailable: options.mailAvailable ?? false,
      mailUnavailableReason: options.mailAvailable ? null : '本站暂未开通邮件提醒',
    },
    token: 'tok0'.repeat(8),
    answers: {},
  };
  const links = () => ({ atom: `/feeds/${fake.token}.atom`, ics: `/feeds/${fake.token}.ics` });
  let nextId = 100;
  fake.answers = {
    'GET /cms/alerts/list': () => table(fake.alerts),
    'GET /cms/alerts/unread': () => ok(fake.alerts.filter((a) => !a.read).length),
    'PUT /cms/alerts/read': (call) => {
      const ids = call.body.all === true ? fake.alerts.map((a) => a.id) : (call.body.ids as number[]);
      let marked = 0;
      for (const alert of fake.alerts) {
        if (ids.includes(alert.id) && !alert.read) {
          alert.read = true;
          marked++;
        }
      }
      return ok(marked);
    },
    'GET /cms/alerts/subscriptions': () => ok(fake.subscriptions),
    'POST /cms/alerts/subscriptions': (call) => {
      const created = { ...(call.body as Omit<Subscription, 'id' | 'createTime'>), id: nextId++, createTime: '2026-11-26 08:00:00' };
      fake.subscriptions.push(created);
      return ok(created);
    },
    'DELETE /cms/alerts/subscriptions/7': () => {
      fake.subscriptions = fake.subscriptions.filter((s) => s.id !== 7);
      return { code: 200, msg: '操作成功' };
    },
    'GET /cms/alerts/settings': () => ok(fake.settings),
    'PUT /cms/alerts/settings': (call) => {
      fake.settings = { ...fake.settings, ...(call.body as Partial<AlertSettings>) };
      // No address of its own: the profile's, as the backend answers.
      fake.settings.email ??= 'demo@example.com';
      const unconfirmed = fake.settings.emailFrequency !== 'off' && fake.settings.mailAvailable && !fake.settings.emailConfirmed;
      const msg = unconfirmed ? `设置已保存。确认邮件已发送到 ${fake.settings.email}，打开邮件中的链接后开始发送提醒` : '设置已保存';
      return ok(fake.settings, msg);
    },
    'GET /cms/alerts/feeds': () => ok(links()),
    'PUT /cms/alerts/feeds/reset': () => {
      fake.token = 'new1'.repeat(8);
      return ok(links());
    },
    'GET /cms/member/treeselect': () =>
      ok([
        { id: '370100', label: '济南市', children: [{ id: '370102', label: '历下区' }] },
        { id: '370200', label: '青岛市', children: [{ id: '370202', label: '市南区' }] },
      ]),
  };
  return fake;
}
