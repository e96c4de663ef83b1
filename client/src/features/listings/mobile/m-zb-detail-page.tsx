/** /m/pages/zb/detail?id= 招标详情 on the mobile site. */
import { DICT_TYPES } from '@shared/system/types';
import { mobileDetailPath } from '@shared/content/paths';
import { amountLabelOf } from '@shared/content/zb-notice';
import { formatWan } from '@shared/format';
import { parseTime } from '@shared/time';
import { zbDetailQueryOptions } from '../api';
import { mobileDetailPage } from './m-detail-page';
import { ProcessTimeline } from '../components/timeline';
import { zbDetailFields } from '../components/zb-fields';
import { MobileChangedBanner } from './m-changes';

export const { load, Component } = mobileDetailPage({
  type: 'zb',
  detail: zbDetailQueryOptions,
  tag: { type: DICT_TYPES.zbNoticeType, value: (item) => item.noticeType },
  describe: (item, region, noticeType) =>
    [
      `${region.replace(' ', '')}${noticeType}：${item.title}`,
      item.tenderer ? `招标人${item.tenderer}` : '',
      item.amount !== null ? `${amountLabelOf(noticeType)}${formatWan(item.amount)}` : '',
    ]
      .filter(Boolean)
      .join('，') + '。',
  figures: (item, noticeType) => [
    { label: amountLabelOf(noticeType), value: formatWan(item.amount) },
    { label: '报名截止', value: parseTime(item.signupDeadline, 'MM-DD HH:mm') || '—' },
  ],
  fields: (item) => zbDetailFields(item, (id) => mobileDetailPath('xmk', id)),
  contentTitle: '公告正文',
  banner: (item) => <MobileChangedBanner item={item} />,
  timeline: {
    title: '招标进程',
    body: (item, lifecycle) => (lifecycle ? <ProcessTimeline item={item} hrefOf={(id) => mobileDetailPath('zb', id)} /> : null),
  },
});
