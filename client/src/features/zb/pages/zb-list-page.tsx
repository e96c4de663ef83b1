/**
 * /zb 招标信息: search and filters in the URL query (components/search-query.ts), results rendered
 * on the server, highlighted keyword, "共 N 条", pagination with page size, "暂无数据".
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ZbSearchParams, ZbSort } from '@shared/contract/content';
import { DICT_TYPES } from '@shared/contract/system';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import { parseTime } from '@shared/time';
import { zbSearchQueryOptions } from '../../../api/content';
import { useHttp } from '../../../api/http-context';
import { dictLabel, prefetchDicts } from '../../../api/system';
import { Breadcrumb } from '../../../components/breadcrumb';
import { useDict } from '../../../components/dict-label';
import { EmptyState } from '../../../components/empty-state';
import {
  ActiveFilters,
  AmountFilter,
  amountRangeText,
  DateFilter,
  DictOptions,
  FilterPanel,
  FilterRow,
  KeywordForm,
  RegionFilter,
  ResultCount,
  SortBar,
  type ActiveFilter,
  type RangePreset,
} from '../../../components/filter-panel';
import { PageHead } from '../../../components/page-head';
import { Pagination, useScrollToTopOnPageChange } from '../../../components/pagination';
import { regionName } from '../../../components/region';
import {
  SEARCH_RESULT_LIMIT,
  hasFilters,
  readZbSearch,
  searchHref,
  withFilters,
} from '../../../components/search-query';
import type { PageLoadArgs } from '../../../lib/page';
import { ZbResultRow } from '../components/zb-result-row';

const PATH = '/zb';

const LIST_DICTS = [DICT_TYPES.region, DICT_TYPES.industry, DICT_TYPES.zbNoticeType] as const;

/** 金额 presets in 万元: tenders are smaller than whole projects. */
const AMOUNT_PRESETS: readonly RangePreset[] = [
  { label: '100万以下', max: 100 },
  { label: '100万-500万', min: 100, max: 500 },
  { label: '500万-1000万', min: 500, max: 1000 },
  { label: '1000万-5000万', min: 1000, max: 5000 },
  { label: '5000万以上', min: 5000 },
];

const SORTS = [
  { value: 'time', label: '发布时间' },
  { value: 'amount', label: '金额' },
  { value: 'views', label: '浏览量' },
] as const satisfies readonly { value: ZbSort; label: string }[];

export async function load({ deps, url }: PageLoadArgs) {
  const params = readZbSearch(url.searchParams);
  await Promise.all([
    deps.queryClient.ensureQueryData(zbSearchQueryOptions(deps.http, params)),
    prefetchDicts(deps.queryClient, deps.http, LIST_DICTS),
  ]);
}

export function Component() {
  const [query] = useSearchParams();
  const params = useMemo(() => readZbSearch(query), [query]);
  const { data, dataUpdatedAt } = useSuspenseQuery(zbSearchQueryOptions(useHttp(), params));
  const regions = useDict(DICT_TYPES.region);
  const industries = useDict(DICT_TYPES.industry);
  const noticeTypes = useDict(DICT_TYPES.zbNoticeType);
  const results = useRef<HTMLElement>(null);
  const pageNum = params.pageNum ?? 1;
  const pageSize = params.pageSize ?? DEFAULT_PAGE_SIZE;
  useScrollToTopOnPageChange(results, pageNum);

  const href = (patch: Partial<ZbSearchParams>) => searchHref(PATH, withFilters(params, patch));
  const { keyword } = params;

  const active: ActiveFilter[] = [];
  if (keyword) active.push({ label: `关键词：${keyword}`, removeHref: href({ keyword: undefined }) });
  if (params.areaCode)
    active.push({ label: `地区：${regionName(regions, params.areaCode)}`, removeHref: href({ areaCode: undefined }) });
  if (params.industry)
    active.push({
      label: `行业：${dictLabel(industries, params.industry)}`,
      removeHref: href({ industry: undefined }),
    });
  if (params.noticeType) {
    active.push({
      label: `公告类型：${dictLabel(noticeTypes, params.noticeType)}`,
      removeHref: href({ noticeType: undefined }),
    });
  }
  if (params.minAmount !== undefined || params.maxAmount !== undefined) {
    active.push({
      label: `金额：${amountRangeText(params.minAmount, params.maxAmount)}`,
      removeHref: href({ minAmount: undefined, maxAmount: undefined }),
    });
  }
  if (params.beginTime || params.endTime) {
    active.push({
      label: `发布时间：${params.beginTime ?? '不限'} 至 ${params.endTime ?? '今'}`,
      removeHref: href({ beginTime: undefined, endTime: undefined }),
    });
  }

  const title = keyword ? `“${keyword}”相关招标` : '招标信息';
  const description = keyword
    ? `${keyword}相关的招标公告、变更公告与中标结果，共 ${data.total} 条。`
    : '全省招标预告、招标公告、变更公告、中标候选人公示与中标结果，可按地区、行业、公告类型与金额检索。';

  return (
    <div className="list-page">
      <PageHead
        title={pageNum > 1 ? `${title}（第${pageNum}页）` : title}
        description={description}
        canonical={searchHref(PATH, params)}
        noindex={keyword ? 'follow' : undefined}
      />
      <Breadcrumb crumbs={[{ name: '首页', path: '/' }, { name: '招标信息' }]} />
      <header className="list-hero">
        <div>
          <h1 className="list-title">招标信息</h1>
          <p className="list-subtitle">招标预告 · 招标公告 · 变更公告 · 中标公示 · 中标结果</p>
        </div>
        <KeywordForm
          key={keyword ?? ''}
          action={PATH}
          keyword={keyword}
          placeholder="输入公告标题、招标人或正文关键词"
          hrefFor={(text) => href({ keyword: text.trim() || undefined })}
        />
      </header>

      <FilterPanel>
        <RegionFilter regions={regions} areaCode={params.areaCode} hrefFor={(areaCode) => href({ areaCode })} />
        <FilterRow label="公告类型">
          <DictOptions
            entries={noticeTypes}
            selected={params.noticeType}
            hrefFor={(noticeType) => href({ noticeType })}
          />
        </FilterRow>
        <FilterRow label="行业">
          <DictOptions entries={industries} selected={params.industry} hrefFor={(industry) => href({ industry })} />
        </FilterRow>
        <AmountFilter
          label="金额"
          presets={AMOUNT_PRESETS}
          min={params.minAmount}
          max={params.maxAmount}
          hrefFor={(minAmount, maxAmount) => href({ minAmount, maxAmount })}
        />
        <DateFilter
          today={parseTime(dataUpdatedAt, 'YYYY-MM-DD')}
          begin={params.beginTime}
          end={params.endTime}
          hrefFor={(beginTime, endTime) => href({ beginTime, endTime })}
        />
        <ActiveFilters filters={active} clearHref={PATH} />
      </FilterPanel>

      <section className="result-panel" ref={results} aria-label="搜索结果">
        <SortBar
          options={SORTS}
          orderBy={params.orderBy ?? 'time'}
          isAsc={params.isAsc === 'asc'}
          hrefFor={(orderBy, asc) =>
            searchHref(PATH, { ...params, orderBy, isAsc: asc ? 'asc' : undefined, pageNum: undefined })
          }
          summary={<ResultCount total={data.total} capped={data.totalCapped} noun="条招标信息" />}
        />
        {data.rows.length > 0 ? (
          <ul className="result-list">
            {data.rows.map((item) => (
              <ZbResultRow key={item.id} item={item} regions={regions} />
            ))}
          </ul>
        ) : (
          <EmptyState>
            {hasFilters(params) ? (
              <p>
                没有符合条件的招标信息，试试减少筛选条件或<Link to={PATH}>查看全部招标</Link>。
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
            hrefFor={(page, size) => searchHref(PATH, { ...params, pageNum: page, pageSize: size })}
          />
        ) : null}
      </section>
    </div>
  );
}
