/**
 * The member's bidding subscription (spec §7 `/cms/bidding/list`, DOMAIN.md): tenders matching any
 * of the profile's keywords and any of its regions, newest first; with neither set, the newest tenders.
 */
import type { ZbListItem } from '@shared/content/types';
import { commaList, type Page } from '@shared/contract/fields';
import type { Statements } from '../../db/connection';
import { keywordMatch, tagMatch } from '../../search/tokens';
import { profileSubscription } from './queries';
import { zbListItems, type ContentSearch, type SearchResult } from './search';

export function subscribedTenders(
  sql: Statements,
  search: ContentSearch,
  memberId: number,
  q: Page & { keyword?: string | undefined },
): { result: SearchResult; rows: ZbListItem[]; subscribed: boolean } {
  const subscription = profileSubscription.get(sql, { memberId }) ?? { keywords: '', regions: '' };
  const subscribed = commaList(subscription.keywords);
  const keywordMatches = subscribed.flatMap((k) => keywordMatch(k) ?? []);
  const regionMatches = commaList(subscription.regions)
    .filter((code) => /^\d{6}$/.test(code))
    .map((code) => tagMatch('area', code));
  const extraMatches = [keywordMatches, regionMatches].filter((m) => m.length > 0).map((m) => m.map((x) => `(${x})`).join(' OR '));
  const result = search.search('zb', { keyword: q.keyword, extraMatches, orderBy: 'time', asc: false }, q);
  // Mark the subscribed words too, so a row found by its body says why (its excerpt).
  const marked = [q.keyword ?? '', ...subscribed].join(' ').trim();
  return { result, rows: zbListItems(sql, result.ids, marked || undefined), subscribed: extraMatches.length > 0 };
}
