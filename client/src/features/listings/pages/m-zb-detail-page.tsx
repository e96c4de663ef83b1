/** /m/pages/zb/detail?id= 招标详情 on the mobile site (issue 14). */
import { DICT_TYPES } from '@shared/contract/system';
import { formatWan } from '@shared/format';
import { parseTime } from '@shared/time';
import { zbDetailQueryOptions } from '../../../api/content';
import { amountLabelOf } from '../../../components/zb-amount';
import { mobileDetailPage } from '../m-detail-page';
import { ProcessTimeline } from '../timeline';
import { Link } from 'react-router-dom';
import { mobileDetailHref } from '../../../components/mobile/detail-href';
import { CompanyLink } from '../../../components/company-link';

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
  fields: (item) => [
    { label: '招标人', value: <CompanyLink name={item.tenderer} id={item.companies?.tenderer} /> },
    { label: '代理机构', value: <CompanyLink name={item.agency} id={item.companies?.agency} /> },
    ...(item.winner
      ? [
          {
            label: item.noticeType === '4' ? '第一中标候选人' : '中标人',
            value: <CompanyLink name={item.winner} id={item.companies?.winner} />,
          },
        ]
      : []),
    { label: '开标时间', value: parseTime(item.openTime, 'YYYY-MM-DD HH:mm') },
    { label: '报名截止', value: parseTime(item.signupDeadline, 'YYYY-MM-DD HH:mm') },
    { label: '关联项目', value: item.xmk ? <Link to={mobileDetailHref('xmk', item.xmk.id)}>{item.xmk.title}</Link> : '' },
  ],
  contentTitle: '公告正文',
  timeline: {
    title: '招标进程',
    body: (item, lifecycle) => (lifecycle ? <ProcessTimeline item={item} hrefOf={(id) => mobileDetailHref('zb', id)} /> : null),
  },
});
