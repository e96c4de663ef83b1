/**
 * /m/pages/company/detail?id= 企业详情 on the mobile site: the desktop profile's query
 * options in one column — roles, counts, a compact table by year instead of the ECharts chart,
 * regions and industries, latest tenders and wins (mobile details), top winners and competitors
 * (mobile company pages) and the contact as the API masks it. A missing or bad id is the 404 page.
 */
import { useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import { COMPANY_ROLE_LABELS, type CompanyNoticeLink, type CompanyProfile, type CompanyRelation } from '@shared/company/types';
import { DICT_TYPES } from '@shared/system/types';
import { formatWan } from '@shared/format';
import { MOBILE_PATHS, parsePositiveId } from '@shared/routes';
import { parseTime } from '@shared/time';
import { dictLabel } from '../../../lib/system';
import { mobileCompanyPath } from '@shared/company/paths';
import { requireId } from '../../../components/detail-parts';
import { useDict } from '../../../components/dict-label';
import { MobileFields, MobileFigures } from '../../../components/mobile/m-detail-parts';
import { MobileHead } from '../../../components/mobile/m-parts';
import { mobileDetailPath } from '@shared/content/paths';
import { regionName } from '../../../lib/region';
import type { PageLoadArgs } from '../../../lib/page';
import { PART_LABELS, loadCompanyPage, noticeLinkAmount, useCompanyProfile, useCompanySummary, winAmountOf } from '../company-page-data';

export async function load({ deps, url }: PageLoadArgs) {
  await loadCompanyPage(deps, requireId(parsePositiveId(url.searchParams.get('id') ?? undefined)));
}

function Notices({
  title,
  items,
  type,
  empty,
}: {
  title: string;
  items: readonly CompanyNoticeLink[] | CompanyProfile['latestProjects'];
  type: 'zb' | 'xmk';
  empty: string;
}) {
  const regions = useDict(DICT_TYPES.region);
  const noticeTypes = useDict(DICT_TYPES.zbNoticeType);
  const id = `m-company-${type}-${title}`;
  return (
    <section className="m-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {items.length === 0 ? (
        <p className="m-muted">{empty}</p>
      ) : (
        <ul className="m-list m-company-notices">
          {items.map((n) => (
            <li key={n.id} className="m-row">
              <RouteLink to={mobileDetailPath(type, n.id)} className="m-row-link">
                <span className="m-row-title">{n.title}</span>
                <span className="m-row-meta">
                  {'noticeType' in n ? <span className="m-tag">{dictLabel(noticeTypes, n.noticeType)}</span> : null}
                  {'part' in n && n.part ? <span className="m-tag">{PART_LABELS[n.part]}</span> : null}
                  <span>{regionName(regions, n.areaCode)}</span>
                  <span>{noticeLinkAmount(n)}</span>
                  <time dateTime={n.publishTime}>{parseTime(n.publishTime, 'YYYY-MM-DD')}</time>
                </span>
              </RouteLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Relations({ title, items, unit, amounts }: { title: string; items: readonly CompanyRelation[]; unit: string; amounts: boolean }) {
  if (items.length === 0) return null;
  const id = `m-company-rel-${unit}`;
  return (
    <section className="m-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ol className="m-list m-company-notices">
        {items.map((r) => (
          <li key={r.id} className="m-row">
            <RouteLink to={mobileCompanyPath(r.id)} className="m-row-link">
              <span className="m-row-title">{r.name}</span>
              <span className="m-row-meta">
                <span>
                  {r.count} {unit}
                </span>
                {amounts ? <span>{formatWan(r.amount)}</span> : null}
              </span>
            </RouteLink>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function Component() {
  const id = parsePositiveId(useSearchParams()[0].get('id') ?? undefined) ?? 0;
  const company = useCompanyProfile(id);
  const regions = useDict(DICT_TYPES.region);
  const industries = useDict(DICT_TYPES.industry);
  const { city, description, figures, contactFields } = useCompanySummary(company);

  return (
    <article className="m-detail m-company">
      <MobileHead title={company.name} description={description} />
      <header className="m-card">
        <div className="m-row-meta">
          {company.roles.map((r) => (
            <span key={r.role} className="m-tag">
              {COMPANY_ROLE_LABELS[r.role]} {r.count}
            </span>
          ))}
          {city ? <span>{city}</span> : null}
        </div>
        <h1 className="m-detail-title">{company.name}</h1>
        <MobileFigures figures={figures} />
      </header>

      <section className="m-card" aria-labelledby="m-company-years">
        <h2 id="m-company-years">历年招标与中标</h2>
        {company.years.length > 0 ? (
          <table className="m-company-years">
            <thead>
              <tr>
                <th scope="col">年份</th>
                <th scope="col">招标</th>
                <th scope="col">中标</th>
                <th scope="col">中标金额</th>
              </tr>
            </thead>
            <tbody>
              {company.years.map((y) => (
                <tr key={y.year}>
                  <th scope="row">{y.year}</th>
                  <td>{y.tenders}</td>
                  <td>{y.wins}</td>
                  <td>{winAmountOf(y)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="m-muted">暂无招标或中标记录</p>
        )}
      </section>

      <section className="m-card" aria-labelledby="m-company-shares">
        <h2 id="m-company-shares">地区与行业</h2>
        <MobileFields
          fields={[
            { label: '地区', value: company.regions.map((r) => `${regionName(regions, r.code)} ${r.count} 条`).join('、') },
            { label: '行业', value: company.industries.map((r) => `${dictLabel(industries, r.code)} ${r.count} 条`).join('、') },
          ]}
        />
      </section>

      <Notices title="最近招标" items={company.latestTenders} type="zb" empty="暂无作为招标人的公告" />
      <Notices title="最近中标" items={company.latestWins} type="zb" empty="暂无中标记录" />
      {company.latestCandidacies?.length ? <Notices title="投标/入围" items={company.latestCandidacies} type="zb" empty="" /> : null}
      {company.latestProjects.length > 0 ? <Notices title="建设项目" items={company.latestProjects} type="xmk" empty="" /> : null}
      <Relations title="常中标单位" items={company.topWinners} unit="次中标" amounts />
      <Relations title="主要竞争对手" items={company.competitors} unit="次同场竞争" amounts={false} />
      {company.contact ? (
        <section className="m-card" aria-labelledby="m-company-contact">
          <h2 id="m-company-contact">最近招标联系人</h2>
          <MobileFields fields={contactFields} />
          {company.contact.contactMasked ? (
            <p className="m-muted">
              联系方式已隐藏，<RouteLink to={MOBILE_PATHS.vip}>开通会员</RouteLink>或在招标详情中查看。
            </p>
          ) : null}
        </section>
      ) : null}
    </article>
  );
}
