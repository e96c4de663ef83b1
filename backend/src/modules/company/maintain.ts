/**
 * Keeping the companies right (issue 15): every path that writes a notice — the seeder and the demo
 * top-up (db/seed/content-writer.ts) and the import (content/import.ts, so the demo feed and staff
 * edits too) — hands it to `companyWriter().write`, which replaces the roles that notice gives its
 * companies and the counters the search reads (company.notices, company_area). Companies are never
 * deleted: a page once linked keeps answering, and the search hides companies left with no notice.
 */
import type { CompanyRole } from '@shared/company/types';
import type { Db } from '../../db/connection';
import { candidatesIn, COMPANY_NAME_MAX, companyKey, displayName } from './names';

/** The fields of a notice that name companies. For a project, `tenderer` is its 建设单位. */
export interface CompanySource {
  kind: 'xmk' | 'zb';
  id: number;
  areaCode: string;
  tenderer: string;
  agency: string;
  winner: string | null;
  noticeType: string;
  content: string;
}

/** 中标候选人公示: its winner field is the first candidate, not a win (docs/decisions.md). */
export const CANDIDATE_NOTICE = '4';

/** The (role, name) pairs a notice gives, one per company and role. */
export function rolesOf(source: CompanySource): [CompanyRole, string][] {
  const pairs: [CompanyRole, string][] = [];
  const seen = new Set<string>();
  const add = (role: CompanyRole, name: string | null) => {
    const key = companyKey(name);
    if (key === '' || Array.from(name!).length > COMPANY_NAME_MAX || seen.has(`${role}:${key}`)) return;
    seen.add(`${role}:${key}`);
    pairs.push([role, name!]);
  };
  if (source.kind === 'xmk') {
    add('owner', source.tenderer);
    return pairs;
  }
  add('tenderer', source.tenderer);
  add('agency', source.agency);
  if (source.noticeType === CANDIDATE_NOTICE) {
    add('candidate', source.winner);
    for (const name of candidatesIn(source.content)) add('candidate', name);
  } else {
    add('winner', source.winner);
  }
  return pairs;
}

export interface CompanyWriter {
  /** Replace the roles of one notice; `fresh`: a notice just inserted (nothing to remove first). */
  write(source: CompanySource, fresh?: boolean): void;
  /** The company of a name, if one exists. */
  idOf(name: string | null | undefined): number | undefined;
}

export function companyWriter(db: Db): CompanyWriter {
  const byKey = db.prepare<[string], { id: number }>('SELECT id FROM company WHERE name_key = ?');
  const insertCompany = db.prepare<[string, string], { id: number }>('INSERT INTO company (name, name_key) VALUES (?, ?) RETURNING id');
  const oldRoles = db.prepare<[string, number], { role: CompanyRole; companyId: number; areaCode: string }>(
    'SELECT role, company_id AS companyId, area_code AS areaCode FROM company_role WHERE kind = ? AND data_id = ?',
  );
  const deleteRoles = db.prepare<[string, number]>('DELETE FROM company_role WHERE kind = ? AND data_id = ?');
  const insertRole = db.prepare<[string, number, string, number, string]>(
    'INSERT INTO company_role (kind, data_id, role, company_id, area_code) VALUES (?, ?, ?, ?, ?)',
  );
  const countNotice = db.prepare<[number, number]>('UPDATE company SET notices = notices + ? WHERE id = ?');
  const countArea = db.prepare<[number, string, string, number]>(
    `INSERT INTO company_area (company_id, role, area_code, n) VALUES (?, ?, ?, ?)
     ON CONFLICT (company_id, role, area_code) DO UPDATE SET n = n + excluded.n`,
  );
  // Within one writer (one transaction of the seeder or one import), names repeat a lot.
  const cache = new Map<string, number>();

  const idOf = (name: string | null | undefined) => {
    const key = companyKey(name);
    if (key === '') return undefined;
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const id = byKey.get(key)?.id;
    if (id !== undefined) cache.set(key, id);
    return id;
  };

  const ensure = (name: string) => {
    const known = idOf(name);
    if (known !== undefined) return known;
    const id = insertCompany.get(displayName(name), companyKey(name))!.id;
    cache.set(companyKey(name), id);
    return id;
  };

  return {
    idOf,
    write(source, fresh = false) {
      const roles = rolesOf(source).map(([role, name]) => ({ role, companyId: ensure(name) }));
      if (!fresh) {
        const old = oldRoles.all(source.kind, source.id);
        const same =
          old.length === roles.length &&
          old.every((o) => o.areaCode === source.areaCode && roles.some((r) => r.role === o.role && r.companyId === o.companyId));
        if (same) return;
        for (const o of old) {
          countNotice.run(-1, o.companyId);
          countArea.run(o.companyId, o.role, o.areaCode, -1);
        }
        if (old.length > 0) deleteRoles.run(source.kind, source.id);
      }
      for (const { role, companyId } of roles) {
        insertRole.run(source.kind, source.id, role, companyId, source.areaCode);
        countNotice.run(1, companyId);
        countArea.run(companyId, role, source.areaCode, 1);
      }
    },
  };
}

/** The companies of every notice already stored (the migration for an existing database). */
export function backfillCompanies(db: Db): void {
  const writer = companyWriter(db);
  const zb = db.prepare<[number], CompanySource>(
    `SELECT 'zb' AS kind, id, area_code AS areaCode, tenderer, agency, winner, notice_type AS noticeType, content
     FROM zb WHERE id > ? ORDER BY id LIMIT 10000`,
  );
  const xmk = db.prepare<[number], CompanySource>(
    `SELECT 'xmk' AS kind, id, area_code AS areaCode, owner AS tenderer, '' AS agency, NULL AS winner, stage AS noticeType, '' AS content
     FROM xmk WHERE id > ? ORDER BY id LIMIT 10000`,
  );
  for (const statement of [zb, xmk]) {
    for (let last = 0; ;) {
      const rows = statement.all(last);
      if (rows.length === 0) break;
      for (const row of rows) writer.write(row, true);
      last = rows.at(-1)!.id;
    }
  }
}
