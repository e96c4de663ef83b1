/**
 * Companies' SQL, read through company_role's two indexes — by company for a profile, by notice for
 * relations — and the counters maintain.ts keeps. A role implies its table (owner: xmk, the rest:
 * zb), so the by-company reads never name `kind`: a `kind = 'zb'` term lets SQLite prefer the
 * by-notice key and scan every tender's roles.
 */
import type {
  CompanyNoticeLink,
  CompanyProfile,
  CompanyRelation,
  CompanyRole,
  CompanyRoleCount,
  CompanyShare,
} from '@shared/company/types';
import { Query, type Params, type Statements } from '../../db/connection';
import type { PagedQuery } from '../../db/paging';

type ById = { id: number };
type Limited = ById & { limit: number };

/** A company's part in a consortium (联合体) a role came with: lead, member, or '' for a firm alone. */
export type CompanyPart = '' | 'lead' | 'member';

// ---- search and profile (profile.ts) -------------------------------------------------------------

export interface CompanyFilter {
  /** normalised name key (names.ts companyKey), matched anywhere */
  key?: string;
  /** a city's first four digits, or a county's code */
  cityPrefix?: string;
  areaCode?: string;
  role?: CompanyRole;
}

/** Companies with notices, most notices first. */
export function companyList(f: CompanyFilter): PagedQuery {
  const where = ['c.notices > 0'];
  const params: Params = {};
  if (f.key) {
    where.push('instr(c.name_key, @key) > 0');
    params['key'] = f.key;
  }
  if (f.cityPrefix || f.areaCode || f.role) {
    const inner = ['a.company_id = c.id', 'a.n > 0'];
    if (f.role) {
      inner.push('a.role = @role');
      params['role'] = f.role;
    }
    if (f.cityPrefix) {
      inner.push('substr(a.area_code, 1, 4) = @cityPrefix');
      params['cityPrefix'] = f.cityPrefix;
    } else if (f.areaCode) {
      inner.push('a.area_code = @areaCode');
      params['areaCode'] = f.areaCode;
    }
    where.push(`EXISTS (SELECT 1 FROM company_area a WHERE ${inner.join(' AND ')})`);
  }
  return {
    count: `SELECT count(*) AS n FROM company c WHERE ${where.join(' AND ')}`,
    rows: `SELECT c.id, c.name FROM company c WHERE ${where.join(' AND ')} ORDER BY c.notices DESC, c.id LIMIT @pageSize OFFSET @offset`,
    params,
  };
}

export const company = new Query<ById, { id: number; name: string }>('SELECT id, name FROM company WHERE id = @id');

export const roleCounts = new Query<ById, CompanyRoleCount>(
  'SELECT role, sum(n) AS count FROM company_area WHERE company_id = @id GROUP BY role HAVING sum(n) > 0',
);

/** The city most of the company's notices are in. */
export const mainCity = new Query<ById, { city: string }>(
  `SELECT substr(area_code, 1, 4) || '00' AS city FROM company_area WHERE company_id = @id AND n > 0
   GROUP BY city ORDER BY sum(n) DESC, city LIMIT 1`,
);

/**
 * Per year and role (tenderer, winner): notices, the 中标金额 of the current 中标结果 among them (a
 * 合同公告 repeats an award, a superseded result was re-issued: neither counts again), and how many
 * wins state no sum of money (a rate or formula award: left out of the sum, never counted as 0).
 */
export const yearRows = new Query<
  ById & { resultType: string },
  { year: number; role: CompanyRole; count: number; amount: number; unpriced: number }
>(
  `SELECT CAST(substr(z.publish_time, 1, 4) AS INTEGER) AS year, r.role, count(*) AS count,
     coalesce(sum(CASE WHEN z.notice_type = @resultType AND NOT EXISTS (
       SELECT 1 FROM zb l WHERE l.process_code = z.process_code AND l.notice_type = @resultType
         AND (l.publish_time > z.publish_time OR (l.publish_time = z.publish_time AND l.id > z.id)))
       THEN z.win_amount END), 0) AS amount,
     sum(CASE WHEN r.role = 'winner' AND z.win_amount IS NULL THEN 1 ELSE 0 END) AS unpriced
   FROM company_role r JOIN zb z ON z.id = r.data_id
   WHERE r.company_id = @id AND r.role IN ('tenderer', 'winner')
   GROUP BY year, r.role ORDER BY year`,
);

export const regionShares = new Query<Limited, CompanyShare>(
  `SELECT area_code AS code, sum(n) AS count FROM company_area WHERE company_id = @id AND n > 0
   GROUP BY area_code ORDER BY count DESC, code LIMIT @limit`,
);

export const industryShares = new Query<Limited, CompanyShare>(
  `SELECT code, count(*) AS count FROM (
     SELECT z.industry AS code FROM company_role r JOIN zb z ON z.id = r.data_id
     WHERE r.company_id = @id AND r.role IN ('tenderer', 'agency', 'winner', 'candidate')
     UNION ALL
     SELECT x.industry FROM company_role r JOIN xmk x ON x.id = r.data_id WHERE r.company_id = @id AND r.role = 'owner')
   GROUP BY code ORDER BY count DESC, code LIMIT @limit`,
);

/**
 * The company's newest tenders in a role, by publish order: its notices' keys (zb_order) sorted,
 * then only those rows read. `amount`: an award's sum (null for a rate or formula award, whose words
 * are `amountText`), else the budget; `part`: its place in a consortium.
 */
export const latestTenders = new Query<Limited & { role: CompanyRole }, CompanyNoticeLink>(
  `SELECT z.id, z.title, z.publish_time AS publishTime, z.notice_type AS noticeType, z.area_code AS areaCode,
     CASE WHEN z.win_amount IS NOT NULL OR z.win_amount_text IS NOT NULL THEN z.win_amount ELSE z.amount END AS amount,
     z.win_amount_text AS amountText, nullif(n.part, '') AS part
   FROM (SELECT o.id, o.seq, r.part FROM company_role r CROSS JOIN zb_order o ON o.id = r.data_id
         WHERE r.company_id = @id AND r.role = @role ORDER BY o.seq DESC LIMIT @limit) n
   CROSS JOIN zb z ON z.id = n.id ORDER BY n.seq DESC`,
);

/** The company's newest candidacies (投标/入围) by publish order, each with its own bid from the notice's candidates table. */
export const latestCandidacies = new Query<Limited, CompanyNoticeLink>(
  `SELECT z.id, z.title, z.publish_time AS publishTime, z.notice_type AS noticeType, z.area_code AS areaCode,
     json_extract(z.candidates, '$[' || (n.entry - 1) || '].price') AS amount,
     json_extract(z.candidates, '$[' || (n.entry - 1) || '].priceText') AS amountText, nullif(n.part, '') AS part
   FROM (SELECT o.id, o.seq, r.part, r.entry FROM company_role r CROSS JOIN zb_order o ON o.id = r.data_id
         WHERE r.company_id = @id AND r.role = 'candidate' ORDER BY o.seq DESC LIMIT @limit) n
   CROSS JOIN zb z ON z.id = n.id ORDER BY n.seq DESC`,
);

export const latestProjects = new Query<Limited, CompanyProfile['latestProjects'][number]>(
  `SELECT x.id, x.title, x.publish_time AS publishTime, x.area_code AS areaCode, x.investment AS amount
   FROM (SELECT o.id, o.seq FROM company_role r CROSS JOIN xmk_order o ON o.id = r.data_id
         WHERE r.company_id = @id AND r.role = 'owner' ORDER BY o.seq DESC LIMIT @limit) n
   CROSS JOIN xmk x ON x.id = n.id ORDER BY n.seq DESC`,
);

/**
 * Who wins this tenderer's tenders most often: results naming it as 招标人, grouped by 中标人.
 * CROSS JOIN keeps the company's own rows as the outer loop (SQLite's planner otherwise starts
 * from the by-notice key and reads every tender's roles).
 */
export const topWinners = new Query<Limited, CompanyRelation>(
  `SELECT c.id, c.name, count(*) AS count, round(coalesce(sum(z.win_amount), 0), 2) AS amount
   FROM company_role t
   CROSS JOIN company_role w ON w.kind = 'zb' AND w.data_id = t.data_id AND w.role = 'winner'
   JOIN company c ON c.id = w.company_id
   JOIN zb z ON z.id = t.data_id
   WHERE t.company_id = @id AND t.role = 'tenderer' AND w.company_id <> t.company_id
   GROUP BY c.id ORDER BY count DESC, amount DESC, c.id LIMIT @limit`,
);

/** The companies named beside it among the 中标候选人 of the same notices (its consortium partners are not). */
export const competitors = new Query<Limited, CompanyRelation>(
  `SELECT c.id, c.name, count(*) AS count, 0 AS amount
   FROM company_role me
   CROSS JOIN company_role o ON o.kind = 'zb' AND o.data_id = me.data_id AND o.role = 'candidate' AND o.company_id <> me.company_id
     AND o.entry <> me.entry
   JOIN company c ON c.id = o.company_id
   WHERE me.company_id = @id AND me.role = 'candidate'
   GROUP BY c.id ORDER BY count DESC, c.id LIMIT @limit`,
);

/** The contact block of the company's newest tender as 招标人, with that tender's id. */
export const latestTendererContact = new Query<ById, { id: number; company: string; contact: string; phone: string; address: string }>(
  `SELECT z.id, z.contact_company AS company, z.contact_name AS contact, z.contact_phone AS phone, z.contact_address AS address
   FROM (SELECT o.id, o.seq FROM company_role r CROSS JOIN zb_order o ON o.id = r.data_id
         WHERE r.company_id = @id AND r.role = 'tenderer' ORDER BY o.seq DESC LIMIT 1) n
   CROSS JOIN zb z ON z.id = n.id ORDER BY n.seq DESC`,
);

/** The ids of the companies with these name keys (a JSON array). */
export const companiesByKey = new Query<{ keys: string }, { id: number; key: string }>(
  'SELECT id, name_key AS key FROM company WHERE name_key IN (SELECT value FROM json_each(@keys))',
);

// ---- keeping the companies (maintain.ts) ---------------------------------------------------------

/** The writer's statements: one writer serves a transaction of the seeder or one import. */
export function companyStatements(sql: Statements) {
  return {
    byKey: sql.get<{ key: string }, { id: number }>('SELECT id FROM company WHERE name_key = @key'),
    insertCompany: sql.get<{ name: string; key: string }, { id: number }>(
      'INSERT INTO company (name, name_key) VALUES (@name, @key) RETURNING id',
    ),
    oldRoles: sql.get<
      { kind: string; id: number },
      { role: CompanyRole; companyId: number; areaCode: string; part: CompanyPart; entry: number }
    >('SELECT role, company_id AS companyId, area_code AS areaCode, part, entry FROM company_role WHERE kind = @kind AND data_id = @id'),
    deleteRoles: sql.get<{ kind: string; id: number }>('DELETE FROM company_role WHERE kind = @kind AND data_id = @id'),
    insertRole: sql.get<{ kind: string; id: number; role: string; companyId: number; areaCode: string; part: CompanyPart; entry: number }>(
      `INSERT INTO company_role (kind, data_id, role, company_id, area_code, part, entry)
       VALUES (@kind, @id, @role, @companyId, @areaCode, @part, @entry)`,
    ),
    // A 中标结果 of the same process published later (ties by id): this one is superseded.
    laterResult: sql.get<{ processCode: string; publishTime: string; id: number; resultType: string }, { id: number }>(
      `SELECT id FROM zb WHERE process_code = @processCode AND notice_type = @resultType
         AND (publish_time > @publishTime OR (publish_time = @publishTime AND id > @id)) LIMIT 1`,
    ),
    // The other 中标结果 of a process, with what credits their companies.
    processResults: sql.get<{ processCode: string; exceptId: number; resultType: string }, NoticeCompanyRow>(
      `SELECT ${ZB_COMPANY_COLUMNS} FROM zb WHERE process_code = @processCode AND notice_type = @resultType AND id <> @exceptId`,
    ),
    countNotice: sql.get<{ change: number; companyId: number }>('UPDATE company SET notices = notices + @change WHERE id = @companyId'),
    countArea: sql.get<{ companyId: number; role: string; areaCode: string; change: number }>(
      `INSERT INTO company_area (company_id, role, area_code, n) VALUES (@companyId, @role, @areaCode, @change)
       ON CONFLICT (company_id, role, area_code) DO UPDATE SET n = n + excluded.n`,
    ),
  };
}

/** What names companies in a stored zb row (maintain.ts `companySourceOfRow`). */
const ZB_COMPANY_COLUMNS = `'zb' AS kind, id, area_code AS areaCode, tenderer, agency, winner, notice_type AS noticeType, content,
  process_code AS processCode, publish_time AS publishTime, candidates`;

/** The fields of a stored notice that name companies. For a project, `tenderer` is its 建设单位. */
export interface NoticeCompanyRow {
  kind: 'zb' | 'xmk';
  id: number;
  areaCode: string;
  tenderer: string;
  agency: string;
  /** 中标人 as written (a consortium's members are credited each) */
  winner: string | null;
  noticeType: string;
  content: string;
  /** zb: its process and publish time decide whether a 中标结果 is the process's current one */
  processCode: string | null;
  publishTime: string;
  /** JSON of the candidates table */
  candidates: string | null;
}

/** What names companies in a stored notice, a batch after id `after` (the backfill of an existing database). */
export function noticeCompanySources(sql: Statements, kind: 'zb' | 'xmk', after: number, limit: number): NoticeCompanyRow[] {
  const text =
    kind === 'zb'
      ? `SELECT ${ZB_COMPANY_COLUMNS} FROM zb WHERE id > @after ORDER BY id LIMIT @limit`
      : `SELECT 'xmk' AS kind, id, area_code AS areaCode, owner AS tenderer, '' AS agency, NULL AS winner, stage AS noticeType,
           '' AS content, NULL AS processCode, publish_time AS publishTime, NULL AS candidates
         FROM xmk WHERE id > @after ORDER BY id LIMIT @limit`;
  return sql.get<{ after: number; limit: number }, NoticeCompanyRow>(text).all({ after, limit });
}
