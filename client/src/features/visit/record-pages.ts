/**
 * What the two views of the member's visit records (/user/baifangRecords as a table, -bak as a
 * timeline) load and read: the records the URL asks for — from getBaifangRecordsList, or gathered
 * from the clients' calls without it — and every client, for the filters and the record dialog.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DictType } from '@shared/system/types';
import { hasCapability, useHasCapability } from '../../lib/capabilities';
import { useHttp } from '../../lib/http/context';
import type { AppDeps } from '../../lib/page';
import { fetchFresh, loadMemberChrome } from '../member/api';
import { baifangClientListQueryOptions, baifangRecordListQueryOptions } from './api';
import { ALL_CLIENTS, readRecordQuery } from './visit-query';

export function loadRecordPage(deps: AppDeps, url: URL, dicts: readonly DictType[]): Promise<unknown> {
  return Promise.all([
    fetchFresh(deps, baifangRecordListQueryOptions(deps.http, readRecordQuery(url.searchParams), hasCapability(deps, 'visitRecords'))),
    fetchFresh(deps, baifangClientListQueryOptions(deps.http, ALL_CLIENTS)),
    loadMemberChrome(deps, dicts),
  ]);
}

export function useRecordPage() {
  const http = useHttp();
  const [search] = useSearchParams();
  const q = useMemo(() => readRecordQuery(search), [search]);
  const { data, dataUpdatedAt } = useSuspenseQuery(baifangRecordListQueryOptions(http, q, useHasCapability('visitRecords')));
  const clients = useSuspenseQuery(baifangClientListQueryOptions(http, ALL_CLIENTS)).data.rows;
  return { q, data, dataUpdatedAt, clients };
}
