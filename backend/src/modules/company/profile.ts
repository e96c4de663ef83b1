/**
 * Company search and profile. Everything is read through company_role's two indexes and the
 * counters maintain.ts keeps (queries.ts), so the cost follows one company's notices, not the
 * table's size (docs/performance.md "Companies").
 */
import type { CompanyListItem, CompanyProfile, CompanyRole, CompanyYear } from '@shared/company/types';
import { COMPANY_ROLES } from '@shared/company/types';
import type { TableDataInfo } from '@shared/contract/common';
import type { Statements } from '../../db/connection';
import { pagedTable } from '../../db/paging';
import { notFound } from '../../envelope';
import { isCityCode } from '@shared/system/regions';
import { shownContact, type ContactAccessKind } from '../content/contact-mask';
import { RESULT_NOTICE } from './maintain';
import { companyKey } from './names';
import * as q from './queries';

export const MSG_COMPANY_NOT_FOUND = '企业不存在';

const LATEST = 10;
const RELATIONS = 10;
const SHARES = 10;

export interface CompanyQuery {
  name?: string;
  areaCode?: string;
  role?: CompanyRole;
  pageNum: number;
  pageSize: number;
}

const listItem = (sql: Statements, row: { id: number; name: string }): CompanyListItem => ({
  id: row.id,
  name: row.name,
  roles: q.roleCounts.all(sql, { id: row.id }).sort((a, b) => COMPANY_ROLES.indexOf(a.role) - COMPANY_ROLES.indexOf(b.role)),
  mainCityCode: q.mainCity.get(sql, { id: row.id })?.city ?? null,
});

/** Search: name (any part, width and spaces ignored), region (a city or county), role; most notices first. */
export function searchCompanies(sql: Statements, query: CompanyQuery): TableDataInfo<CompanyListItem> {
  const filter: q.CompanyFilter = {};
  const key = companyKey(query.name);
  if (key) filter.key = key;
  if (query.role) filter.role = query.role;
  if (query.areaCode && isCityCode(query.areaCode)) filter.cityPrefix = query.areaCode.slice(0, 4);
  else if (query.areaCode) filter.areaCode = query.areaCode;
  const result = pagedTable<{ id: number; name: string }>(sql, q.companyList(filter), query);
  return { ...result, rows: result.rows.map((row) => listItem(sql, row)) };
}

/** Per year: notices as 招标人, wins (current results naming it), and the 中标金额 on both sides. */
function years(sql: Statements, id: number): CompanyYear[] {
  const rows = q.yearRows.all(sql, { id, resultType: RESULT_NOTICE });
  const byYear = new Map<number, CompanyYear>();
  for (const row of rows) {
    const y = byYear.get(row.year) ?? { year: row.year, tenders: 0, wins: 0, winAmount: 0, winsWithoutAmount: 0, awardedAmount: 0 };
    if (row.role === 'tenderer') {
      y.tenders = row.count;
      y.awardedAmount = round2(row.amount);
    } else {
      y.wins = row.count;
      y.winAmount = round2(row.amount);
      y.winsWithoutAmount = row.unpriced;
    }
    byYear.set(row.year, y);
  }
  return [...byYear.values()];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** How this caller may see the contact of tender `zbId` (the rule of content/details.ts). */
export type ContactViewer = (zbId: number) => ContactAccessKind;

function contactOf(sql: Statements, id: number, viewer: ContactViewer): CompanyProfile['contact'] {
  const row = q.latestTendererContact.get(sql, { id });
  if (!row) return null;
  const { id: zbId, ...contact } = row;
  const shown = shownContact(viewer(zbId), contact);
  return { ...shown.contact, contactMasked: shown.masked };
}

export function companyProfile(sql: Statements, id: number, viewer: ContactViewer): CompanyProfile {
  const row = q.company.get(sql, { id });
  if (!row) throw notFound(MSG_COMPANY_NOT_FOUND);
  return {
    ...listItem(sql, row),
    years: years(sql, id),
    regions: q.regionShares.all(sql, { id, limit: SHARES }),
    industries: q.industryShares.all(sql, { id, limit: SHARES }),
    latestTenders: q.latestTenders.all(sql, { id, role: 'tenderer', limit: LATEST }),
    latestWins: q.latestTenders.all(sql, { id, role: 'winner', limit: LATEST }),
    latestCandidacies: q.latestCandidacies.all(sql, { id, limit: LATEST }),
    latestProjects: q.latestProjects.all(sql, { id, limit: LATEST }),
    topWinners: q.topWinners.all(sql, { id, limit: RELATIONS }),
    competitors: q.competitors.all(sql, { id, limit: RELATIONS }),
    contact: contactOf(sql, id, viewer),
  };
}
