/**
 * /xmk/{id} 项目详情: every field of DOMAIN.md, the sanitised 建设内容, the contact block as the
 * backend allows this viewer to see it, favourite, stage history, related tenders, previous/next.
 * Members read the member endpoint (their tier and unlocks decide the contacts), visitors the
 * public one; an unknown id is the backend's 404, which becomes the 404 page.
 */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import type { XmkDetail } from '@shared/contract/content';
import { DICT_TYPES, type DictEntry } from '@shared/contract/system';
import { formatArea, formatCount, formatWan } from '@shared/format';
import { parsePositiveId } from '@shared/routes';
import { parseTime } from '@shared/time';
import {
  favoriteStatusQueryOptions,
  viewerOf,
  xmkDetailQueryOptions,
  xmkHistoryQueryOptions,
} from '../../../api/content';
import { useHttp } from '../../../api/http-context';
import { dictLabel, prefetchDicts } from '../../../api/system';
import { Breadcrumb } from '../../../components/breadcrumb';
import { ContactBlock } from '../../../components/contact-block';
import { DetailPager, FieldGrid, MemberCta, requireId } from '../../../components/detail-parts';
import { DictLabel, DictTag, useDict } from '../../../components/dict-label';
import { FavoriteButton } from '../../../components/favorite-button';
import { JsonLd, isoShanghai, useBreadcrumbLd, type Crumb } from '../../../components/json-ld';
import { PageHead } from '../../../components/page-head';
import { regionName } from '../../../components/region';
import { RichText } from '../../../components/rich-text';
import { useSite } from '../../../lib/site';
import type { PageLoadArgs } from '../../../lib/page';
import { absoluteUrl, usePortalSettings } from '../../../lib/portal-settings';
import { useSession } from '../../../lib/session';
import { StageHistory } from '../components/stage-history';

const DETAIL_DICTS = [
  DICT_TYPES.region,
  DICT_TYPES.industry,
  DICT_TYPES.xmkStage,
  DICT_TYPES.xmkNature,
  DICT_TYPES.ownerType,
  DICT_TYPES.zbNoticeType,
] as const;

export async function load({ deps, id }: PageLoadArgs) {
  const xmkId = requireId(id);
  const { queryClient, http, session } = deps;
  const viewer = viewerOf(session.get().isLogin);
  await Promise.all([
    queryClient.ensureQueryData(xmkDetailQueryOptions(http, xmkId, viewer)),
    // Secondary: the page still renders without history, labels or favourite state.
    queryClient.prefetchQuery(xmkHistoryQueryOptions(http, xmkId)),
    prefetchDicts(queryClient, http, DETAIL_DICTS),
    viewer === 'member' ? queryClient.prefetchQuery(favoriteStatusQueryOptions(http, 'xmk', xmkId)) : null,
  ]);
}

function describe(item: XmkDetail, regions: readonly DictEntry[], stage: string): string {
  const parts = [
    `${item.title}位于${regionName(regions, item.areaCode).replace(' ', '')}`,
    `投资总额${formatWan(item.investment)}`,
    item.owner ? `建设单位${item.owner}` : '',
    stage ? `当前阶段：${stage}` : '',
  ];
  return `${parts.filter(Boolean).join('，')}。`;
}

export function Component() {
  const id = parsePositiveId(useParams().id) ?? 0;
  const http = useHttp();
  const viewer = viewerOf(useSession().isLogin);
  const { data: item } = useSuspenseQuery(xmkDetailQueryOptions(http, id, viewer));
  const history = useQuery(xmkHistoryQueryOptions(http, id));
  const regions = useDict(DICT_TYPES.region);
  const stage = dictLabel(useDict(DICT_TYPES.xmkStage), item.stage);
  const site = useSite();
  const settings = usePortalSettings();
  const path = `/xmk/${item.id}`;
  const crumbs: Crumb[] = [{ name: '首页', path: '/' }, { name: '项目库', path: '/xmk' }, { name: item.title }];
  const description = describe(item, regions, stage);
  const breadcrumbLd = useBreadcrumbLd(crumbs, path);

  return (
    <div className="detail-page">
      <PageHead title={item.title} description={description} canonical={path} ogType="article" />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: item.title,
          description,
          datePublished: isoShanghai(item.publishTime),
          dateModified: isoShanghai(item.updateTime || item.publishTime),
          mainEntityOfPage: absoluteUrl(settings, path),
          articleSection: '项目库',
          publisher: { '@type': 'Organization', name: site.name },
        }}
      />
      <JsonLd data={breadcrumbLd} />
      <Breadcrumb crumbs={crumbs} />
      <div className="detail-layout">
        <article className="detail-main">
          <header className="detail-card detail-header">
            <div className="detail-tags">
              <DictTag type={DICT_TYPES.xmkStage} value={item.stage} />
              <span className="tag tag-plain">
                <DictLabel type={DICT_TYPES.industry} value={item.industry} />
              </span>
              <span className="tag tag-plain">{regionName(regions, item.areaCode)}</span>
            </div>
            <h1 className="detail-title">{item.title}</h1>
            <div className="detail-meta">
              <span>
                发布时间：<time dateTime={item.publishTime}>{parseTime(item.publishTime, 'YYYY-MM-DD HH:mm')}</time>
              </span>
              {item.updateTime ? (
                <span>
                  更新时间：<time dateTime={item.updateTime}>{parseTime(item.updateTime, 'YYYY-MM-DD HH:mm')}</time>
                </span>
              ) : null}
              <span>浏览：{formatCount(item.views)} 次</span>
              <span className="detail-actions">
                <FavoriteButton type="xmk" id={item.id} />
              </span>
            </div>
            <div className="detail-figures">
              <div>
                <strong>{formatWan(item.investment)}</strong>
                <span>投资总额</span>
              </div>
              <div>
                <strong>{formatArea(item.buildingArea)}</strong>
                <span>建筑面积</span>
              </div>
              <div>
                <strong>{stage || '—'}</strong>
                <span>项目阶段</span>
              </div>
            </div>
          </header>

          <section className="detail-card" aria-labelledby="overview-title">
            <h2 id="overview-title" className="detail-card-title">
              项目概况
            </h2>
            <FieldGrid
              fields={[
                { label: '项目名称', value: item.title, wide: true },
                { label: '所在地区', value: regionName(regions, item.areaCode) },
                { label: '详细地址', value: item.address },
                { label: '所属行业', value: <DictLabel type={DICT_TYPES.industry} value={item.industry} /> },
                { label: '项目阶段', value: stage },
                { label: '项目性质', value: <DictLabel type={DICT_TYPES.xmkNature} value={item.nature} /> },
                { label: '投资总额', value: formatWan(item.investment) },
                { label: '建筑面积', value: formatArea(item.buildingArea) },
                { label: '建设单位', value: item.owner },
                { label: '单位类型', value: <DictLabel type={DICT_TYPES.ownerType} value={item.ownerType} /> },
                { label: '审批机关', value: item.approvalAuthority },
                { label: '计划开工', value: parseTime(item.planStartDate, 'YYYY-MM-DD') },
                { label: '计划竣工', value: parseTime(item.planEndDate, 'YYYY-MM-DD') },
              ]}
            />
          </section>

          <ContactBlock type="xmk" id={item.id} detail={item} />

          <section className="detail-card" aria-labelledby="content-title">
            <h2 id="content-title" className="detail-card-title">
              建设内容
            </h2>
            <RichText html={item.content} />
          </section>

          <StageHistory entries={history.data ?? []} />

          <DetailPager base="/xmk" prev={item.prev} next={item.next} />
        </article>

        <aside className="detail-aside">
          <section className="aside-card" aria-labelledby="related-title">
            <h2 id="related-title" className="aside-title">
              关联招标
            </h2>
            {item.relatedZb.length > 0 ? (
              <ul className="aside-list">
                {item.relatedZb.map((zb) => (
                  <li key={zb.id}>
                    <DictTag type={DICT_TYPES.zbNoticeType} value={zb.noticeType} />
                    <Link to={`/zb/${zb.id}`}>{zb.title}</Link>
                    <time dateTime={zb.publishTime}>{parseTime(zb.publishTime, 'YYYY-MM-DD')}</time>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">该项目暂无关联的招标公告</p>
            )}
          </section>
          <MemberCta />
          <section className="aside-card" aria-labelledby="more-title">
            <h2 id="more-title" className="aside-title">
              更多项目
            </h2>
            <ul className="aside-links">
              <li>
                <Link to={`/xmk?areaCode=${item.cityCode}`}>{regionName(regions, item.cityCode)}的项目</Link>
              </li>
              <li>
                <Link to={`/xmk?industry=${item.industry}`}>
                  <DictLabel type={DICT_TYPES.industry} value={item.industry} />
                  行业项目
                </Link>
              </li>
              <li>
                <Link to={`/xmk?stage=${item.stage}`}>处于{stage}阶段的项目</Link>
              </li>
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}
