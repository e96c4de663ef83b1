/** /xmk/{id} 项目详情: the detail page with the project's fields, 建设内容, 项目进展 and 关联招标. */
import { RouteLink } from '../../../components/route-link';
import { zbDetailPath } from '@shared/content/paths';
import { DICT_TYPES } from '@shared/system/types';
import { formatArea, formatWan } from '@shared/format';
import { parseTime } from '@shared/time';
import { xmkDetailQueryOptions, xmkHistoryQueryOptions } from '../api';
import { DictLabel, DictTag } from '../../../components/dict-label';
import { regionName } from '../../../lib/region';
import { detailPage } from './detail-page';
import { XmkLifecycleCard } from '../components/notice-timeline';
import { StageHistory } from '../components/stage-history';
import { CompanyLink } from '../../company/components/company-link';

export const { load, Component } = detailPage({
  type: 'xmk',
  listName: '项目库',
  dicts: [DICT_TYPES.region, DICT_TYPES.industry, DICT_TYPES.xmkStage, DICT_TYPES.xmkNature, DICT_TYPES.ownerType, DICT_TYPES.zbNoticeType],
  detail: xmkDetailQueryOptions,
  prefetch: (queryClient, http, id) => queryClient.prefetchQuery(xmkHistoryQueryOptions(http, id)),
  tag: { type: DICT_TYPES.xmkStage, value: (item) => item.stage },
  describe: (item, { regions, tagLabel: stage }) => {
    const parts = [
      `${item.title}位于${regionName(regions, item.areaCode).replace(' ', '')}`,
      `投资总额${formatWan(item.investment)}`,
      item.owner ? `建设单位${item.owner}` : '',
      stage ? `当前阶段：${stage}` : '',
    ];
    return `${parts.filter(Boolean).join('，')}。`;
  },
  section: () => '项目库',
  showUpdateTime: () => true,
  figures: (item, { tagLabel: stage }) => [
    { value: formatWan(item.investment), label: '投资总额' },
    { value: formatArea(item.buildingArea), label: '建筑面积' },
    { value: stage || '—', label: '项目阶段' },
  ],
  overviewTitle: '项目概况',
  fields: (item, { regions, tagLabel: stage }) => [
    { label: '项目名称', value: item.title, wide: true },
    { label: '所在地区', value: regionName(regions, item.areaCode) },
    { label: '详细地址', value: item.address },
    { label: '所属行业', value: <DictLabel type={DICT_TYPES.industry} value={item.industry} /> },
    { label: '项目阶段', value: stage },
    { label: '项目性质', value: <DictLabel type={DICT_TYPES.xmkNature} value={item.nature} /> },
    { label: '投资总额', value: formatWan(item.investment) },
    { label: '建筑面积', value: formatArea(item.buildingArea) },
    { label: '建设单位', value: <CompanyLink name={item.owner} id={item.companies?.owner} /> },
    { label: '单位类型', value: <DictLabel type={DICT_TYPES.ownerType} value={item.ownerType} /> },
    { label: '审批机关', value: item.approvalAuthority },
    { label: '计划开工', value: parseTime(item.planStartDate, 'YYYY-MM-DD') },
    { label: '计划竣工', value: parseTime(item.planEndDate, 'YYYY-MM-DD') },
  ],
  contentTitle: '建设内容',
  afterContent: (item) => <StageHistory xmkId={item.id} />,
  lifecycle: { sections: (item) => <XmkLifecycleCard item={item} /> },
  related: {
    title: '关联招标',
    body: (item) =>
      item.relatedZb.length > 0 ? (
        <ul className="aside-list">
          {item.relatedZb.map((zb) => (
            <li key={zb.id}>
              <DictTag type={DICT_TYPES.zbNoticeType} value={zb.noticeType} />
              <RouteLink to={zbDetailPath(zb.id)}>{zb.title}</RouteLink>
              <time dateTime={zb.publishTime}>{parseTime(zb.publishTime, 'YYYY-MM-DD')}</time>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">该项目暂无关联的招标公告</p>
      ),
  },
  more: {
    title: '更多项目',
    links: (item, { regions, tagLabel: stage }) => [
      { to: `/xmk?areaCode=${item.cityCode}`, label: `${regionName(regions, item.cityCode)}的项目` },
      {
        to: `/xmk?industry=${item.industry}`,
        label: (
          <>
            <DictLabel type={DICT_TYPES.industry} value={item.industry} />
            行业项目
          </>
        ),
      },
      { to: `/xmk?stage=${item.stage}`, label: `处于${stage}阶段的项目` },
    ],
  },
});
