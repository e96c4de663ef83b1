/**
 * `npm run seed -- --projects N --tenders M [--seed S] [--data-dir D] [--force]`: builds a fresh
 * demo database in DATA_DIR (default from the environment, else ./data). `npm run seed -- --empty`
 * builds one with the reference data only (dictionaries, settings, tiers, goods), for real notices
 * (`npm run import`): no content, no demo members, and the demo generator never writes into it.
 * An existing database is only replaced with --force. Prints progress and the insert rate.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, DATABASE_FILE } from '../db/connection';
import { migrateDatabase } from '../migrate-database';
import { DEFAULT_SEED, seedDatabase } from '../seed/seed';
import { readArgs } from './args';

const USAGE = '用法：npm run seed -- [--projects N] [--tenders N] [--seed 文字] [--data-dir 目录] [--force] [--empty]';

function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > 5_000_000) {
    console.error(`seed: --${name} must be an integer from 0 to 5000000`);
    process.exit(1);
  }
  return Number(value);
}

function main(): void {
  const { values } = readArgs('seed', USAGE, {
    options: {
      projects: { type: 'string' },
      tenders: { type: 'string' },
      seed: { type: 'string' },
      'data-dir': { type: 'string' },
      force: { type: 'boolean', default: false },
      empty: { type: 'boolean', default: false },
    },
  });
  if (values.empty && (values.projects !== undefined || values.tenders !== undefined)) {
    console.error('seed: --empty makes a database without content; leave out --projects and --tenders');
    process.exit(1);
  }
  const projects = count('projects', values.projects, 3000);
  const tenders = count('tenders', values.tenders, 5000);
  const dataDir = path.resolve(values['data-dir'] ?? process.env['DATA_DIR'] ?? './data');
  const file = path.join(dataDir, DATABASE_FILE);
  if (fs.existsSync(file)) {
    if (!values.force) {
      console.error(`seed: ${file} exists; pass --force to replace it (stop the backend first)`);
      process.exit(1);
    }
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  }

  // A bigger page cache speeds up building the indexes of large data sets.
  const db = openDatabase(dataDir, { synchronous: 'NORMAL', cacheMiB: 512 });
  migrateDatabase(db);
  const started = Date.now();
  const summary = seedDatabase(db, {
    empty: values.empty,
    projects,
    tenders,
    seed: values.seed ?? DEFAULT_SEED,
    now: new Date(),
    progress: (message) => console.log(`seed: ${message} (${((Date.now() - started) / 1000).toFixed(0)} s)`),
  });
  db.close();
  if (values.empty) {
    console.log(`seed: an empty database (dictionaries and settings, no content) in ${file}; add notices with npm run import`);
    return;
  }
  const seconds = summary.milliseconds / 1000;
  const rows = projects + tenders;
  console.log(
    `seed: ${projects} projects and ${tenders} tenders into ${file} in ${seconds.toFixed(1)} s ` +
      `(${Math.round(rows / Math.max(seconds, 0.001))} rows/s, ${(fs.statSync(file).size / 1e6).toFixed(0)} MB)`,
  );
}

main();
