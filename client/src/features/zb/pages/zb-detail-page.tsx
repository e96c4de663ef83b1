/**
 * /zb/{id} 招标详情: every field of DOMAIN.md, the sanitised 正文, the contact block as the backend
 * allows this viewer to see it, favourite, the related project, previous/next. Members read the
 * member endpoint, visitors the public one; an unknown id is the backend's 404 → the 404 page.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import type { ZbDetail } from '@shared/contract/content';
import { DICT_TYPES, type DictEntry } from '@shared/contract/system';
import { formatCount, formatWan } from '@shared/format';
import { parsePositiveId } from '@shared/routes';
import { parseTime, toTimestamp } from '@shared/time';
import { favoriteStatusQueryOptions, viewerOf, zbDetailQueryOptions } from '../../../api/content';
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
import type { PageLoadArgs } from '../../../lib/page';
import { absoluteUrl, usePortalSettings } from '../../../lib/portal-settings';
import { useSession } from '../../../lib/session';
import { useSite } from '../../../lib/site';
import { useAmountLabel } from '../components/zb-result-row';

const DETAIL_DICTS = [DICT_TYPES.region, DICT_TYPES.industry, DICT_TYPES.zbNoticeType] as const;

export async function load({ deps, id }: PageLoadArgs) {
  const zbId = requireId(id);
  const { queryClient, http, session } = deps;
  const viewer = viewerOf(session.get().isLogin);
  await Promise.all([
    queryClient.ensureQueryData(zbDetailQueryOptions(http, zbId, viewer)),
    prefetchDicts(queryClient, http, DETAIL_DICTS),
    viewer === 'member' ? queryClient.prefetchQuery(favoriteStatusQueryOptions(http, 'zb', zbId)) : null,
  ]);
}

function describe(item: ZbDetail, regions: readonly DictEntry[], noticeType: string, amountLabel: string): string {
  const parts = [
    `${regionName(regions, item.areaCode).replace(' ', '')}${noticeType}：${item.title}`,
    item.tenderer ? `招标人${item.tenderer}` : '',
    item.amount !== null ? `${amountLabel}${formatWan(item.amount)}` : '',
    item.signupDeadline ? `报名截止${parseTime(item.signupDeadline, 'YYYY-MM-DD')}` : '',
  ];
  return `${parts.filter(Boolean).join('，')}。`;
}

/** 报名截止 relative to when the page's data was fetched (render-stable on server and client). */
function DeadlineState({ deadline, now }: { deadline: string | null; now: number }) {
  const ms = toTimestamp(deadline);
  if (ms === null) return null;
  return ms < now ? (
    <span className="tag tag-default">报名已截止</span>
  ) : (
    <span className="tag tag-success">报名中</span>
  );
}

export function Component() {
  const id = parsePositiveId(useParams().id) ?? 0;
  const http = useHttp();
  const viewer = viewerOf(useSession().isLogin);
  const { data: item, dataUpdatedAt } = useSuspenseQuery(zbDetailQueryOptions(http, id, viewer));
  const regions = useDict(DICT_TYPES.region);
  const noticeType = dictLabel(useDict(DICT_TYPES.zbNoticeType), item.noticeType);
  const amountLabel = useAmountLabel(item.noticeType);
  const site = useSite();
  const settings = usePortalSettings();
  const path = `/zb/${item.id}`;
  const crumbs: Crumb[] = [{ name: '首页', path: '/' }, { name: '招标信息', path: '/zb' }, { name: item.title }];
  const description = describe(item, regions, noticeType, amountLabel);
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
          articleSection: noticeType || '招标信息',
          publisher: { '@type': 'Organization', name: site.name },
        }}
      />
      <JsonLd data={breadcrumbLd} />
      <Breadcrumb crumbs={crumbs} />
      <div className="detail-layout">
        <article className="detail-main">
          <header className="detail-card detail-header">
            <div className="detail-tags">
              <DictTag type={DICT_TYPES.zbNoticeType} value={item.noticeType} />
              <span className="tag tag-plain">
                <DictLabel type={DICT_TYPES.industry} value={item.industry} />
              </span>
              <span className="tag tag-plain">{regionName(regions, item.areaCode)}</span>
              <DeadlineState deadline={item.signupDeadline} now={dataUpdatedAt} />
            </div>
            <h1 className="detail-title">{item.title}</h1>
            <div className="detail-meta">
              <span>
                发布时间：<time dateTime={item.publishTime}>{parseTime(item.publishTime, 'YYYY-MM-DD HH:mm')}</time>
              </span>
              {item.updateTime && item.updateTime !== item.publishTime ? (
                <span>
                  更新时间：<time dateTime={item.updateTime}>{parseTime(item.updateTime, 'YYYY-MM-DD HH:mm')}</time>
                </span>
              ) : null}
              <span>浏览：{formatCount(item.views)} 次</span>
              <span className="detail-actions">
                <FavoriteButton type="zb" id={item.id} />
              </span>
            </div>
            <div className="detail-figures">
              <div>
                <strong>{formatWan(item.amount)}</strong>
                <span>{amountLabel}</span>
              </div>
              <div>
                <strong>{parseTime(item.openTime, 'YYYY-MM-DD HH:mm') || '—'}</strong>
                <span>开标时间</span>
              </div>
              <div>
                <strong>{parseTime(item.signupDeadline, 'YYYY-MM-DD HH:mm') || '—'}</strong>
                <span>报名截止</span>
              </div>
            </div>
          </header>

          <section className="detail-card" aria-labelledby="overview-title">
            <h2 id="overview-title" className="detail-card-title">
              招标概况
            </h2>
            <FieldGrid
              fields={[
                { label: '公告标题', value: item.title, wide: true },
                { label: '公告类型', value: noticeType },
                { label: '所在地区', value: regionName(regions, item.areaCode) },
                { label: '所属行业', value: <DictLabel type={DICT_TYPES.industry} value={item.industry} /> },
                { label: amountLabel, value: formatWan(item.amount) },
                { label: '招标人', value: item.tenderer },
                { label: '代理机构', value: item.agency },
                { label: '开标时间', value: parseTime(item.openTime, 'YYYY-MM-DD HH:mm') },
                { label: '报名截止', value: parseTime(item.signupDeadline, 'YYYY-MM-DD HH:mm') },
                {
                  label: '关联项目',
                  value: item.xmk ? <Link to={`/xmk/${item.xmk.id}`}>{item.xmk.title}</Link> : '',
                  wide: true,
                },
              ]}
            />
          </section>

          <ContactBlock type="zb" id={item.id} detail={item} />

          <section className="detail-card" aria-labelledby="content-title">
            <h2 id="content-title" className="detail-card-title">
              公告正文
            </h2>
            <RichText html={item.content} />
            <p className="detail-disclaimer">
              本公告信息来源于公开渠道，仅供参考，具体以招标人或公共资源交易平台发布的正式公告为准。
            </p>
          </section>

          <DetailPager base="/zb" prev={item.prev} next={item.next} />
        </article>

        <aside className="detail-aside">
          <section className="aside-card" aria-labelledby="related-title">
            <h2 id="related-title" className="aside-title">
              关联项目
            </h2>
            {item.xmk ? (
              <div className="aside-related">
                <Link to={`/xmk/${item.xmk.id}`}>{item.xmk.title}</Link>
                <p className="muted">
                  发布于 <time dateTime={item.xmk.publishTime}>{parseTime(item.xmk.publishTime, 'YYYY-MM-DD')}</time>
                  ，查看项目概况、投资与阶段进展。
                </p>
              </div>
            ) : (
              <p className="muted">该公告暂无关联的项目</p>
            )}
          </section>
          <MemberCta />
          <section className="aside-card" aria-labelledby="more-title">
            <h2 id="more-title" className="aside-title">
              更多招标
            </h2>
            <ul className="aside-links">
              <li>
                <Link to={`/zb?areaCode=${item.cityCode}`}>{regionName(regions, item.cityCode)}的招标</Link>
              </li>
              <li>
                <Link to={`/zb?noticeType=${item.noticeType}`}>全部{noticeType}</Link>
              </li>
              <li>
                <Link to={`/zb?industry=${item.industry}`}>
                  <DictLabel type={DICT_TYPES.industry} value={item.industry} />
                  行业招标
                </Link>
              </li>
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}
