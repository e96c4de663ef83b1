import { useQuery } from '@tanstack/react-query';
import { RouteLink } from '../../../components/route-link';
import { parseTime } from '@shared/time';
import { noticeListQueryOptions } from '../../support/api';
import { useHttp } from '../../../lib/http/context';
import { EmptyState } from '../../../components/empty-state';
import { HOME_NOTICE_PARAMS } from '../home-data';

/** 网站公告: the newest notices, each opening /support/notice?id=… */
export function NoticeBox() {
  const notices = useQuery(noticeListQueryOptions(useHttp(), HOME_NOTICE_PARAMS)).data?.rows ?? [];
  return (
    <section className="home-side-card" aria-labelledby="home-notice-title">
      <header className="home-side-head">
        <h2 id="home-notice-title" className="home-side-title">
          网站公告
        </h2>
        <RouteLink to="/support/notice" className="home-panel-more">
          更多 ›
        </RouteLink>
      </header>
      {notices.length === 0 ? (
        <EmptyState compact />
      ) : (
        <ul className="notice-rows">
          {notices.map((notice) => (
            <li key={notice.noticeId}>
              <RouteLink to={`/support/notice?id=${notice.noticeId}`} title={notice.noticeTitle}>
                {notice.noticeTitle}
              </RouteLink>
              <time dateTime={notice.createTime}>{parseTime(notice.createTime, 'MM-DD')}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
