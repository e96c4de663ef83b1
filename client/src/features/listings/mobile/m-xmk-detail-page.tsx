/** /m/pages/xmk/detail?id= 项目详情 on the mobile site. */
import { DICT_TYPES } from '@shared/system/types';
import { formatWan } from '@shared/format';
import { parseTime } from '@shared/time';
import { xmkDetailQueryOptions, xmkHistoryQueryOptions } from '../api';
import { DictLabel } from '../../../components/dict-label';
import { mobileDetailPage } from './m-detail-page';
import { CompanyLink } from '../../company/components/company-link';
import { StageHistoryTimeline, StageTimeline } from '../components/timeline';

export const { load, Component } = mobileDetailPage({
  type: 'xmk',
  detail: xmkDetailQueryOptions,
  tag: { type: DICT_TYPES.xmkStage, value: (item) => item.stage },
  describe: (item, region, stage) =>
    [
      `${region.replace(' ', '')}${item.title}`,
      stage ? `处于${stage}阶段` : '',
      `投资总额${formatWan(item.investment)}`,
      item.owner ? `建设单位${item.owner}` : '',
    ]
      .filter(Boolean)
      .join('，') + '。',
  figures: (item, stage) => [
    { label: '投资总额', value: formatWan(item.investment) },
    { label: '项目阶段', value: stage || '—' },
  ],
  fields: (item) => [
    { label: '详细地址', value: item.address },
    { label: '项目性质', value: <DictLabel type={DICT_TYPES.xmkNature} value={item.nature} /> },
    { label: '建设单位', value: <CompanyLink name={item.owner} id={item.companies?.owner} /> },
    { label: '审批机关', value: item.approvalAuthority },
    { label: '计划开工', value: parseTime(item.planStartDate, 'YYYY-MM-DD') },
    { label: '计划竣工', value: parseTime(item.planEndDate, 'YYYY-MM-DD') },
  ],
  contentTitle: '建设内容',
  // The detail's stages where the backend sends them, else the stage history call (any backend).
  prefetch: (queryClient, http, id) => queryClient.prefetchQuery(xmkHistoryQueryOptions(http, id)),
  timeline: {
    title: '项目进展',
    body: (item, lifecycle) =>
      lifecycle ? <StageTimeline stages={[...item.lifecycle.stages].reverse()} /> : <StageHistoryTimeline xmkId={item.id} />,
  },
});
