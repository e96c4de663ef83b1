/**
 * /company/{id} 企业详情: a company seen in the notices — its roles, counts and amounts
 * by year (chart, table fallback), regions and industries, latest tenders, wins and projects, who
 * wins its tenders and whom it competes with. An unknown id is the backend's 404 (the 404 page).
 */
import { Fragment } from 'react';
import { useParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import type { ContentType } from '@shared/contract/common';
import { detailPath } from '@shared/content/paths';
import { COMPANY_ROLE_LABELS, type CompanyNoticeLink, type CompanyProfile, type CompanyRelation } from '@shared/company/types';
import { DICT_TYPES } from '@shared/system/types';
import { formatWan } from '@shared/format';
import { parsePositiveId } from '@shared/routes';
import { parseTime } from '@shared/time';
import { Breadcrumb } from '../../../components/breadcrumb';
import { companyPath } from '@shared/company/paths';
import { DetailFigures, requireId } from '../../../components/detail-parts';
import { DictLabel, DictTag, useDict } from '../../../components/dict-label';
import { JsonLd, useBreadcrumbLd, type Crumb } from '../../../components/json-ld';
import { PageHead } from '../../../components/page-head';
import { regionName } from '../../../lib/region';
import type { PageLoadArgs } from '../../../lib/page';
import { absoluteUrl, usePortalSettings } from '../../../lib/portal-settings';
import { CompanyChart } from '../components/company-chart';
import { PART_LABELS, loadCompanyPage, noticeLinkAmount, useCompanyProfile, useCompanySummary } from '../company-page-data';

/**
 * Under a masked contact: where the full contacts come from. 会员服务 (/goods) is served against
 * every backend: the orders of the extensions, else the tiers with the service contact.
 */
export function MaskedContactNote() {
  return (
    <p className="muted company-contact-note">
      联系方式已隐藏，<RouteLink to="/goods">开通会员</RouteLink>或在招标详情中查看。
    </p>
  );
}

export async function load({ deps, id }: PageLoadArgs) {
  await loadCompanyPage(deps, requireId(id));
}

function NoticeList({
  title,
  items,
  type,
  empty,
}: {
  title: string;
  items: readonly CompanyNoticeLink[] | CompanyProfile['latestProjects'];
  type: ContentType;
  empty: string;
}) {
  const regions = useDict(DICT_TYPES.region);
  const id = `company-${type}-${title}`;
  return (
    <section className="detail-card" aria-labelledby={id}>
      <h2 id={id} className="detail-card-title">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="company-notices">
          {items.map((n) => (
            <li key={n.id}>
              {'noticeType' in n ? <DictTag type={DICT_TYPES.zbNoticeType} value={n.noticeType} /> : null}
              {'part' in n && n.part ? <span className="tag tag-plain">{PART_LABELS[n.part]}</span> : null}
              <RouteLink to={detailPath(type, n.id)}>{n.title}</RouteLink>
              <span className="muted">
                {regionName(regions, n.areaCode)} · {noticeLinkAmount(n)} ·{' '}
                <time dateTime={n.publishTime}>{parseTime(n.publishTime, 'YYYY-MM-DD')}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Relations({ title, items, unit, amounts }: { title: string; items: readonly CompanyRelation[]; unit: string; amounts: boolean }) {
  if (items.length === 0) return null;
  const id = `company-rel-${unit}`;
  return (
    <section className="aside-card" aria-labelledby={id}>
      <h2 id={id} className="aside-title">
        {title}
      </h2>
      <ol className="company-relations">
        {items.map((r) => (
          <li key={r.id}>
            <RouteLink to={companyPath(r.id)}>{r.name}</RouteLink>
            <span className="muted">
              {r.count} {unit}
              {amounts ? ` · ${formatWan(r.amount)}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function Component() {
  const id = parsePositiveId(useParams().id) ?? 0;
  const company = useCompanyProfile(id);
  const regions = useDict(DICT_TYPES.region);
  const settings = usePortalSettings();
  const path = companyPath(company.id);
  const crumbs: Crumb[] = [{ name: '首页', path: '/' }, { name: '企业查询', path: '/company' }, { name: company.name }];
  const breadcrumbLd = useBreadcrumbLd(crumbs, path);
  const { city, description, figures, contactFields } = useCompanySummary(company);

  return (
    <div className="detail-page company-page">
      <PageHead title={company.name} description={description} canonical={path} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: company.name,
          url: absoluteUrl(settings, path),
          description,
          ...(city ? { address: { '@type': 'PostalAddress', addressRegion: '山东省', addressLocality: city.replace(/\s.*/, '') } } : {}),
        }}
      />
      <JsonLd data={breadcrumbLd} />
      <Breadcrumb crumbs={crumbs} />
      <div className="detail-layout">
        <article className="detail-main">
          <header className="detail-card detail-header">
            <div className="detail-tags">
              {company.roles.map((r) => (
                <span key={r.role} className="tag tag-primary">
                  {COMPANY_ROLE_LABELS[r.role]} {r.count}
                </span>
              ))}
              {city ? <span className="tag tag-plain">{city}</span> : null}
            </div>
            <h1 className="detail-title">{company.name}</h1>
            <DetailFigures figures={figures} />
          </header>

          <section className="detail-card" aria-labelledby="company-years-title">
            <h2 id="company-years-title" className="detail-card-title">
              历年招标与中标
            </h2>
            {company.years.length > 0 ? <CompanyChart years={company.years} /> : <p className="muted">暂无招标或中标记录</p>}
          </section>

          <section className="detail-card" aria-labelledby="company-shares-title">
            <h2 id="company-shares-title" className="detail-card-title">
              地区与行业
            </h2>
            <div className="company-shares">
              <ul aria-label="地区分布">
                {company.regions.map((r) => (
                  <li key={r.code}>
                    <span>{regionName(regions, r.code)}</span>
                    <span className="muted">{r.count} 条</span>
                  </li>
                ))}
              </ul>
              <ul aria-label="行业分布">
                {company.industries.map((r) => (
                  <li key={r.code}>
                    <DictLabel type={DICT_TYPES.industry} value={r.code} />
                    <span className="muted">{r.count} 条</span>
                  </li>
                ))}
              </ul>
            </div>
          </section>

          <NoticeList title="最近招标" items={company.latestTenders} type="zb" empty="暂无作为招标人的公告" />
          <NoticeList title="最近中标" items={company.latestWins} type="zb" empty="暂无中标记录" />
          {company.latestCandidacies?.length ? <NoticeList title="投标/入围" items={company.latestCandidacies} type="zb" empty="" /> : null}
          {company.latestProjects.length > 0 ? <NoticeList title="建设项目" items={company.latestProjects} type="xmk" empty="" /> : null}
        </article>
        <aside className="detail-aside">
          <Relations title="常中标单位" items={company.topWinners} unit="次中标" amounts />
          <Relations title="主要竞争对手" items={company.competitors} unit="次同场竞争" amounts={false} />
          {company.contact ? (
            <section className="aside-card" aria-labelledby="company-contact-title">
              <h2 id="company-contact-title" className="aside-title">
                最近招标联系人
              </h2>
              <dl className="company-contact">
                {contactFields.map((f) => (
                  <Fragment key={f.label}>
                    <dt>{f.label}</dt>
                    <dd>{f.value}</dd>
                  </Fragment>
                ))}
              </dl>
              {company.contact.contactMasked ? <MaskedContactNote /> : null}
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
