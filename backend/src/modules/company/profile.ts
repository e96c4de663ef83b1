/**
 * Company search and profile (issue 15). Everything is read through company_role's two indexes —
 * by company for a profile, by notice for relations — and the counters maintain.ts keeps, so the
 * cost follows one company's notices, not the table's size (docs/performance.md "Companies"). A
 * role implies its table (owner: xmk, the rest: zb), so the by-company reads never name `kind`: a
 * `kind = 'zb'` term lets SQLite prefer the by-notice key and scan every tender's roles.
 */
import type {
  CompanyListItem,
  CompanyNoticeLink,
  CompanyProfile,
  CompanyRelation,
  CompanyRole,
  CompanyRoleCount,
  CompanyShare,
  CompanyYear,
} from '@shared/company/types';
import { COMPANY_ROLES } from '@shared/company/types';
import type { TableDataInfo } from '@shared/contract/common';
import type { Statements } from '../../db/connection';
import { pagedTable } from '../../db/paging';
import { notFound } from '../../envelope';
import { isCityCode } from '@shared/system/regions';
import { shownContact, type ContactAccessKind } from '../content/contact-mask';
import { CANDIDATE_NOTICE } from './maintain';
import { companyKey } from './names';

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

function roleCounts(sql: Statements, id: number): CompanyRoleCount[] {
  const rows = sql
    .get<[number], { role: CompanyRole; count: number }>(
      'SELECT role, sum(n) AS count FROM company_area WHERE company_id = ? GROUP BY role HAVING sum(n) > 0',
    )
    .all(id);
  return rows.sort((a, b) => COMPANY_ROLES.indexOf(a.role) - COMPANY_ROLES.indexOf(b.role));
}

function mainCity(sql: Statements, id: number): string | null {
  const row = sql
    .get<[number], { city: string }>(
      `SELECT substr(area_code, 1, 4) || '00' AS city FROM company_area WHERE company_id = ? AND n > 0
       GROUP BY city ORDER BY sum(n) DESC, city LIMIT 1`,
    )
    .get(id);
  return row?.city ?? null;
}

const listItem = (sql: Statements, row: { id: number; name: string }): CompanyListItem => ({
  id: row.id,
  name: row.name,
  roles: roleCounts(sql, row.id),
  mainCityCode: mainCity(sql, row.id),
});

/** Search: name (any part, width and spaces ignored), region (a city or county), role; most notices first. */
export function searchCompanies(sql: Statements, q: CompanyQuery): TableDataInfo<CompanyListItem> {
  const where = ['c.notices > 0'];
  const params: (string | number)[] = [];
  const key = companyKey(q.name);
  if (key) {
    where.push('instr(c.name_key, ?) > 0');
    params.push(key);
  }
  if (q.areaCode || q.role) {
    const inner = ['a.company_id = c.id', 'a.n > 0'];
    if (q.role) {
      inner.push('a.role = ?');
      params.push(q.role);
    }
    if (q.areaCode && isCityCode(q.areaCode)) {
      inner.push('substr(a.area_code, 1, 4) = ?');
      params.push(q.areaCode.slice(0, 4));
    } else if (q.areaCode) {
      inner.push('a.area_code = ?');
      params.push(q.areaCode);
    }
    where.push(`EXISTS (SELECT 1 FROM company_area a WHERE ${inner.join(' AND ')})`);
  }
  const result = pagedTable<{ id: number; name: string }>(
    sql,
    {
      count: `SELECT count(*) AS n FROM company c WHERE ${where.join(' AND ')}`,
      rows: `SELECT c.id, c.name FROM company c WHERE ${where.join(' AND ')} ORDER BY c.notices DESC, c.id LIMIT ? OFFSET ?`,
      params,
    },
    q,
  );
  return { ...result, rows: result.rows.map((row) => listItem(sql, row)) };
}

/** Per year: notices as 招标人, wins (results naming it), and the 中标金额 on both sides. */
function years(sql: Statements, id: number): CompanyYear[] {
  const rows = sql
    .get<[string, number], { year: number; role: CompanyRole; count: number; amount: number }>(
      `SELECT CAST(substr(z.publish_time, 1, 4) AS INTEGER) AS year, r.role, count(*) AS count,
         coalesce(sum(CASE WHEN z.notice_type <> ? THEN z.win_amount END), 0) AS amount
       FROM company_role r JOIN zb z ON z.id = r.data_id
       WHERE r.company_id = ? AND r.role IN ('tenderer', 'winner')
       GROUP BY year, r.role ORDER BY year`,
    )
    .all(CANDIDATE_NOTICE, id);
  const byYear = new Map<number, CompanyYear>();
  for (const row of rows) {
    const y = byYear.get(row.year) ?? { year: row.year, tenders: 0, wins: 0, winAmount: 0, awardedAmount: 0 };
    if (row.role === 'tenderer') {
      y.tenders = row.count;
      y.awardedAmount = round2(row.amount);
    } else {
      y.wins = row.count;
      y.winAmount = round2(row.amount);
    }
    byYear.set(row.year, y);
  }
  return [...byYear.values()];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function shares(sql: Statements, id: number, column: 'area_code' | 'industry'): CompanyShare[] {
  if (column === 'area_code') {
    return sql
      .get<[number, number], CompanyShare>(
        `SELECT area_code AS code, sum(n) AS count FROM company_area WHERE company_id = ? AND n > 0
         GROUP BY area_code ORDER BY count DESC, code LIMIT ?`,
      )
      .all(id, SHARES);
  }
  return sql
    .get<[number, number, number], CompanyShare>(
      `SELECT code, count(*) AS count FROM (
         SELECT z.industry AS code FROM company_role r JOIN zb z ON z.id = r.data_id
         WHERE r.company_id = ? AND r.role IN ('tenderer', 'agency', 'winner', 'candidate')
         UNION ALL
         SELECT x.industry FROM company_role r JOIN xmk x ON x.id = r.data_id WHERE r.company_id = ? AND r.role = 'owner')
       GROUP BY code ORDER BY count DESC, code LIMIT ?`,
    )
    .all(id, id, SHARES);
}

function latest(sql: Statements, id: number, role: CompanyRole): CompanyNoticeLink[] {
  return sql
    .get<[number, string, number], CompanyNoticeLink>(
      `SELECT z.id, z.title, z.publish_time AS publishTime, z.notice_type AS noticeType, z.area_code AS areaCode,
         coalesce(z.win_amount, z.amount) AS amount
       FROM company_role r JOIN zb z ON z.id = r.data_id
       WHERE r.company_id = ? AND r.role = ? ORDER BY r.data_id DESC LIMIT ?`,
    )
    .all(id, role, LATEST);
}

function latestProjects(sql: Statements, id: number): CompanyProfile['latestProjects'] {
  return sql
    .get<[number, number], CompanyProfile['latestProjects'][number]>(
      `SELECT x.id, x.title, x.publish_time AS publishTime, x.area_code AS areaCode, x.investment AS amount
       FROM company_role r JOIN xmk x ON x.id = r.data_id
       WHERE r.company_id = ? AND r.role = 'owner' ORDER BY r.data_id DESC LIMIT ?`,
    )
    .all(id, LATEST);
}

/**
 * Who wins this tenderer's tenders most often: results naming it as 招标人, grouped by 中标人.
 * CROSS JOIN keeps the company's own rows as the outer loop (SQLite's planner otherwise starts
 * from the by-notice key and reads every tender's roles).
 */
function topWinners(sql: Statements, id: number): CompanyRelation[] {
  return sql
    .get<[number, number], CompanyRelation>(
      `SELECT c.id, c.name, count(*) AS count, round(coalesce(sum(z.win_amount), 0), 2) AS amount
       FROM company_role t
       CROSS JOIN company_role w ON w.kind = 'zb' AND w.data_id = t.data_id AND w.role = 'winner'
       JOIN company c ON c.id = w.company_id
       JOIN zb z ON z.id = t.data_id
       WHERE t.company_id = ? AND t.role = 'tenderer' AND w.company_id <> t.company_id
       GROUP BY c.id ORDER BY count DESC, amount DESC, c.id LIMIT ?`,
    )
    .all(id, RELATIONS);
}

/** The companies named beside it among the 中标候选人 of the same notices. */
function competitors(sql: Statements, id: number): CompanyRelation[] {
  return sql
    .get<[number, number], CompanyRelation>(
      `SELECT c.id, c.name, count(*) AS count, 0 AS amount
       FROM company_role me
       CROSS JOIN company_role o ON o.kind = 'zb' AND o.data_id = me.data_id AND o.role = 'candidate' AND o.company_id <> me.company_id
       JOIN company c ON c.id = o.company_id
       WHERE me.company_id = ? AND me.role = 'candidate'
       GROUP BY c.id ORDER BY count DESC, c.id LIMIT ?`,
    )
    .all(id, RELATIONS);
}

/** How this caller may see the contact of tender `zbId` (the rule of content/details.ts). */
export type ContactViewer = (zbId: number) => ContactAccessKind;

function contactOf(sql: Statements, id: number, viewer: ContactViewer): CompanyProfile['contact'] {
  const row = sql
    .get<[number], { id: number; company: string; contact: string; phone: string; address: string }>(
      `SELECT z.id, z.contact_company AS company, z.contact_name AS contact, z.contact_phone AS phone, z.contact_address AS address
       FROM company_role r JOIN zb z ON z.id = r.data_id
       WHERE r.company_id = ? AND r.role = 'tenderer' ORDER BY r.data_id DESC LIMIT 1`,
    )
    .get(id);
  if (!row) return null;
  const { id: zbId, ...contact } = row;
  const shown = shownContact(viewer(zbId), contact);
  return { ...shown.contact, contactMasked: shown.masked };
}

export function companyProfile(sql: Statements, id: number, viewer: ContactViewer): CompanyProfile {
  const row = sql.get<[number], { id: number; name: string }>('SELECT id, name FROM company WHERE id = ?').get(id);
  if (!row) throw notFound(MSG_COMPANY_NOT_FOUND);
  return {
    ...listItem(sql, row),
    years: years(sql, id),
    regions: shares(sql, id, 'area_code'),
    industries: shares(sql, id, 'industry'),
    latestTenders: latest(sql, id, 'tenderer'),
    latestWins: latest(sql, id, 'winner'),
    latestProjects: latestProjects(sql, id),
    topWinners: topWinners(sql, id),
    competitors: competitors(sql, id),
    contact: contactOf(sql, id, viewer),
  };
}
