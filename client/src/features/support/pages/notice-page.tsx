/**
 * /support/notice 网站公告. The route table is strict (spec §2: no /support/notice/{id}), so one
 * notice is addressed as `/support/notice?id=12`: the list without `id`, paged by `pageNum`, the
 * notice with it. An `id` that is not a positive integer, or a notice that does not exist, is a
 * real 404 — the URL names a notice that cannot be shown.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import type { Notice } from '@shared/content/types';
import { parseTime } from '@shared/time';
import { noticeListQueryOptions, noticeQueryOptions } from '../api';
import { notFound } from '../../../components/detail-parts';
import { useHttp } from '../../../lib/http/context';
import { EmptyState } from '../../../components/empty-state';
import { PageHead } from '../../../components/page-head';
import { Pagination } from '../../../components/pagination';
import { RichText } from '../../../components/rich-text';
import type { PageLoadArgs } from '../../../lib/page';
import { SupportFrame } from '../components/support-frame';
import { readNoticeQuery } from '../notice-query';

const PATH = '/support/notice';
const PAGE_SIZE = 10;
const listParams = (pageNum: number) => ({ pageNum, pageSize: PAGE_SIZE });
const pageHref = (pageNum: number) => (pageNum > 1 ? `${PATH}?pageNum=${pageNum}` : PATH);

export async function load({ deps, url }: PageLoadArgs) {
  const query = readNoticeQuery(url.searchParams);
  if (query === null) notFound();
  if (query.kind === 'detail') await deps.queryClient.ensureQueryData(noticeQueryOptions(deps.http, query.id));
  else await deps.queryClient.ensureQueryData(noticeListQueryOptions(deps.http, listParams(query.pageNum)));
}

/** RuoYi SysNotice types: '1' 通知, '2' 公告. */
function NoticeType({ type }: { type: Notice['noticeType'] }) {
  return type === '1' ? <span className="tag tag-warning">通知</span> : <span className="tag tag-primary">公告</span>;
}

function NoticeList({ pageNum }: { pageNum: number }) {
  const { data } = useSuspenseQuery(noticeListQueryOptions(useHttp(), listParams(pageNum)));
  return (
    <SupportFrame section="网站公告">
      <PageHead
        title={pageNum > 1 ? `网站公告（第${pageNum}页）` : '网站公告'}
        description="本站发布的通知与公告。"
        canonical={pageHref(pageNum)}
      />
      <article className="support-article" aria-labelledby="support-title">
        <header className="support-article-head">
          <h1 id="support-title" className="support-title">
            网站公告
          </h1>
        </header>
        {data.rows.length === 0 ? (
          <EmptyState />
        ) : (
          <ul className="notice-list">
            {data.rows.map((notice) => (
              <li key={notice.noticeId}>
                <NoticeType type={notice.noticeType} />
                <RouteLink to={`${PATH}?id=${notice.noticeId}`}>{notice.noticeTitle}</RouteLink>
                <time dateTime={notice.createTime}>{parseTime(notice.createTime, 'YYYY-MM-DD')}</time>
              </li>
            ))}
          </ul>
        )}
        {data.total > PAGE_SIZE ? (
          <Pagination total={data.total} pageNum={pageNum} pageSize={PAGE_SIZE} fixedSize hrefFor={pageHref} />
        ) : null}
      </article>
    </SupportFrame>
  );
}

function NoticeDetail({ id }: { id: number }) {
  const { data: notice } = useSuspenseQuery(noticeQueryOptions(useHttp(), id));
  return (
    <SupportFrame section="网站公告" current={{ name: notice.noticeTitle, parentPath: PATH }}>
      <PageHead title={notice.noticeTitle} canonical={`${PATH}?id=${notice.noticeId}`} ogType="article" />
      <article className="support-article" aria-labelledby="support-title">
        <header className="support-article-head notice-head">
          <h1 id="support-title" className="support-title">
            {notice.noticeTitle}
          </h1>
          <p className="muted">
            <NoticeType type={notice.noticeType} />
            <span>
              发布时间：<time dateTime={notice.createTime}>{parseTime(notice.createTime, 'YYYY-MM-DD HH:mm')}</time>
            </span>
          </p>
        </header>
        <RichText html={notice.noticeContent} />
        <p className="notice-back">
          <RouteLink to={PATH}>‹ 返回公告列表</RouteLink>
        </p>
      </article>
    </SupportFrame>
  );
}

export function Component() {
  const [query] = useSearchParams();
  const parsed = readNoticeQuery(query);
  // The loader already answered 404 for an unusable id; this only narrows the type.
  if (parsed === null) return null;
  return parsed.kind === 'detail' ? <NoticeDetail id={parsed.id} /> : <NoticeList pageNum={parsed.pageNum} />;
}
