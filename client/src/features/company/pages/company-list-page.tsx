/**
 * /company 企业查询: companies by name, region and role. The URL holds the query
 * (name, areaCode, role, pageNum, pageSize), so every result page is a server-rendered link;
 * values the search does not accept are left out rather than failing the page.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, type CompanyRole } from '@shared/company/types';
import { DICT_TYPES } from '@shared/system/types';
import { PAGE_SIZES } from '@shared/constants';
import { companySearchQueryOptions, type CompanySearchParams } from '../api';
import { useHttp } from '../../../lib/http/context';
import { prefetchDicts } from '../../../lib/system';
import { Breadcrumb } from '../../../components/breadcrumb';
import { companyPath } from '@shared/company/paths';
import { useDict } from '../../../components/dict-label';
import { EmptyState } from '../../../components/empty-state';
import { PageHead } from '../../../components/page-head';
import { Pagination } from '../../../components/pagination';
import { citiesOf, regionName } from '../../../lib/region';
import type { PageLoadArgs } from '../../../lib/page';

const PATH = '/company';
const DEFAULT_SIZE = 20;

/** The search the URL asks for; anything the backend would refuse is dropped. */
export function readCompanyQuery(search: URLSearchParams): CompanySearchParams {
  const name = (search.get('name') ?? '').trim().slice(0, 50);
  const areaCode = search.get('areaCode') ?? '';
  const role = search.get('role') ?? '';
  const pageNum = Number(search.get('pageNum'));
  const pageSize = Number(search.get('pageSize'));
  return {
    ...(name ? { name } : {}),
    ...(/^\d{6}$/.test(areaCode) ? { areaCode } : {}),
    ...((COMPANY_ROLES as readonly string[]).includes(role) ? { role: role as CompanyRole } : {}),
    pageNum: Number.isInteger(pageNum) && pageNum >= 1 && pageNum <= 1000 ? pageNum : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_SIZE,
  };
}

export function companySearchHref(q: CompanySearchParams): string {
  const params = new URLSearchParams();
  if (q.name) params.set('name', q.name);
  if (q.areaCode) params.set('areaCode', q.areaCode);
  if (q.role) params.set('role', q.role);
  if (q.pageNum > 1) params.set('pageNum', String(q.pageNum));
  if (q.pageSize !== DEFAULT_SIZE) params.set('pageSize', String(q.pageSize));
  const query = params.toString();
  return query ? `${PATH}?${query}` : PATH;
}

export async function load({ deps, url }: PageLoadArgs) {
  await Promise.all([
    deps.queryClient.ensureQueryData(companySearchQueryOptions(deps.http, readCompanyQuery(url.searchParams))),
    prefetchDicts(deps.queryClient, deps.http, [DICT_TYPES.region]),
  ]);
}

export function Component() {
  const [search] = useSearchParams();
  const q = readCompanyQuery(search);
  const { data } = useSuspenseQuery(companySearchQueryOptions(useHttp(), q));
  const regions = useDict(DICT_TYPES.region);
  const title = q.name ? `“${q.name}”的企业` : '企业查询';
  return (
    <div className="company-search-page">
      <PageHead
        title={q.pageNum > 1 ? `${title}（第${q.pageNum}页）` : title}
        description="按名称、地区和角色查询招标人、代理机构、中标人与建设单位，查看其历年招标与中标情况。"
        canonical={companySearchHref(q)}
      />
      <Breadcrumb crumbs={[{ name: '首页', path: '/' }, { name: '企业查询' }]} />
      <form className="company-search filter-panel" method="get" action={PATH} role="search" aria-label="企业查询">
        <h1 className="section-title">企业查询</h1>
        <div className="company-search-fields">
          <label>
            <span>企业名称</span>
            <input name="name" defaultValue={q.name ?? ''} maxLength={50} placeholder="输入企业名称的一部分" key={`n-${q.name ?? ''}`} />
          </label>
          <label>
            <span>地区</span>
            <select name="areaCode" defaultValue={q.areaCode ?? ''} key={`a-${q.areaCode ?? ''}`}>
              <option value="">全省</option>
              {citiesOf(regions).map((c) => (
                <option key={c.dictValue} value={c.dictValue}>
                  {c.dictLabel}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>角色</span>
            <select name="role" defaultValue={q.role ?? ''} key={`r-${q.role ?? ''}`}>
              <option value="">全部</option>
              {COMPANY_ROLES.map((role) => (
                <option key={role} value={role}>
                  {COMPANY_ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button button-primary">
            查询
          </button>
        </div>
      </form>
      {data.rows.length === 0 ? (
        <EmptyState>
          没有符合条件的企业，<RouteLink to={PATH}>查看全部企业</RouteLink>
        </EmptyState>
      ) : (
        <ul className="result-list company-results">
          {data.rows.map((c) => (
            <li key={c.id} className="result-item">
              <div className="result-main">
                <h2 className="result-title">
                  <RouteLink to={companyPath(c.id)}>{c.name}</RouteLink>
                </h2>
                <p className="result-meta">
                  {c.roles.map((r) => (
                    <span key={r.role}>{`${COMPANY_ROLE_LABELS[r.role]}：${r.count} 条`}</span>
                  ))}
                  {c.mainCityCode ? <span>{`主要地区：${regionName(regions, c.mainCityCode)}`}</span> : null}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        total={data.total}
        pageNum={q.pageNum}
        pageSize={q.pageSize}
        hrefFor={(pageNum, pageSize) => companySearchHref({ ...q, pageNum, pageSize })}
      />
    </div>
  );
}
