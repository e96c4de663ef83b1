/**
 * The route table lists the query parameters each public page reads (@shared/routes `query`); the
 * server renders and caches anonymous pages without any other. These tests keep the list and the
 * pages' readers in step: a parameter a reader starts to use must be added to the table, or every
 * visitor would get the page rendered without it.
 */
import { describe, expect, it } from 'vitest';
import { MOBILE_PATHS, pageQueryKeys } from '@shared/routes';
import { readXmkSearch, readZbSearch } from '../features/listings/search-query';
import { readNoticeQuery } from '../features/support/notice-query';

/** A query that answers every name and notes which ones were asked for. */
function recordingQuery() {
  const asked = new Set<string>();
  const query = {
    get: (name: string) => (asked.add(name), '2'),
    has: (name: string) => (asked.add(name), false),
  };
  return { query, asked: () => [...asked].sort() };
}

describe('the route table lists every query parameter its pages read', () => {
  it.each([
    ['/xmk', readXmkSearch],
    ['/zb', readZbSearch],
    // The mobile lists read the desktop lists' filters.
    [MOBILE_PATHS.xmkList, readXmkSearch],
    [MOBILE_PATHS.zbList, readZbSearch],
    ['/support/notice', readNoticeQuery],
  ] as const)('%s', (path, read) => {
    const { query, asked } = recordingQuery();
    read(query);
    expect(asked()).toEqual([...pageQueryKeys(path)].sort());
  });

  it('pages that read nothing list nothing, and unknown paths read nothing', () => {
    expect(pageQueryKeys('/')).toEqual([]);
    expect(pageQueryKeys('/zb/12')).toEqual([]);
    expect(pageQueryKeys('/no-such-page')).toEqual([]);
  });
});
