/**
 * The detail page of /xmk/{id} 项目详情 and /zb/{id} 招标详情: every field of DOMAIN.md, the
 * sanitised body, the contact block as the backend allows this viewer to see it, favourite,
 * previous/next, and the type's own sections from its DetailConfig. Members read the member
 * endpoint (their tier and unlocks decide the contacts), visitors the public one; an unknown id
 * is the backend's 404, which becomes the 404 page.
 */
import { useSuspenseQuery, type QueryKey } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import { detailPath, listPath } from '@shared/content/paths';
import type { XmkDetail, ZbDetail } from '@shared/content/types';
import { noticeTime } from '@shared/content/notices';
import { DICT_TYPES } from '@shared/system/types';
import { formatCount } from '@shared/format';
import { parsePositiveId } from '@shared/routes';
import { parseTime } from '@shared/time';
import { favoriteStatusQueryOptions } from '../api';
import { viewerOf, useSession } from '../../../lib/session';
import { useHttp } from '../../../lib/http/context';
import { dictLabel, prefetchDicts } from '../../../lib/system';
import { Breadcrumb } from '../../../components/breadcrumb';
import { ContactBlock } from '../components/contact-block';
import { DetailFigures, DetailPager, FieldGrid, MemberCta, requireId } from '../../../components/detail-parts';
import { DictLabel, DictTag, useDict } from '../../../components/dict-label';
import { FavoriteButton } from '../components/favorite-button';
import { JsonLd, isoShanghai, useBreadcrumbLd, type Crumb } from '../../../components/json-ld';
import { PageHead } from '../../../components/page-head';
import { regionName } from '../../../lib/region';
import { RichText } from '../../../components/rich-text';
import type { PageLoadArgs, PageModule } from '../../../lib/page';
import { absoluteUrl, usePortalSettings } from '../../../lib/portal-settings';
import { useSite } from '../../../lib/site';
import type { DetailConfig, DetailContext } from '../listing-config';
import { ChangesCard, prefetchNoticeTimeline, useLifecycle, useWithNoticeTimeline } from '../components/notice-timeline';
import { NoticeSources } from '../components/notice-sources';
import { BodyDiffCard } from '../components/body-diff';

export function detailPage<Item extends XmkDetail | ZbDetail, K extends QueryKey>(config: DetailConfig<Item, K>): PageModule {
  const { type } = config;
  const base = listPath(type);

  async function load({ deps, id }: PageLoadArgs) {
    const itemId = requireId(id);
    const { queryClient, http, session } = deps;
    const viewer = viewerOf(session.get().isLogin);
    await Promise.all([
      queryClient.ensureQueryData(config.detail(http, itemId, viewer)).then((item) => prefetchNoticeTimeline(deps, type, item, viewer)),
      // Secondary: the page still renders without these, labels or favourite state.
      config.prefetch?.(queryClient, http, itemId),
      prefetchDicts(queryClient, http, config.dicts),
      viewer === 'member' ? queryClient.prefetchQuery(favoriteStatusQueryOptions(http, type, itemId)) : null,
      // The contact block names the member's tier.
      viewer === 'member' ? prefetchDicts(queryClient, http, [DICT_TYPES.memberLevel]) : null,
    ]);
  }

  function Component() {
    const id = parsePositiveId(useParams().id) ?? 0;
    const http = useHttp();
    const viewer = viewerOf(useSession().isLogin);
    const { data, dataUpdatedAt } = useSuspenseQuery(config.detail(http, id, viewer));
    const item = useWithNoticeTimeline(type, data, viewer);
    const regions = useDict(DICT_TYPES.region);
    const tagValue = config.tag.value(item);
    const ctx: DetailContext = { regions, tagLabel: dictLabel(useDict(config.tag.type), tagValue), now: dataUpdatedAt };
    const site = useSite();
    const settings = usePortalSettings();
    const path = detailPath(type, item.id);
    const crumbs: Crumb[] = [{ name: '首页', path: '/' }, { name: config.listName, path: base }, { name: item.title }];
    const description = config.describe(item, ctx);
    const breadcrumbLd = useBreadcrumbLd(crumbs, path);
    const more = config.more.links(item, ctx);
    const lifecycle = useLifecycle(item) ? config.lifecycle : undefined;

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
            articleSection: config.section(ctx),
            publisher: { '@type': 'Organization', name: site.name },
          }}
        />
        <JsonLd data={breadcrumbLd} />
        <Breadcrumb crumbs={crumbs} />
        <div className="detail-layout">
          <article className="detail-main">
            <header className="detail-card detail-header">
              <div className="detail-tags">
                <DictTag type={config.tag.type} value={tagValue} />
                <span className="tag tag-plain">
                  <DictLabel type={DICT_TYPES.industry} value={item.industry} />
                </span>
                <span className="tag tag-plain">{regionName(regions, item.areaCode)}</span>
                {config.headerTags?.(item, ctx)}
              </div>
              <h1 className="detail-title">{item.title}</h1>
              <div className="detail-meta">
                <span>
                  发布时间：<time dateTime={item.publishTime}>{noticeTime(item, 'publishTime', 'YYYY-MM-DD HH:mm')}</time>
                </span>
                {item.updateTime && config.showUpdateTime(item) ? (
                  <span>
                    更新时间：<time dateTime={item.updateTime}>{parseTime(item.updateTime, 'YYYY-MM-DD HH:mm')}</time>
                  </span>
                ) : null}
                <span>浏览：{formatCount(item.views)} 次</span>
                <span className="detail-actions">
                  <FavoriteButton type={type} id={item.id} />
                </span>
              </div>
              <DetailFigures figures={config.figures(item, ctx)} />
            </header>

            {lifecycle?.banner?.(item)}

            <section className="detail-card" aria-labelledby="overview-title">
              <h2 id="overview-title" className="detail-card-title">
                {config.overviewTitle}
              </h2>
              <FieldGrid fields={config.fields(item, ctx)} />
            </section>

            {config.afterOverview?.(item)}

            {lifecycle ? <ChangesCard item={item} type={type} /> : null}
            {lifecycle ? <BodyDiffCard item={item} type={type} /> : null}

            <ContactBlock type={type} id={item.id} detail={item} />

            <section className="detail-card" aria-labelledby="content-title">
              <h2 id="content-title" className="detail-card-title">
                {config.contentTitle}
              </h2>
              <RichText html={item.content} />
              {config.contentNote}
            </section>

            <NoticeSources item={item} />

            {lifecycle ? lifecycle.sections(item) : config.afterContent?.(item)}

            <DetailPager type={type} prev={item.prev} next={item.next} />
          </article>

          <aside className="detail-aside">
            <section className="aside-card" aria-labelledby="related-title">
              <h2 id="related-title" className="aside-title">
                {config.related.title}
              </h2>
              {config.related.body(item)}
            </section>
            <MemberCta />
            <section className="aside-card" aria-labelledby="more-title">
              <h2 id="more-title" className="aside-title">
                {config.more.title}
              </h2>
              <ul className="aside-links">
                {more.map((link) => (
                  <li key={link.to}>
                    <RouteLink to={link.to}>{link.label}</RouteLink>
                  </li>
                ))}
              </ul>
            </section>
          </aside>
        </div>
      </div>
    );
  }

  return { load, Component };
}
