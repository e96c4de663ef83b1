/**
 * The filters of the client views (table and cards): status tabs with the `getGJNum` counts as
 * badges, a 待拜访 tab in red, and a search over company, contact and phone — all in the URL; and
 * the views' actions: export what is shown, the other view with the same filter, 新增客户.
 */
import { useQuery } from '@tanstack/react-query';
import { RouteLink } from '../../../components/route-link';
import type { BaifangClientListParams } from '@shared/visit/types';
import { DICT_TYPES } from '@shared/system/types';
import { useHttp } from '../../../lib/http/context';
import { dictLabel } from '../../../lib/system';
import { gjNumQueryOptions } from '../api';
import { useDict } from '../../../components/dict-label';
import { queryHref, withFilter } from '../../../components/member-area/member-query';
import { VISIT_STATUSES } from '../visit-query';
import { MemberSearch } from '../../../components/member-area/member-search';
import { ExportButton } from '../../export/components/export-button';

function Tab({ to, active, label, count, alert }: { to: string; active: boolean; label: string; count?: number; alert?: boolean }) {
  return (
    <RouteLink to={to} className={active ? 'member-tab is-active' : 'member-tab'} aria-current={active ? 'page' : undefined}>
      {label}
      {count !== undefined ? <span className={alert && count > 0 ? 'member-tab-count is-alert' : 'member-tab-count'}>{count}</span> : null}
    </RouteLink>
  );
}

export function ClientFilters({ path, q }: { path: string; q: BaifangClientListParams }) {
  const statuses = useDict(DICT_TYPES.visitStatus);
  // Loaded with the page (loadMemberChrome); counts are left out if that failed.
  const counts = useQuery(gjNumQueryOptions(useHttp())).data;
  const href = (patch: Partial<BaifangClientListParams>) => queryHref(path, withFilter(q, patch));
  const all = !q.status && !q.due;
  return (
    <div className="member-toolbar">
      <nav className="member-tabs" aria-label="跟进状态">
        <Tab to={href({ status: undefined, due: undefined })} active={all} label="全部" count={counts?.total} />
        {VISIT_STATUSES.map((status) => (
          <Tab
            key={status}
            to={href({ status, due: undefined })}
            active={q.status === status}
            label={dictLabel(statuses, status)}
            count={counts?.byStatus[status]}
          />
        ))}
        <Tab to={href({ status: undefined, due: true })} active={q.due === true} label="待拜访" count={counts?.due} alert />
      </nav>
      <MemberSearch
        key={q.keyword ?? ''}
        action={path}
        keyword={q.keyword}
        label="搜索客户"
        placeholder="单位名称、联系人或电话"
        hrefFor={(keyword) => href({ keyword })}
      />
    </div>
  );
}

export function ClientListActions({
  q,
  otherView,
  onNew,
}: {
  q: BaifangClientListParams;
  /** The other view of the same list: its path and the button's words. */
  otherView: { path: string; label: string };
  onNew: () => void;
}) {
  return (
    <>
      <ExportButton kind="visits" size="normal" params={{ keyword: q.keyword, status: q.status, due: q.due }} />
      <RouteLink className="button" to={queryHref(otherView.path, q)}>
        {otherView.label}
      </RouteLink>
      <button type="button" className="button button-primary" onClick={onNew}>
        新增客户
      </button>
    </>
  );
}
