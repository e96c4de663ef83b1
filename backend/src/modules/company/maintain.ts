/**
 * Keeping the companies right: every path that writes a notice — the seeder and the demo
 * top-up (seed/content-writer.ts) and the import (content/import.ts, so the demo feed and staff
 * edits too) — hands it to `companyWriter().write`, which replaces the roles that notice gives its
 * companies and the counters the search reads (company.notices, company_area). Companies are never
 * deleted: a page once linked keeps answering, and the search hides companies left with no notice.
 */
import type { CompanyRole } from '@shared/company/types';
import { statementsOf, type Db } from '../../db/connection';
import { candidatesIn, COMPANY_NAME_MAX, companyKey, displayName } from './names';
import { companyStatements, noticeCompanySources } from './queries';

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

/** 中标候选人公示: its winner field is the first candidate, not a win (docs/decisions/companies.md). */
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
  const { byKey, insertCompany, oldRoles, deleteRoles, insertRole, countNotice, countArea } = companyStatements(statementsOf(db));
  // Within one writer (one transaction of the seeder or one import), names repeat a lot.
  const cache = new Map<string, number>();

  const idOf = (name: string | null | undefined) => {
    const key = companyKey(name);
    if (key === '') return undefined;
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const id = byKey.get({ key })?.id;
    if (id !== undefined) cache.set(key, id);
    return id;
  };

  const ensure = (name: string) => {
    const known = idOf(name);
    if (known !== undefined) return known;
    const id = insertCompany.get({ name: displayName(name), key: companyKey(name) })!.id;
    cache.set(companyKey(name), id);
    return id;
  };

  return {
    idOf,
    write(source, fresh = false) {
      const roles = rolesOf(source).map(([role, name]) => ({ role, companyId: ensure(name) }));
      if (!fresh) {
        const old = oldRoles.all({ kind: source.kind, id: source.id });
        const same =
          old.length === roles.length &&
          old.every((o) => o.areaCode === source.areaCode && roles.some((r) => r.role === o.role && r.companyId === o.companyId));
        if (same) return;
        for (const o of old) {
          countNotice.run({ change: -1, companyId: o.companyId });
          countArea.run({ companyId: o.companyId, role: o.role, areaCode: o.areaCode, change: -1 });
        }
        if (old.length > 0) deleteRoles.run({ kind: source.kind, id: source.id });
      }
      for (const { role, companyId } of roles) {
        insertRole.run({ kind: source.kind, id: source.id, role, companyId, areaCode: source.areaCode });
        countNotice.run({ change: 1, companyId });
        countArea.run({ companyId, role, areaCode: source.areaCode, change: 1 });
      }
    },
  };
}

/** The companies of every notice already stored (the migration for an existing database). */
export function backfillCompanies(db: Db): void {
  const writer = companyWriter(db);
  const sql = statementsOf(db);
  for (const kind of ['zb', 'xmk'] as const) {
    for (let last = 0; ;) {
      const rows = noticeCompanySources<CompanySource>(sql, kind, last, 10_000);
      if (rows.length === 0) break;
      for (const row of rows) writer.write(row, true);
      last = rows.at(-1)!.id;
    }
  }
}
