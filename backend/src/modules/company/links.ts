/**
 * The company pages of the names on list rows and details (every tenderer, agency, winner and owner
 * name links to its company). One indexed look-up per page of rows, by normalised name.
 */
import type { CompanyIds } from '@shared/company/types';
import type { Statements } from '../../db/connection';
import { companyKey } from './names';
import { companiesByKey } from './queries';

type NameField = keyof CompanyIds;

/** `rows` with `companies` set to the ids of the names in `fields` that have a company. */
export function withCompanyIds<T extends { companies?: CompanyIds }>(sql: Statements, rows: T[], fields: readonly NameField[]): T[] {
  const keys = new Set<string>();
  const nameOf = (row: T, field: NameField) => {
    const value = (row as Partial<Record<NameField, unknown>>)[field];
    return typeof value === 'string' ? value : null;
  };
  for (const row of rows) for (const field of fields) keys.add(companyKey(nameOf(row, field)));
  keys.delete('');
  if (keys.size === 0) return rows;
  const ids = new Map(companiesByKey.all(sql, { keys: JSON.stringify([...keys]) }).map((r) => [r.key, r.id]));
  return rows.map((row) => {
    const companies: CompanyIds = {};
    for (const field of fields) {
      const id = ids.get(companyKey(nameOf(row, field)));
      if (id !== undefined) companies[field] = id;
    }
    return { ...row, companies };
  });
}

/** The company page of each of `names` (a lookup function; undefined for a name without one). */
export function companyIdsByName(sql: Statements, names: readonly string[]): (name: string) => number | undefined {
  const keys = new Set(names.map(companyKey));
  keys.delete('');
  if (keys.size === 0) return () => undefined;
  const ids = new Map(companiesByKey.all(sql, { keys: JSON.stringify([...keys]) }).map((r) => [r.key, r.id]));
  return (name) => ids.get(companyKey(name));
}
