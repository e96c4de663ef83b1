/**
 * The mobile lists /m/pages/{xmk|zb}/index: the desktop search's parameters and API,
 * pages appended as the visitor scrolls (useInfiniteQuery + IntersectionObserver), and the filters
 * in a bottom sheet. The first page is rendered on the server.
 */
import { infiniteQueryOptions, queryOptions, useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ContentType } from '@shared/contract/common';
import { DICT_TYPES } from '@shared/system/types';
import { parseTime } from '@shared/time';
import type { Paged } from '../../../lib/http/paged';
import type { Http } from '../../../lib/http/http';
import { useHttp } from '../../../lib/http/context';
import { prefetchDicts } from '../../../lib/system';
import { useDicts, type DictLookup } from '../../../components/dict-label';
import { prefetchFavoriteIds } from '../components/favorite-button';
import { SEARCH_RESULT_LIMIT, exportParams, hasFilters, searchHref, withFilters, type SearchParams } from '../../../lib/search-href';
import type { PageLoadArgs, PageModule } from '../../../lib/page';
import { BottomSheet, LoadMore } from '../../../components/mobile/m-list-parts';
import { MobileHead } from '../../../components/mobile/m-parts';
import { MobileExport } from '../../export/components/m-export';
import type { ListFilters } from '../list-filters';
import { FilterSheetBody, sheetKeys, type SheetAmount } from './m-filter-sheet';

const PAGE_SIZE = 10;
type Query = Pick<URLSearchParams, 'get'>;

export interface MobileListConfig<P extends SearchParams, Row extends { id: number }> {
  path: string;
  /** Whose favourite ids the rows' stars read. */
  type: ContentType;
  name: string;
  /**
   * The filters of a URL query. Asynchronous: the reader brings the contract's field schemas (zod),
   * which the page needs only for a navigation in the browser, not to hydrate what the server read.
   */
  read: (query: Query) => Promise<P>;
  fetch: (http: Http, params: P) => Promise<Paged<Row>>;
  /** The desktop list's filter rows and sorts (list-filters.ts). */
  filters: ListFilters<P>;
  amount: SheetAmount;
  /** `now`: when the list was fetched (render-stable), for deadlines; `dict`: the list's dictionaries. */
  row: (item: Row, now: number, dict: DictLookup) => ReactNode;
  placeholder: string;
}

export function mobileListPage<P extends SearchParams, Row extends { id: number }>(config: MobileListConfig<P, Row>): PageModule {
  const dictTypes = [DICT_TYPES.region, ...config.filters.dictFilters.map((filter) => filter.type)];
  const options = (http: Http, params: P) =>
    infiniteQueryOptions({
      queryKey: ['m-list', config.path, searchHref('', { ...params, pageNum: undefined })],
      queryFn: ({ pageParam }) => config.fetch(http, { ...params, pageNum: pageParam, pageSize: PAGE_SIZE }),
      initialPageParam: 1,
      getNextPageParam: (last: Paged<Row>, all: Paged<Row>[]) =>
        all.length * PAGE_SIZE < Math.min(last.total, SEARCH_RESULT_LIMIT) && last.rows.length > 0 ? all.length + 1 : undefined,
    });

  /** The filters read from a URL query, kept with the page's data (the server's go out with the page). */
  const filters = (search: string) =>
    queryOptions({
      queryKey: ['m-list-filters', config.path, search],
      queryFn: () => config.read(new URLSearchParams(search)),
      staleTime: Infinity,
    });

  async function load({ deps, url }: PageLoadArgs) {
    const { queryClient, http } = deps;
    const params = await queryClient.ensureQueryData(filters(url.searchParams.toString()));
    await Promise.all([
      queryClient.prefetchInfiniteQuery(options(http, params)),
      prefetchDicts(queryClient, http, dictTypes),
      prefetchFavoriteIds(deps, config.type),
    ]);
  }

  function Component() {
    const http = useHttp();
    const navigate = useNavigate();
    const [query] = useSearchParams();
    const params = useSuspenseQuery(filters(query.toString())).data;
    const list = useSuspenseInfiniteQuery(options(http, params));
    const dict = useDicts(dictTypes);
    const [sheet, setSheet] = useState(false);
    const [draft, setDraft] = useState<P>(params);
    const [keyword, setKeyword] = useState(params.keyword ?? '');
    const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
    const more = useCallback(() => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
    const pages = list.data.pages;
    const total = pages[0]?.total ?? 0;
    const rows = pages.flatMap((page) => page.rows);
    // The presets' dates count from the day the list was fetched, as on the desktop.
    const today = parseTime(list.dataUpdatedAt, 'YYYY-MM-DD');
    const patch = (values: Record<string, string | number | undefined>) =>
      setDraft((current) => withFilters(current, values as Partial<P>));

    const onSearch = (event: FormEvent) => {
      event.preventDefault();
      void navigate(searchHref(config.path, withFilters(params, { keyword: keyword.trim() || undefined } as Partial<P>)));
    };
    const openSheet = () => {
      setDraft(params);
      setSheet(true);
    };
    const apply = () => {
      setSheet(false);
      void navigate(searchHref(config.path, draft));
    };
    const closeSheet = useCallback(() => setSheet(false), []);

    return (
      <div className="m-list-page">
        <MobileHead
          title={params.keyword ? `“${params.keyword}”相关${config.name}` : config.name}
          noindex={params.keyword ? 'follow' : undefined}
        />
        <h1 className="m-title">{config.name}</h1>
        <form className="m-search" role="search" onSubmit={onSearch}>
          <input
            type="search"
            enterKeyHint="search"
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            placeholder={config.placeholder}
            aria-label="搜索关键词"
            maxLength={50}
          />
          <button type="submit" className="m-button m-button-primary">
            搜索
          </button>
        </form>
        <div className="m-toolbar">
          <span className="m-count">{`共 ${total} 条`}</span>
          <MobileExport kind={config.type} params={exportParams(params)} />
          <button type="button" className={hasFilters(params) ? 'm-button is-active' : 'm-button'} onClick={openSheet}>
            筛选{hasFilters(params) ? '（已选）' : ''}
          </button>
        </div>
        {rows.length === 0 ? (
          <p className="m-empty">没有符合条件的{config.name}</p>
        ) : (
          <ul className="m-list">{rows.map((row) => config.row(row, list.dataUpdatedAt, dict))}</ul>
        )}
        <LoadMore onVisible={more} active={hasNextPage}>
          {isFetchingNextPage ? (
            '加载中…'
          ) : hasNextPage ? (
            <button type="button" className="m-button m-button-plain" onClick={more}>
              加载更多
            </button>
          ) : rows.length > 0 ? (
            '没有更多了'
          ) : null}
        </LoadMore>
        <BottomSheet open={sheet} title="筛选" onClose={closeSheet}>
          <FilterSheetBody filters={config.filters} amount={config.amount} draft={draft} today={today} patch={patch} />
          <div className="m-sheet-actions">
            <button
              type="button"
              className="m-button"
              onClick={() =>
                setDraft(
                  withFilters(
                    params,
                    Object.fromEntries(sheetKeys(config.filters, config.amount).map((key) => [key, undefined])) as Partial<P>,
                  ),
                )
              }
            >
              重置
            </button>
            <button type="button" className="m-button m-button-primary" onClick={apply}>
              查看结果
            </button>
          </div>
        </BottomSheet>
      </div>
    );
  }

  return { load, Component };
}
