/**
 * The mobile details /m/pages/{xmk|zb}/detail?id=: the same query options, contact block
 * and favourite as the desktop detail, in one column with a sticky bar (收藏, 查看联系方式, 分享).
 * A missing or bad id is the 404 page, as on /xmk/{id}.
 */
import { useSuspenseQuery, type QueryClient, type QueryKey, type UseSuspenseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import type { ContentType } from '@shared/contract/common';
import type { ContentLink, XmkDetail, ZbDetail } from '@shared/content/types';
import { noticeTime } from '@shared/content/notices';
import { DICT_TYPES, type DictType } from '@shared/system/types';
import { formatCount } from '@shared/format';
import { parsePositiveId } from '@shared/routes';
import { favoriteStatusQueryOptions } from '../api';
import { viewerOf, type Viewer, useSession } from '../../../lib/session';
import type { Http } from '../../../lib/http/http';
import { useHttp } from '../../../lib/http/context';
import { dictLabel, prefetchDicts } from '../../../lib/system';
import { ContactBlock } from '../components/contact-block';
import { requireId } from '../../../components/detail-parts';
import { useDict } from '../../../components/dict-label';
import { FavoriteButton } from '../components/favorite-button';
import { regionName } from '../../../lib/region';
import { RichText } from '../../../components/rich-text';
import { feedback } from '../../../lib/feedback';
import type { PageLoadArgs, PageModule } from '../../../lib/page';
import { absoluteUrl, usePortalSettings } from '../../../lib/portal-settings';
import { MobileFields, MobileFigures, useInAppBrowser } from '../../../components/mobile/m-detail-parts';
import { MobileHead } from '../../../components/mobile/m-parts';
import { mobileDetailPath } from '@shared/content/paths';
import { prefetchNoticeTimeline, useLifecycle, useWithNoticeTimeline } from '../components/notice-timeline';
import { NoticeSources } from '../components/notice-sources';
import { MobileChanges } from './m-changes';
import { BodyDiffCard } from '../components/body-diff';

/** The picture WeChat and other apps show on a shared card (a PNG: WeChat ignores SVG). */
const SHARE_IMAGE = '/images/share.png';

export interface MobileDetailConfig<Item extends XmkDetail | ZbDetail, K extends QueryKey> {
  type: ContentType;
  detail: (http: Http, id: number, viewer: Viewer) => UseSuspenseQueryOptions<Item, Error, Item, K>;
  tag: { type: DictType; value: (item: Item) => string };
  /** One sentence for the description and the share card. */
  describe: (item: Item, regions: string, tag: string) => string;
  figures: (item: Item, tag: string) => { label: string; value: string }[];
  fields: (item: Item, regions: string, tag: string) => { label: string; value: ReactNode }[];
  /** Sections right under the overview (中标候选人). */
  afterOverview?: (item: Item) => ReactNode;
  contentTitle: string;
  /**
   * 招标进程 or 项目进展 under the overview: the desktop's timeline (timeline.tsx). `lifecycle` says
   * whether the answer carries the lifecycle fields; a body of null leaves the section out.
   */
  timeline?: { title: string; body: (item: Item, lifecycle: boolean) => ReactNode };
  /** Above the overview when the answer carries the lifecycle fields: the tender's "本公告已于…变更". */
  banner?: (item: Item) => ReactNode;
  /** Secondary data of the page's sections, fetched with the detail (failures only leave them empty). */
  prefetch?: (queryClient: QueryClient, http: Http, id: number) => Promise<void>;
}

export function mobileDetailPage<Item extends XmkDetail | ZbDetail, K extends QueryKey>(config: MobileDetailConfig<Item, K>): PageModule {
  const { type } = config;

  async function load({ deps, url }: PageLoadArgs) {
    const { queryClient, http, session } = deps;
    const id = requireId(parsePositiveId(url.searchParams.get('id') ?? undefined));
    const viewer = viewerOf(session.get().isLogin);
    await Promise.all([
      queryClient.ensureQueryData(config.detail(http, id, viewer)).then((item) => prefetchNoticeTimeline(deps, type, item, viewer)),
      prefetchDicts(queryClient, http, [DICT_TYPES.region, DICT_TYPES.industry, config.tag.type]),
      viewer === 'member' ? queryClient.prefetchQuery(favoriteStatusQueryOptions(http, type, id)) : null,
      // The contact block names the member's tier.
      viewer === 'member' ? prefetchDicts(queryClient, http, [DICT_TYPES.memberLevel]) : null,
      config.prefetch?.(queryClient, http, id),
    ]);
  }

  function Component() {
    const id = parsePositiveId(useSearchParams()[0].get('id') ?? undefined) ?? 0;
    const http = useHttp();
    const settings = usePortalSettings();
    const viewer = viewerOf(useSession().isLogin);
    const item = useWithNoticeTimeline(type, useSuspenseQuery(config.detail(http, id, viewer)).data, viewer);
    const regions = regionName(useDict(DICT_TYPES.region), item.areaCode);
    const tag = dictLabel(useDict(config.tag.type), config.tag.value(item));
    const industry = dictLabel(useDict(DICT_TYPES.industry), item.industry);
    const description = config.describe(item, regions, tag);
    const lifecycle = useLifecycle(item);
    const timeline = config.timeline ? config.timeline.body(item, lifecycle) : null;

    return (
      <article className="m-detail">
        <MobileHead title={item.title} description={description} ogType="article" image={absoluteUrl(settings, SHARE_IMAGE)} />
        <header className="m-card">
          <div className="m-row-meta">
            <span className="m-tag">{tag}</span>
            <span>{industry}</span>
            <span>{regions}</span>
          </div>
          <h1 className="m-detail-title">{item.title}</h1>
          <p className="m-muted">
            <time dateTime={item.publishTime}>{noticeTime(item, 'publishTime', 'YYYY-MM-DD HH:mm')}</time> · 浏览 {formatCount(item.views)}{' '}
            次
          </p>
          <MobileFigures figures={config.figures(item, tag)} />
        </header>
        {lifecycle ? config.banner?.(item) : null}
        <section className="m-card" aria-labelledby="m-overview">
          <h2 id="m-overview">概况</h2>
          <MobileFields fields={config.fields(item, regions, tag)} />
        </section>
        {lifecycle ? <MobileChanges item={item} type={type} /> : null}
        {config.afterOverview?.(item)}
        {config.timeline && timeline ? (
          <section className="m-card" aria-labelledby="m-timeline">
            <h2 id="m-timeline">{config.timeline.title}</h2>
            {timeline}
          </section>
        ) : null}
        {lifecycle ? <BodyDiffCard item={item} type={type} mobile /> : null}
        <div id="contact" className="m-contact">
          <ContactBlock type={type} id={item.id} detail={item} />
        </div>
        <section className="m-card" aria-labelledby="m-content">
          <h2 id="m-content">{config.contentTitle}</h2>
          <RichText html={item.content} className="m-rich" />
        </section>
        <NoticeSources item={item} mobile />
        <Pager prev={item.prev} next={item.next} type={type} />
        <DetailBar type={type} id={item.id} title={item.title} description={description} />
      </article>
    );
  }

  return { load, Component };
}

function Pager({ prev, next, type }: { prev: ContentLink | null; next: ContentLink | null; type: ContentType }) {
  if (!prev && !next) return null;
  return (
    <nav className="m-card m-pager" aria-label="上一条与下一条">
      {prev ? <RouteLink to={mobileDetailPath(type, prev.id)}>上一条：{prev.title}</RouteLink> : null}
      {next ? <RouteLink to={mobileDetailPath(type, next.id)}>下一条：{next.title}</RouteLink> : null}
    </nav>
  );
}

/** The sticky bar: 收藏 (the desktop's button), 查看联系方式 (the contact block) and 分享. */
function DetailBar({ type, id, title, description }: { type: ContentType; id: number; title: string; description: string }) {
  const app = useInAppBrowser();
  const [hint, setHint] = useState(false);
  const onShare = async () => {
    // In WeChat and Weibo the app's own menu shares the page with the card from the head's metadata.
    if (app === 'wechat' || app === 'weibo') {
      setHint(true);
      return;
    }
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      await navigator.share({ title, text: description, url }).catch(() => undefined);
      return;
    }
    await navigator.clipboard?.writeText(url).then(
      () => feedback.success('链接已复制'),
      () => setHint(true),
    );
  };
  return (
    <>
      <div className="m-bar">
        <span className="m-bar-favorite">
          <FavoriteButton type={type} id={id} />
        </span>
        <a className="m-button" href="#contact">
          查看联系方式
        </a>
        <button type="button" className="m-button m-button-primary" onClick={() => void onShare()}>
          分享
        </button>
      </div>
      {hint ? (
        <div className="m-share-hint" role="status" onClick={() => setHint(false)}>
          {app === 'wechat' || app === 'weibo' ? '点击右上角 ··· 分享给朋友' : '请复制地址栏中的链接分享'}
        </div>
      ) : null}
    </>
  );
}
