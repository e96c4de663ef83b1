/**
 * /zb/{id} 招标详情: the detail page with the tender's fields, 报名 state, 公告正文 and the related
 * project.
 */
import { RouteLink } from '../../../components/route-link';
import { DICT_TYPES } from '@shared/system/types';
import { xmkDetailPath } from '@shared/content/paths';
import { noticeTime } from '@shared/content/notices';
import { noticeAmounts } from '@shared/content/zb-notice';
import { MISSING } from '@shared/format';
import { deadlineState, parseTime } from '@shared/time';
import { zbDetailQueryOptions } from '../api';
import { DictLabel } from '../../../components/dict-label';
import { regionName } from '../../../lib/region';
import { detailPage } from './detail-page';
import { ChangedByBanner, ZbLifecycleCard } from '../components/notice-timeline';
import { amountFields, zbDetailFields } from '../components/zb-fields';
import { CandidatesTable } from '../components/candidates-table';

export const { load, Component } = detailPage({
  type: 'zb',
  listName: '招标信息',
  dicts: [DICT_TYPES.region, DICT_TYPES.industry, DICT_TYPES.zbNoticeType, DICT_TYPES.xmkStage],
  detail: zbDetailQueryOptions,
  tag: { type: DICT_TYPES.zbNoticeType, value: (item) => item.noticeType },
  describe: (item, { regions, tagLabel: noticeType }) => {
    const [amount] = noticeAmounts(item, noticeType);
    const parts = [
      `${regionName(regions, item.areaCode).replace(' ', '')}${noticeType}：${item.title}`,
      item.tenderer ? `招标人${item.tenderer}` : '',
      amount && amount.value !== MISSING ? `${amount.label}${amount.value}` : '',
      item.signupDeadline ? `报名截止${parseTime(item.signupDeadline, 'YYYY-MM-DD')}` : '',
    ];
    return `${parts.filter(Boolean).join('，')}。`;
  },
  section: ({ tagLabel: noticeType }) => noticeType || '招标信息',
  // 报名截止 by the shared rule, relative to when the page's data was fetched (render-stable).
  headerTags: (item, { now }) => {
    const state = deadlineState(item.signupDeadline, now);
    if (!state) return null;
    return state.closed ? <span className="tag tag-default">报名已截止</span> : <span className="tag tag-success">报名中</span>;
  },
  showUpdateTime: (item) => item.updateTime !== item.publishTime,
  // The amounts first (an award's or bid's, then the budget), then the dates: three figures.
  figures: (item, { tagLabel: noticeType }) =>
    [
      ...noticeAmounts(item, noticeType),
      { value: noticeTime(item, 'openTime', 'YYYY-MM-DD HH:mm') || MISSING, label: '开标时间' },
      { value: noticeTime(item, 'signupDeadline', 'YYYY-MM-DD HH:mm') || MISSING, label: '报名截止' },
    ].slice(0, 3),
  overviewTitle: '招标概况',
  fields: (item, { regions, tagLabel: noticeType }) => [
    { label: '公告标题', value: item.title, wide: true },
    { label: '公告类型', value: noticeType },
    { label: '所在地区', value: regionName(regions, item.areaCode) },
    { label: '所属行业', value: <DictLabel type={DICT_TYPES.industry} value={item.industry} /> },
    ...amountFields(noticeAmounts(item, noticeType)),
    ...zbDetailFields(item, xmkDetailPath),
  ],
  afterOverview: (item) => <CandidatesTable candidates={item.candidates} />,
  contentTitle: '公告正文',
  lifecycle: {
    banner: (item) => <ChangedByBanner item={item} />,
    sections: (item) => <ZbLifecycleCard item={item} />,
  },
  contentNote: <p className="detail-disclaimer">本公告信息来源于公开渠道，仅供参考，具体以招标人或公共资源交易平台发布的正式公告为准。</p>,
  related: {
    title: '关联项目',
    body: (item) =>
      item.xmk ? (
        <div className="aside-related">
          <RouteLink to={xmkDetailPath(item.xmk.id)}>{item.xmk.title}</RouteLink>
          <p className="muted">
            发布于 <time dateTime={item.xmk.publishTime}>{parseTime(item.xmk.publishTime, 'YYYY-MM-DD')}</time>
            ，查看项目概况、投资与阶段进展。
          </p>
        </div>
      ) : (
        <p className="muted">该公告暂无关联的项目</p>
      ),
  },
  more: {
    title: '更多招标',
    links: (item, { regions, tagLabel: noticeType }) => [
      { to: `/zb?areaCode=${item.cityCode}`, label: `${regionName(regions, item.cityCode)}的招标` },
      { to: `/zb?noticeType=${item.noticeType}`, label: `全部${noticeType}` },
      {
        to: `/zb?industry=${item.industry}`,
        label: (
          <>
            <DictLabel type={DICT_TYPES.industry} value={item.industry} />
            行业招标
          </>
        ),
      },
    ],
  },
});
