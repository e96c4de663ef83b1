/**
 * The schema migrations with the modules' rules their data steps apply (db/migrations.ts takes
 * them as a parameter, so db/ imports no module): what createApp, the CLIs and tests run.
 */
import type { Db } from './db/connection';
import { migrate, type MigrationRules } from './db/migrations';
import { userNameKey } from './modules/auth/user-name-key';
import { backfillCompanies } from './modules/company/maintain';

export const MIGRATION_RULES: MigrationRules = { userNameKey, backfillCompanies };

/** Bring the database to the newest schema (db/migrations.ts `migrate`). */
export function migrateDatabase(db: Db): void {
  migrate(db, MIGRATION_RULES);
}
