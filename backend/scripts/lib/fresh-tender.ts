/** A 招标公告 published now, its signup open for ten days, as the companion's tests and bench publish into a CMS. */
import type { NoticeImportRecord } from '@shared/content/notices';
import { DAY_MS, formatDateTime } from '../../src/clock';

export function freshTender(sourceId: string, title: string, overrides: Partial<NoticeImportRecord> = {}): NoticeImportRecord {
  const now = Date.now();
  return {
    kind: 'zb',
    sourceId,
    title,
    noticeType: '招标公告',
    areaCode: '370102',
    industry: '市政',
    amount: 800,
    publishTime: formatDateTime(new Date(now)),
    signupDeadline: formatDateTime(new Date(now + 10 * DAY_MS)),
    openTime: formatDateTime(new Date(now + 12 * DAY_MS)),
    tenderer: '济南市历下区城市管理局',
    agency: '山东正信招标有限公司',
    contact: { company: '济南市历下区城市管理局', name: '王工', phone: '13912345678', address: '济南市历下区' },
    content: `<p>${title}。</p>`,
    ...overrides,
  };
}
