/**
 * The list page of /xmk 项目库 and /zb 招标信息: search and filters in the URL query
 * (search-query.ts), results rendered on the server, highlighted keyword, "共 N 条",
 * pagination with page size, "暂无数据". What differs by type comes from its ListConfig.
 */
import { useSuspenseQuery, type QueryKey } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import { listPath } from '@shared/content/paths';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import { DICT_TYPES } from '@shared/system/types';
import { parseTime } from '@shared/time';
import { useHttp } from '../../../lib/http/context';
import { dictLabel, prefetchDicts } from '../../../lib/system';
import { useDicts } from '../../../components/dict-label';
import { Breadcrumb } from '../../../components/breadcrumb';
import { EmptyState } from '../../../components/empty-state';
import { prefetchFavoriteIds } from '../components/favorite-button';
import { ExportButton } from '../../export/components/export-button';
import { ActiveFilters, DictOptions, FilterPanel, FilterRow, PresetRow, TextFilter, type ActiveFilter } from '../components/filter-panel';
import { AmountFilter, amountRangeText, DateFilter } from '../components/range-filters';
import { KeywordForm, ResultCount, SortBar } from '../components/search-bar';
import { RegionFilter } from '../components/region-filter';
import { PageHead } from '../../../components/page-head';
import { Pagination, pageCountOf, useScrollToTopOnPageChange } from '../../../components/pagination';
import { regionName } from '../../../lib/region';
import { SEARCH_RESULT_LIMIT, exportParams, hasFilters, searchHref, withFilters, type SearchParams } from '../../../lib/search-href';
import { notFoundResponse, type PageLoadArgs, type PageModule } from '../../../lib/page';
import type { ListConfig, ListRow } from '../listing-config';
import { ResultRow } from '../components/result-row';

/** The page number the URL asks for, also one the reader dropped for lying past any result. */
function requestedPage(query: URLSearchParams): number {
  const raw = query.get('pageNum');
  return raw !== null && /^[1-9]\d*$/.test(raw) ? Number(raw) : 1;
}

export function listPage<P extends SearchParams, Row extends ListRow, K extends QueryKey>(config: ListConfig<P, Row, K>): PageModule {
  const path = listPath(config.type);
  const dictTypes = [DICT_TYPES.region, DICT_TYPES.industry, config.row.tag.type, ...config.dictFilters.map((f) => f.type)].filter(
    (type, index, all) => all.indexOf(type) === index,
  );
  const hrefOf = (params: P, patch: Partial<P>) => searchHref(path, withFilters(params, patch));

  async function load({ deps, url }: PageLoadArgs) {
    const params = config.read(url.searchParams);
    const [data] = await Promise.all([
      deps.queryClient.ensureQueryData(config.search(deps.http, params)),
      prefetchDicts(deps.queryClient, deps.http, dictTypes),
      prefetchFavoriteIds(deps, config.type),
    ]);
    // A page past the last one is not page 1 under another URL: say so, and link the last page.
    const pageCount = pageCountOf(data.total, params.pageSize ?? DEFAULT_PAGE_SIZE, SEARCH_RESULT_LIMIT);
    const requested = requestedPage(url.searchParams);
    if (requested > pageCount) {
      throw notFoundResponse({
        message: '页码超出范围',
        detail: `第 ${requested} 页不存在：当前条件下共 ${pageCount} 页。`,
        link: {
          href: searchHref(path, { ...params, pageNum: pageCount }),
          text: pageCount > 1 ? `查看最后一页（第 ${pageCount} 页）` : '查看第一页',
        },
      });
    }
  }

  function Component() {
    const [query] = useSearchParams();
    const params = useMemo(() => config.read(query), [query]);
    const { data, dataUpdatedAt } = useSuspenseQuery(config.search(useHttp(), params));
    const dict = useDicts(dictTypes);
    const regions = dict(DICT_TYPES.region);
    const results = useRef<HTMLElement>(null);
    const pageNum = params.pageNum ?? 1;
    const pageSize = params.pageSize ?? DEFAULT_PAGE_SIZE;
    useScrollToTopOnPageChange(results, pageNum);

    const href = (patch: Partial<P>) => hrefOf(params, patch);
    const { keyword } = params;
    const { amount } = config;
    const minAmount = params[amount.min] as number | undefined;
    const maxAmount = params[amount.max] as number | undefined;

    const today = parseTime(dataUpdatedAt, 'YYYY-MM-DD');
    const active: ActiveFilter[] = [];
    if (keyword) active.push({ label: `关键词：${keyword}`, removeHref: href({ keyword: undefined } as Partial<P>) });
    if (params.scope === 'title') active.push({ label: '搜索范围：标题', removeHref: href({ scope: undefined } as Partial<P>) });
    if (params.exclude) active.push({ label: `排除：${params.exclude}`, removeHref: href({ exclude: undefined } as Partial<P>) });
    if (params.areaCode) {
      active.push({
        label: `地区：${params.areaCode
          .split(',')
          .map((code) => regionName(regions, code))
          .join('、')}`,
        removeHref: href({ areaCode: undefined } as Partial<P>),
      });
    }
    for (const filter of config.dictFilters) {
      const value = params[filter.key] as string | undefined;
      if (!value) continue;
      active.push({
        label: `${filter.chip ?? filter.label}：${dictLabel(dict(filter.type), value)}`,
        removeHref: href({ [filter.key]: undefined } as Partial<P>),
      });
    }
    if (minAmount !== undefined || maxAmount !== undefined) {
      active.push({
        label: `${amount.label}：${amountRangeText(minAmount, maxAmount)}`,
        removeHref: href({ [amount.min]: undefined, [amount.max]: undefined } as Partial<P>),
      });
    }
    for (const filter of config.presetFilters ?? []) {
      const values = filter.keys.map((key) => params[key]).filter((value) => value !== undefined);
      if (values.length === 0) continue;
      const preset = filter.options(today).find((option) => filter.keys.every((key) => option.patch[key] === params[key]));
      active.push({
        label: `${filter.label}：${preset?.label ?? values.join(' 至 ')}`,
        removeHref: href(Object.fromEntries(filter.keys.map((key) => [key, undefined])) as Partial<P>),
      });
    }
    if (params.beginTime || params.endTime) {
      active.push({
        label: `发布时间：${params.beginTime ?? '不限'} 至 ${params.endTime ?? '今'}`,
        removeHref: href({ beginTime: undefined, endTime: undefined } as Partial<P>),
      });
    }

    const title = keyword ? config.keywordTitle(keyword) : config.name;
    const orderBy = (params.orderBy ?? 'time') as NonNullable<P['orderBy']> & string;

    return (
      <div className="list-page">
        <PageHead
          title={pageNum > 1 ? `${title}（第${pageNum}页）` : title}
          description={config.description(keyword, data.total)}
          canonical={searchHref(path, params)}
          noindex={keyword ? 'follow' : undefined}
        />
        <Breadcrumb crumbs={[{ name: '首页', path: '/' }, { name: config.name }]} />
        <header className="list-hero">
          <div>
            <h1 className="list-title">{config.name}</h1>
            <p className="list-subtitle">{config.subtitle}</p>
          </div>
          <KeywordForm
            key={keyword ?? ''}
            action={path}
            keyword={keyword}
            placeholder={config.placeholder}
            hrefFor={(text) => href({ keyword: text.trim() || undefined } as Partial<P>)}
          />
        </header>

        <FilterPanel>
          <TextFilter
            scope={params.scope}
            exclude={params.exclude}
            scopeHref={(scope) => href({ scope } as Partial<P>)}
            excludeHref={(exclude) => href({ exclude } as Partial<P>)}
          />
          <RegionFilter regions={regions} areaCode={params.areaCode} hrefFor={(areaCode) => href({ areaCode } as Partial<P>)} />
          {config.dictFilters.map((filter) => (
            <FilterRow key={filter.key as string} label={filter.label}>
              <DictOptions
                entries={dict(filter.type)}
                selected={params[filter.key] as string | undefined}
                hrefFor={(value) => href({ [filter.key]: value } as Partial<P>)}
              />
            </FilterRow>
          ))}
          <AmountFilter
            label={amount.label}
            presets={amount.presets}
            min={minAmount}
            max={maxAmount}
            hrefFor={(min, max) => href({ [amount.min]: min, [amount.max]: max } as Partial<P>)}
          />
          <DateFilter
            today={today}
            begin={params.beginTime}
            end={params.endTime}
            hrefFor={(beginTime, endTime) => href({ beginTime, endTime } as Partial<P>)}
          />
          {(config.presetFilters ?? []).map((filter) => (
            <PresetRow
              key={filter.label}
              label={filter.label}
              options={filter.options(today).map((option) => ({
                label: option.label,
                href: href({ ...Object.fromEntries(filter.keys.map((key) => [key, undefined])), ...option.patch } as Partial<P>),
                active: filter.keys.every((key) => option.patch[key] === params[key]),
              }))}
              allHref={href(Object.fromEntries(filter.keys.map((key) => [key, undefined])) as Partial<P>)}
              allActive={filter.keys.every((key) => params[key] === undefined)}
            />
          ))}
          <ActiveFilters filters={active} clearHref={path} />
        </FilterPanel>

        <section className="result-panel" ref={results} aria-label="搜索结果">
          <SortBar
            options={config.sorts}
            orderBy={orderBy}
            isAsc={params.isAsc === 'asc'}
            hrefFor={(sort, asc) => searchHref(path, { ...params, orderBy: sort, isAsc: asc ? 'asc' : undefined, pageNum: undefined })}
            summary={
              <>
                <ResultCount total={data.total} capped={data.totalCapped} noun={config.noun} />
                <ExportButton kind={config.type} params={exportParams(params)} />
              </>
            }
          />
          {data.rows.length > 0 ? (
            <ul className="result-list">
              {data.rows.map((item) => (
                <ResultRow key={item.id} type={config.type} config={config.row} item={item} dict={dict} now={dataUpdatedAt} />
              ))}
            </ul>
          ) : (
            <EmptyState>
              {hasFilters(params) ? (
                <p>
                  {`${config.empty.none}，试试减少筛选条件或`}
                  <RouteLink to={path}>{config.empty.all}</RouteLink>。
                </p>
              ) : null}
            </EmptyState>
          )}
          {data.total > 0 ? (
            <Pagination
              total={data.total}
              totalCapped={data.totalCapped}
              pageNum={pageNum}
              pageSize={pageSize}
              maxRows={SEARCH_RESULT_LIMIT}
              hrefFor={(page, size) => searchHref(path, { ...params, pageNum: page, pageSize: size })}
            />
          ) : null}
        </section>
      </div>
    );
  }

  return { load, Component };
}
