/** The URL query of the visit pages (clients as a table and as cards, records as a table and a timeline). */
import type { BaifangClientListParams, BaifangRecordListParams, VisitStatus } from '@shared/visit/types';
import { readChoice, readDate, readId, readPaging, readText } from '../../components/member-area/member-query';
import { compact } from '../../lib/search-href';

/** dict `cms_visit_status` values, in the order the tabs and selects show them. */
export const VISIT_STATUSES: readonly VisitStatus[] = ['0', '1', '2', '3'];

/** `?keyword=&status=` or `?due=1`, paging. */
export function readClientQuery(query: URLSearchParams): BaifangClientListParams {
  const due = query.get('due') === '1' ? true : undefined;
  return compact({
    keyword: readText(query, 'keyword', 50),
    // "待拜访" is its own tab: it already implies 待跟进 or 跟进中.
    status: due ? undefined : readChoice(query, 'status', VISIT_STATUSES),
    due,
    ...readPaging(query),
  });
}

/** `?clientId=&beginDate=&endDate=`, paging; a reversed range is read the way it was meant. */
export function readRecordQuery(query: URLSearchParams): BaifangRecordListParams {
  let beginDate = readDate(query, 'beginDate');
  let endDate = readDate(query, 'endDate');
  if (beginDate && endDate && beginDate > endDate) [beginDate, endDate] = [endDate, beginDate];
  return compact({ clientId: readId(query, 'clientId'), beginDate, endDate, ...readPaging(query) });
}

/** Every client, for the record filters and the record dialog's client choice (the API's page limit). */
export const ALL_CLIENTS: BaifangClientListParams = { pageSize: 100 };
