/**
 * The `meta` table: what kind of database this is and what happened to it. The seeder writes
 * the kind; the import records that real data came in, so the demo generator (top-up, demo feed)
 * never writes into a database holding imported notices (docs/decisions/demo-data.md).
 */
import type { Db } from './connection';

export const META = {
  /** The generator's seed: present on a database the generator filled. */
  seed: 'seed',
  projects: 'seed.projects',
  tenders: 'seed.tenders',
  /** When the reference data (dictionaries, settings) was written: present on every initialised database. */
  seededAt: 'seed.time',
  /** `demo` (generated content) or `empty` (`npm run seed -- --empty`: reference data only). */
  kind: 'database.kind',
  /** Time of the last import of real notices (the CLI or the admin call; not the demo feed). */
  imported: 'import.time',
  /** The companion's cursor over the CMS's notices, per kind: `publishTime|id` of the newest one read. */
  followZb: 'cms.follow.zb',
  followXmk: 'cms.follow.xmk',
} as const;

export function metaValue(db: Db, key: string): string | undefined {
  return db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?').get(key)?.value;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare<[string, string]>('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    key,
    value,
  );
}

/** Whether the database holds its reference data (dictionaries, settings, tiers): seeded, demo or empty. */
export const isInitialised = (db: Db) => metaValue(db, META.seededAt) !== undefined;

/**
 * Whether the demo generator may write here: a demo database into which no real notices were
 * imported. Its seed, for the generator's random streams, or undefined when it may not.
 */
export function demoSeed(db: Db): string | undefined {
  if (metaValue(db, META.kind) !== 'demo' || metaValue(db, META.imported) !== undefined) return undefined;
  return metaValue(db, META.seed);
}
