/**
 * Opening the SQLite database (better-sqlite3 12). See docs/decisions/backend-storage.md for why WAL with
 * synchronous=NORMAL keeps every acknowledged write through a killed process.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

export const DATABASE_FILE = 'cms.db';

export interface OpenOptions {
  synchronous: 'NORMAL' | 'FULL';
  /** Page cache in MiB; the seeder raises it for bulk loads. */
  cacheMiB?: number;
}

/** Open (creating the folder and file if missing) `dataDir/cms.db` with the portal's pragmas. */
export function openDatabase(dataDir: string, options: OpenOptions): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  applyPragmas(db, options);
  return db;
}

function applyPragmas(db: Db, options: OpenOptions): void {
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous}`);
  db.pragma('foreign_keys = ON');
  // A second connection (the seed CLI on a live database) waits instead of failing at once.
  db.pragma('busy_timeout = 5000');
  db.pragma(`cache_size = -${(options.cacheMiB ?? 64) * 1024}`);
  db.pragma('temp_store = MEMORY');
}

/** A statement's named parameters: `@name` in its SQL. */
export type Params = Record<string, string | number | bigint | Buffer | null>;

/**
 * Prepared statements, compiled once per SQL text and connection. Callers pass constant SQL (or
 * SQL assembled from a fixed set of fragments), so the cache stays small. `P`: the named
 * parameters (an object, bound to `@name`), or the positional ones of a statement that has them.
 */
export class Statements {
  private readonly cache = new Map<string, Database.Statement>();
  constructor(readonly db: Db) {}

  get<P extends object = [], R = unknown>(sql: string): Database.Statement<P extends unknown[] ? P : [P], R> {
    let statement = this.cache.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.cache.set(sql, statement);
    }
    return statement as Database.Statement<P extends unknown[] ? P : [P], R>;
  }
}

/**
 * One statement of a module's queries.ts: its SQL, with named parameters `P` (`@name`) and rows
 * `R`, prepared once per connection (Statements) when it first runs.
 */
export class Query<P extends object = Record<string, never>, R = unknown> {
  constructor(readonly text: string) {}

  get(sql: Statements, params: P): R | undefined {
    return sql.get<P, R>(this.text).get(params);
  }

  all(sql: Statements, params: P): R[] {
    return sql.get<P, R>(this.text).all(params);
  }

  run(sql: Statements, params: P): Database.RunResult {
    return sql.get<P>(this.text).run(params);
  }
}

const cached = new WeakMap<Db, Statements>();

/** The statements of `db`, shared by every caller on that connection (the app, the import, the jobs). */
export function statementsOf(db: Db): Statements {
  let statements = cached.get(db);
  if (!statements) cached.set(db, (statements = new Statements(db)));
  return statements;
}

/**
 * A read-only second connection to `db`'s file, for a long read that awaits between rows (the
 * Excel exports): while a statement iterates, its connection refuses writes, and WAL lets this
 * connection read a stable snapshot while the main one keeps writing. Close it when done.
 */
export function openReader(db: Db): Db {
  const reader = new Database(db.name, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  return reader;
}
