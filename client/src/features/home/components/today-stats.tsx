import { useQuery } from '@tanstack/react-query';
import { RouteLink } from '../../../components/route-link';
import type { TodayCount } from '@shared/home/types';
import { formatCount } from '@shared/format';
import { todayXmkQueryOptions, todayZbQueryOptions } from '../api';
import { useHttp } from '../../../lib/http/context';

function Figures({ label, path, count }: { label: string; path: string; count: TodayCount | undefined }) {
  return (
    // No aria-label: the visible figures are the link's name, so voice control can say what it sees.
    <RouteLink to={path} className="today-group">
      <span className="today-title">{label}</span>
      <span className="today-figure today-figure-main">
        <strong>{formatCount(count?.today)}</strong>
        <span>今日新增</span>
      </span>
      <span className="today-figure">
        <strong>{formatCount(count?.week)}</strong>
        <span>近7天</span>
      </span>
      <span className="today-figure">
        <strong>{formatCount(count?.total)}</strong>
        <span>累计收录</span>
      </span>
    </RouteLink>
  );
}

/** Today's counts for the whole province (getTodayNum / getTodayZBNum with `0`). */
export function TodayStats() {
  const http = useHttp();
  const xmk = useQuery(todayXmkQueryOptions(http)).data;
  const zb = useQuery(todayZbQueryOptions(http)).data;
  return (
    <section className="today-stats" aria-label="今日数据">
      <Figures label="拟在建项目" path="/xmk" count={xmk} />
      <Figures label="招标信息" path="/zb" count={zb} />
    </section>
  );
}
