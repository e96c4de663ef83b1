/**
 * Keeping the companies right: every path that writes a notice — the seeder and the demo
 * top-up (seed/content-writer.ts) and the import (content/import.ts, so the demo feed and staff
 * edits too) — hands it to `companyWriter().write`, which replaces the roles that notice gives its
 * companies and the counters the search reads (company.notices, company_area). Companies are never
 * deleted: a page once linked keeps answering, and the search hides companies left with no notice.
 */
import type { CompanyRole } from '@shared/company/types';
import { ZB_NOTICE_TYPES } from '@shared/content/zb-notice';
import { statementsOf, type Db } from '../../db/connection';
import { firmsOf, type Firm } from './consortium';
import { candidatesIn, COMPANY_NAME_MAX, companyKey, displayName } from './names';
import { companyStatements, noticeCompanySources, type CompanyPart, type NoticeCompanyRow } from './queries';

/**
 * What names companies in a notice being written (queries.ts `NoticeCompanyRow`, the candidates
 * table as its names; the seeder's rows have neither process order nor a table to give).
 */
export type CompanySource = Omit<NoticeCompanyRow, 'processCode' | 'publishTime' | 'candidates'> &
  Partial<Pick<NoticeCompanyRow, 'processCode' | 'publishTime'>> & {
    candidates?: readonly { name: string }[];
  };

/** 中标候选人公示: its winner field is the first candidate, not a win (docs/decisions/companies.md). */
export const CANDIDATE_NOTICE = ZB_NOTICE_TYPES.candidates;
/** Only a 中标结果 credits a win (a 合同公告 repeats the award; it is not a second one). */
export const RESULT_NOTICE = ZB_NOTICE_TYPES.result;

export interface CompanyCredit {
  role: CompanyRole;
  name: string;
  /** a consortium's lead or member; '' for a firm alone (and for the roles that are never a consortium) */
  part: CompanyPart;
  /** candidates: which one (1, 2, …), so a consortium's members are partners, not competitors; else 0 */
  entry: number;
}

/**
 * The companies a notice names, one per company and role. `superseded`: a 中标结果 whose process has
 * a later 中标结果 (re-issued with another winner) credits no win.
 */
export function rolesOf(source: CompanySource, superseded = false): CompanyCredit[] {
  const credits: CompanyCredit[] = [];
  const seen = new Set<string>();
  const add = (role: CompanyRole, name: string | null, part: CompanyPart = '', entry = 0) => {
    const key = companyKey(name);
    if (key === '' || Array.from(name!).length > COMPANY_NAME_MAX || seen.has(`${role}:${key}`)) return;
    seen.add(`${role}:${key}`);
    credits.push({ role, name: name!, part, entry });
  };
  let entries = 0;
  const addFirms = (role: CompanyRole, firms: readonly Firm[]) => {
    const entry = role === 'candidate' ? ++entries : 0;
    for (const firm of firms) add(role, firm.name, firms.length > 1 ? (firm.lead ? 'lead' : 'member') : '', entry);
  };
  if (source.kind === 'xmk') {
    add('owner', source.tenderer);
    return credits;
  }
  add('tenderer', source.tenderer);
  add('agency', source.agency);
  if (source.candidates && source.candidates.length > 0) {
    for (const candidate of source.candidates) addFirms('candidate', firmsOf(candidate.name));
  } else if (source.noticeType === CANDIDATE_NOTICE) {
    // Without a candidates table: the first candidate (`winner`) and what the body names.
    addFirms('candidate', firmsOf(source.winner));
    for (const name of candidatesIn(source.content)) addFirms('candidate', firmsOf(name));
  }
  if (source.noticeType === RESULT_NOTICE && !superseded) addFirms('winner', firmsOf(source.winner));
  return credits;
}

export interface CompanyWriter {
  /** Replace the roles of one notice; `fresh`: a notice just inserted (nothing to remove first). */
  write(source: CompanySource, fresh?: boolean): void;
  /** Take back every role of a notice (it was withdrawn). */
  remove(kind: 'xmk' | 'zb', id: number): void;
  /**
   * Credit the wins of a process's 中标结果 again after one of them was written, changed or
   * withdrawn: only the latest credits its winner. `exceptId`: a notice just written.
   */
  recreditResults(processCode: string, exceptId?: number): void;
  /** The company of a name, if one exists. */
  idOf(name: string | null | undefined): number | undefined;
}

export function companyWriter(db: Db): CompanyWriter {
  const sql = statementsOf(db);
  const { byKey, insertCompany, oldRoles, deleteRoles, insertRole, countNotice, countArea, laterResult, processResults } =
    companyStatements(sql);
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

  const takeBack = (kind: 'xmk' | 'zb', id: number, old: readonly { role: CompanyRole; companyId: number; areaCode: string }[]) => {
    for (const o of old) {
      countNotice.run({ change: -1, companyId: o.companyId });
      countArea.run({ companyId: o.companyId, role: o.role, areaCode: o.areaCode, change: -1 });
    }
    if (old.length > 0) deleteRoles.run({ kind, id });
  };

  const write = (source: CompanySource, fresh = false) => {
    const superseded =
      source.kind === 'zb' &&
      source.noticeType === RESULT_NOTICE &&
      Boolean(source.processCode) &&
      source.publishTime !== undefined &&
      laterResult.get({ processCode: source.processCode!, publishTime: source.publishTime, id: source.id, resultType: RESULT_NOTICE }) !==
        undefined;
    const roles = rolesOf(source, superseded).map(({ role, name, part, entry }) => ({ role, part, entry, companyId: ensure(name) }));
    if (!fresh) {
      const old = oldRoles.all({ kind: source.kind, id: source.id });
      const same =
        old.length === roles.length &&
        old.every(
          (o) =>
            o.areaCode === source.areaCode &&
            roles.some((r) => r.role === o.role && r.companyId === o.companyId && r.part === o.part && r.entry === o.entry),
        );
      if (same) return;
      takeBack(source.kind, source.id, old);
    }
    for (const { role, companyId, part, entry } of roles) {
      insertRole.run({ kind: source.kind, id: source.id, role, companyId, areaCode: source.areaCode, part, entry });
      countNotice.run({ change: 1, companyId });
      countArea.run({ companyId, role, areaCode: source.areaCode, change: 1 });
    }
  };

  return {
    idOf,
    write,
    remove(kind, id) {
      takeBack(kind, id, oldRoles.all({ kind, id }));
    },
    recreditResults(processCode, exceptId) {
      for (const row of processResults.all({ processCode, exceptId: exceptId ?? 0, resultType: RESULT_NOTICE })) {
        write(companySourceOfRow(row));
      }
    },
  };
}

/** A stored zb row's company fields (its candidates as stored JSON) as a CompanySource. */
export function companySourceOfRow(row: NoticeCompanyRow): CompanySource {
  const { candidates, ...rest } = row;
  return { ...rest, candidates: candidates ? (JSON.parse(candidates) as { name: string }[]) : [] };
}

/** The companies of every notice already stored (the migration for an existing database). */
export function backfillCompanies(db: Db): void {
  const writer = companyWriter(db);
  const sql = statementsOf(db);
  for (const kind of ['zb', 'xmk'] as const) {
    for (let last = 0; ;) {
      const rows = noticeCompanySources(sql, kind, last, 10_000);
      if (rows.length === 0) break;
      for (const row of rows) writer.write(companySourceOfRow(row), true);
      last = rows.at(-1)!.id;
    }
  }
}
