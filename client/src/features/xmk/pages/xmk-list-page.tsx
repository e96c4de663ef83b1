/**
 * /xmk 项目库: search and filters in the URL query (components/search-query.ts), results rendered
 * on the server, highlighted keyword, "共 N 条", pagination with page size, "暂无数据".
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { XmkSearchParams, XmkSort } from '@shared/contract/content';
import { DICT_TYPES } from '@shared/contract/system';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import { parseTime } from '@shared/time';
import { xmkSearchQueryOptions } from '../../../api/content';
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
  readXmkSearch,
  searchHref,
  withFilters,
} from '../../../components/search-query';
import type { PageLoadArgs } from '../../../lib/page';
import { XmkResultRow } from '../components/xmk-result-row';

const PATH = '/xmk';

const LIST_DICTS = [DICT_TYPES.region, DICT_TYPES.industry, DICT_TYPES.xmkStage, DICT_TYPES.xmkNature] as const;

/** 投资额 presets in 万元: the bands tender-portal users filter by. */
const INVESTMENT_PRESETS: readonly RangePreset[] = [
  { label: '1000万以下', max: 1000 },
  { label: '1000万-5000万', min: 1000, max: 5000 },
  { label: '5000万-1亿', min: 5000, max: 10000 },
  { label: '1亿-10亿', min: 10000, max: 100000 },
  { label: '10亿以上', min: 100000 },
];

const SORTS = [
  { value: 'time', label: '发布时间' },
  { value: 'investment', label: '投资额' },
  { value: 'views', label: '浏览量' },
] as const satisfies readonly { value: XmkSort; label: string }[];

export async function load({ deps, url }: PageLoadArgs) {
  const params = readXmkSearch(url.searchParams);
  await Promise.all([
    deps.queryClient.ensureQueryData(xmkSearchQueryOptions(deps.http, params)),
    prefetchDicts(deps.queryClient, deps.http, LIST_DICTS),
  ]);
}

export function Component() {
  const [query] = useSearchParams();
  const params = useMemo(() => readXmkSearch(query), [query]);
  const { data, dataUpdatedAt } = useSuspenseQuery(xmkSearchQueryOptions(useHttp(), params));
  const regions = useDict(DICT_TYPES.region);
  const industries = useDict(DICT_TYPES.industry);
  const stages = useDict(DICT_TYPES.xmkStage);
  const natures = useDict(DICT_TYPES.xmkNature);
  const results = useRef<HTMLElement>(null);
  const pageNum = params.pageNum ?? 1;
  const pageSize = params.pageSize ?? DEFAULT_PAGE_SIZE;
  useScrollToTopOnPageChange(results, pageNum);

  const href = (patch: Partial<XmkSearchParams>) => searchHref(PATH, withFilters(params, patch));
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
  if (params.stage)
    active.push({ label: `阶段：${dictLabel(stages, params.stage)}`, removeHref: href({ stage: undefined }) });
  if (params.nature)
    active.push({ label: `性质：${dictLabel(natures, params.nature)}`, removeHref: href({ nature: undefined }) });
  if (params.minInvestment !== undefined || params.maxInvestment !== undefined) {
    active.push({
      label: `投资额：${amountRangeText(params.minInvestment, params.maxInvestment)}`,
      removeHref: href({ minInvestment: undefined, maxInvestment: undefined }),
    });
  }
  if (params.beginTime || params.endTime) {
    active.push({
      label: `发布时间：${params.beginTime ?? '不限'} 至 ${params.endTime ?? '今'}`,
      removeHref: href({ beginTime: undefined, endTime: undefined }),
    });
  }

  const title = keyword ? `“${keyword}”相关项目` : '项目库';
  const description = keyword
    ? `${keyword}相关的拟在建项目，共 ${data.total} 条，按地区、行业、阶段与投资额筛选。`
    : '全省拟在建项目库：立项、审批、设计、招标、施工各阶段项目信息，可按地区、行业、阶段与投资额检索。';

  return (
    <div className="list-page">
      <PageHead
        title={pageNum > 1 ? `${title}（第${pageNum}页）` : title}
        description={description}
        canonical={searchHref(PATH, params)}
        noindex={keyword ? 'follow' : undefined}
      />
      <Breadcrumb crumbs={[{ name: '首页', path: '/' }, { name: '项目库' }]} />
      <header className="list-hero">
        <div>
          <h1 className="list-title">项目库</h1>
          <p className="list-subtitle">全省拟在建项目 · 按地区、行业、阶段与投资额检索</p>
        </div>
        <KeywordForm
          key={keyword ?? ''}
          action={PATH}
          keyword={keyword}
          placeholder="输入项目名称、建设单位或建设内容"
          hrefFor={(text) => href({ keyword: text.trim() || undefined })}
        />
      </header>

      <FilterPanel>
        <RegionFilter regions={regions} areaCode={params.areaCode} hrefFor={(areaCode) => href({ areaCode })} />
        <FilterRow label="行业">
          <DictOptions entries={industries} selected={params.industry} hrefFor={(industry) => href({ industry })} />
        </FilterRow>
        <FilterRow label="项目阶段">
          <DictOptions entries={stages} selected={params.stage} hrefFor={(stage) => href({ stage })} />
        </FilterRow>
        <FilterRow label="项目性质">
          <DictOptions entries={natures} selected={params.nature} hrefFor={(nature) => href({ nature })} />
        </FilterRow>
        <AmountFilter
          label="投资额"
          presets={INVESTMENT_PRESETS}
          min={params.minInvestment}
          max={params.maxInvestment}
          hrefFor={(minInvestment, maxInvestment) => href({ minInvestment, maxInvestment })}
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
          summary={<ResultCount total={data.total} capped={data.totalCapped} noun="个项目" />}
        />
        {data.rows.length > 0 ? (
          <ul className="result-list">
            {data.rows.map((item) => (
              <XmkResultRow key={item.id} item={item} regions={regions} />
            ))}
          </ul>
        ) : (
          <EmptyState>
            {hasFilters(params) ? (
              <p>
                没有符合条件的项目，试试减少筛选条件或<Link to={PATH}>查看全部项目</Link>。
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
