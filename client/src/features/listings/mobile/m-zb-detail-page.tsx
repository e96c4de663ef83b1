/** /m/pages/zb/detail?id= 招标详情 on the mobile site. */
import { DICT_TYPES } from '@shared/system/types';
import { mobileDetailPath } from '@shared/content/paths';
import { noticeTime } from '@shared/content/notices';
import { noticeAmounts } from '@shared/content/zb-notice';
import { MISSING } from '@shared/format';
import { zbDetailQueryOptions } from '../api';
import { mobileDetailPage } from './m-detail-page';
import { ProcessTimeline } from '../components/timeline';
import { amountFields, zbDetailFields } from '../components/zb-fields';
import { MobileCandidates } from '../components/candidates-table';

export const { load, Component } = mobileDetailPage({
  type: 'zb',
  detail: zbDetailQueryOptions,
  tag: { type: DICT_TYPES.zbNoticeType, value: (item) => item.noticeType },
  describe: (item, region, noticeType) => {
    const [amount] = noticeAmounts(item, noticeType);
    return (
      [
        `${region.replace(' ', '')}${noticeType}：${item.title}`,
        item.tenderer ? `招标人${item.tenderer}` : '',
        amount && amount.value !== MISSING ? `${amount.label}${amount.value}` : '',
      ]
        .filter(Boolean)
        .join('，') + '。'
    );
  },
  // Two tiles: the award's or bid's amount and the budget, or the amount and 报名截止.
  figures: (item, noticeType) =>
    [...noticeAmounts(item, noticeType), { label: '报名截止', value: noticeTime(item, 'signupDeadline', 'MM-DD HH:mm') || MISSING }].slice(
      0,
      2,
    ),
  fields: (item, _regions, noticeType) => [
    ...zbDetailFields(item, (id) => mobileDetailPath('xmk', id)),
    // The tiles show the sums; the publisher's words beside a sum (…元/年) go with the fields.
    ...amountFields(noticeAmounts(item, noticeType).filter((amount) => amount.asWritten)),
  ],
  afterOverview: (item) => <MobileCandidates candidates={item.candidates} />,
  contentTitle: '公告正文',
  timeline: {
    title: '招标进程',
    body: (item, lifecycle) => (lifecycle ? <ProcessTimeline item={item} hrefOf={(id) => mobileDetailPath('zb', id)} /> : null),
  },
});
