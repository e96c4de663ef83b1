/**
 * 拜访客户 on the phone (/m/pages/user/clients): the member's clients, most recently updated
 * first, by follow-up status or due for a visit (`getBaifangClientList`), each opening its page.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import type { BaifangClientListParams, VisitStatus } from '@shared/visit/types';
import { DICT_TYPES } from '@shared/system/types';
import { MOBILE_PATHS } from '@shared/routes';
import { FIRST_PAGE, MobileMemberPage } from '../../../components/mobile/m-member-page';
import { useDict } from '../../../components/dict-label';
import { useHttp } from '../../../lib/http/context';
import type { PageLoadArgs } from '../../../lib/page';
import { prefetchDicts } from '../../../lib/system';
import { baifangClientListQueryOptions } from '../api';
import { shanghaiDay } from '../visit-due';
import { ClientRow } from './m-visit-parts';

const STATUSES: readonly string[] = ['0', '1', '2', '3'];

/** `?status=` (a follow-up status) or `?due=1`; anything else is every client. */
function readFilter(query: Pick<URLSearchParams, 'get'>): BaifangClientListParams {
  const status = query.get('status');
  if (status !== null && STATUSES.includes(status)) return { ...FIRST_PAGE, status: status as VisitStatus };
  return query.get('due') === '1' ? { ...FIRST_PAGE, due: true } : FIRST_PAGE;
}

export async function load({ deps: { queryClient, http }, url }: PageLoadArgs) {
  await Promise.all([
    queryClient.ensureQueryData(baifangClientListQueryOptions(http, readFilter(url.searchParams))),
    prefetchDicts(queryClient, http, [DICT_TYPES.visitStatus]),
  ]);
}

function FilterLink({ to, active, children }: { to: string; active: boolean; children: string }) {
  return (
    <Link to={to} className="m-chip" aria-current={active ? 'true' : undefined} replace>
      {children}
    </Link>
  );
}

export function Component() {
  const [query] = useSearchParams();
  const params = readFilter(query);
  const { data, dataUpdatedAt } = useSuspenseQuery(baifangClientListQueryOptions(useHttp(), params));
  const statuses = useDict(DICT_TYPES.visitStatus);
  const today = shanghaiDay(dataUpdatedAt);
  const all = params.status === undefined && !params.due;
  return (
    <MobileMemberPage title="拜访客户" desktop="/user/baifangClient">
      <nav className="m-chips m-visit-filter" aria-label="跟进状态">
        <FilterLink to={MOBILE_PATHS.clients} active={all}>
          全部
        </FilterLink>
        <FilterLink to={`${MOBILE_PATHS.clients}?due=1`} active={params.due === true}>
          待拜访
        </FilterLink>
        {statuses.map((status) => (
          <FilterLink
            key={status.dictValue}
            to={`${MOBILE_PATHS.clients}?status=${status.dictValue}`}
            active={params.status === status.dictValue}
          >
            {status.dictLabel}
          </FilterLink>
        ))}
      </nav>
      <div className="m-toolbar">
        <p className="m-count">{`共 ${data.total} 个客户`}</p>
        <Link to={MOBILE_PATHS.records} className="m-button">
          全部拜访记录
        </Link>
      </div>
      {data.rows.length === 0 ? (
        <p className="m-empty">{all ? '还没有客户，在电脑版从收藏或项目添加' : '没有符合条件的客户'}</p>
      ) : (
        <ul className="m-list">
          {data.rows.map((client) => (
            <ClientRow key={client.id} client={client} today={today} />
          ))}
        </ul>
      )}
    </MobileMemberPage>
  );
}
