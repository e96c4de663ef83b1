/**
 * `npm run bench:import` (not in CI): import speed into a large database.
 *
 *   npm run bench:import                              # 20,000 projects + 80,000 tenders, then 20,000 notices
 *   npm run bench:import -- --projects 300000 --tenders 700000   # the 1 M-row target
 *   options: --notices N (default 20000) --data-dir D (seed into D, or reuse D's database) --keep
 *   npm run bench:import -- --while-searching [--notices 3645] [--idle-seconds 15] [--concurrency 4] [--port P]
 *     search latency while the admin call imports a file (bench-import-live.ts; needs `npm run build`)
 *
 * Steps: seed (timed) unless D already holds a database; generate N notices as one JSON Lines file
 * (tender processes of one to five notices, a project every tenth record); import it (all new rows,
 * search index included); import it again (all unchanged); import it with one record in ten changed
 * (versions kept, rows re-indexed). Prints notices/s for each. Before the imports, --subscriptions N
 * (default 10,000) alert subscriptions are stored for N / 5 members (see addSubscriptions) and one
 * member in ten follows some tenders, so the figures include matching and the alerts written.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { NoticeImportRecord } from '@shared/content/notices';
import { formatDateTime, MINUTE_MS } from '../src/clock';
import { DATABASE_FILE, openDatabase, type Db } from '../src/db/connection';
import { migrateDatabase } from '../src/migrate-database';
import { generateXmk, nextInProcess, processNotice, startProcess } from '../src/seed/content-generator';
import { xmkRecord, zbRecord } from '../src/seed/demo-feed';
import { Random } from '../src/seed/random';
import { isSeeded, seedDatabase } from '../src/seed/seed';
import { importNotices } from '../src/modules/content/import';
import { keywordMatch } from '../src/search/tokens';
import { benchWhileSearching } from './bench-import-live';

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
    projects: { type: 'string', default: '20000' },
    tenders: { type: 'string', default: '80000' },
    notices: { type: 'string' },
    subscriptions: { type: 'string', default: '10000' },
    'while-searching': { type: 'boolean', default: false },
    'idle-seconds': { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '4' },
    port: { type: 'string', default: '0' },
  },
});
const projects = Number(args.projects);
const tenders = Number(args.tenders);
const whileSearching = args['while-searching'];
const notices = Number(args.notices ?? (whileSearching ? 3645 : 20000));
const subscriptions = Number(args.subscriptions);

/** N records published over the hour before `now`, in publish order. */
function generate(count: number, now: Date): NoticeImportRecord[] {
  const rng = new Random('bench-import');
  const records: NoticeImportRecord[] = [];
  const start = now.getTime() - 60 * MINUTE_MS;
  let p = 0;
  while (records.length < count) {
    const at = new Date(start + Math.floor((records.length / count) * 60 * MINUTE_MS));
    if (records.length % 10 === 9) {
      records.push(xmkRecord(generateXmk(rng, at, now), `bench-xmk-${records.length}`, `BENCHXM${records.length}`));
      continue;
    }
    const process = startProcess(rng, at, null, `BENCHBD${++p}`);
    let type: '1' | '2' | '3' | '4' | '5' | undefined = rng.chance(0.3) ? '1' : '2';
    while (type && records.length < count) {
      const row = processNotice(rng, process, type, at, now);
      records.push(zbRecord(row, `bench-zb-${records.length}`, process.code, null));
      type = nextInProcess(rng, process, at)?.type;
    }
  }
  return records;
}

/** Words every generated title has: a keyword made of them would match most of the province. */
const GENERIC = /工程|招标|公告|项目|施工|采购|服务|有限|公司|中标|结果|变更|预告|候选|公示/g;

/**
 * N subscriptions for N / 5 bench members (earlier bench members are removed first, so a kept
 * database can be reused): most have a keyword of 3–5 characters cut from a record's title, generic
 * words taken out (so some notices match, as real ones do) and a region; some a notice type or an
 * amount bound; a few an excluded word; the 5% without a keyword have a region, a type and a bound.
 * One member in ten follows 20 existing tenders.
 */
function addSubscriptions(db: Db, count: number, records: readonly NoticeImportRecord[], now: Date): void {
  db.prepare("DELETE FROM member WHERE user_name LIKE 'bench\\_sub\\_%' ESCAPE '\\'").run();
  if (count === 0) return;
  const rng = new Random('bench-subscriptions');
  const at = formatDateTime(now);
  const regions = (db.prepare("SELECT dict_value AS v FROM sys_dict_data WHERE dict_type = 'cms_region'").all() as { v: string }[]).map(
    (r) => r.v,
  );
  const tenders = (db.prepare('SELECT id FROM zb ORDER BY id DESC LIMIT 20000').all() as { id: number }[]).map((r) => r.id);
  const insertMember = db.prepare(
    `INSERT INTO member (user_name, user_name_key, password_hash, nick_name, random_password, random_password_time, create_time)
     VALUES (?, ?, 'x', ?, 'x', ?, ?)`,
  );
  const insertSubscription = db.prepare(
    `INSERT INTO alert_subscription (member_id, name, keywords, exclude_words, area_codes, notice_types, amount_min, create_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const follow = db.prepare(
    "INSERT OR IGNORE INTO favorite (member_id, type, data_id, is_cancel, create_time, update_time) VALUES (?, 'zb', ?, 0, ?, ?)",
  );
  db.transaction(() => {
    let memberId = 0;
    for (let i = 0; i < count; i++) {
      if (i % 5 === 0) {
        const name = `bench_sub_${i / 5}`;
        memberId = Number(insertMember.run(name, name, name, at, at).lastInsertRowid);
        if ((i / 5) % 10 === 0) for (let f = 0; f < 20; f++) follow.run(memberId, rng.pick(tenders), at, at);
      }
      const title = Array.from(rng.pick(records).title.replace(/[^\p{L}\p{N}]/gu, ''));
      const length = rng.int(3, 5);
      const start = rng.int(0, Math.max(0, title.length - length));
      let keyword = rng.chance(0.95)
        ? title
            .slice(start, start + length)
            .join('')
            .replace(GENERIC, '')
        : '';
      if (Array.from(keyword).length < 2) keyword = '';
      const broad = keyword === '';
      insertSubscription.run(
        memberId,
        `订阅${i}`,
        keyword,
        rng.chance(0.1) ? '监理' : '',
        broad || rng.chance(0.95) ? rng.pick(regions) : '',
        broad || rng.chance(0.3) ? '2' : '',
        broad || rng.chance(0.2) ? rng.int(10, 500) : null,
        at,
      );
    }
  })();
}

/**
 * Notices an earlier run imported (source ids bench-…), with their versions, index entries and
 * alerts, so a kept database (--data-dir) starts every run from the seeded state.
 */
function removeEarlierRuns(db: Db): void {
  db.transaction(() => {
    for (const kind of ['zb', 'xmk'] as const) {
      const ids = `SELECT id FROM ${kind} WHERE source_id LIKE 'bench-%'`;
      db.prepare(`DELETE FROM ${kind}_fts WHERE rowid IN (${ids})`).run();
      db.prepare(
        `DELETE FROM alert_inbox WHERE event_id IN (SELECT id FROM alert_event WHERE content_type = '${kind}' AND content_id IN (${ids}))`,
      ).run();
      db.prepare(`DELETE FROM alert_event WHERE content_type = '${kind}' AND content_id IN (${ids})`).run();
      db.prepare(`DELETE FROM notice_version WHERE type = '${kind}' AND data_id IN (${ids})`).run();
      db.prepare(`DELETE FROM ${kind} WHERE source_id LIKE 'bench-%'`).run();
    }
  })();
}

const jsonl = (records: NoticeImportRecord[]) => records.map((r) => JSON.stringify(r)).join('\n');

/** Seed `dataDir` unless it holds a database already. */
function ensureSeeded(db: Db, dataDir: string, now: Date): void {
  migrateDatabase(db);
  if (isSeeded(db)) return;
  console.log(`bench:import: seeding ${projects} projects and ${tenders} tenders into ${dataDir}…`);
  const seeded = seedDatabase(db, { projects, tenders, now, progress: (m) => console.log(`  seed: ${m}`) });
  console.log(`bench:import: seeded in ${(seeded.milliseconds / 1000).toFixed(1)} s`);
}

async function live(): Promise<void> {
  const created = !args['data-dir'];
  const dataDir = path.resolve(args['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-')));
  try {
    const db = openDatabase(dataDir, { synchronous: 'NORMAL' });
    try {
      ensureSeeded(db, dataDir, new Date());
    } finally {
      db.close();
    }
    await benchWhileSearching({
      dataDir,
      notices,
      idleSeconds: Number(args['idle-seconds']),
      concurrency: Number(args.concurrency),
      port: Number(args.port),
    });
  } finally {
    if (created && !args.keep) fs.rmSync(dataDir, { recursive: true, force: true });
    else console.log(`bench:import: kept ${dataDir}`);
  }
}

function main(): void {
  const created = !args['data-dir'];
  const dataDir = path.resolve(args['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-')));
  const now = new Date();
  const db = openDatabase(dataDir, { synchronous: 'NORMAL' });
  try {
    ensureSeeded(db, dataDir, now);
    const rows = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    console.log(`bench:import: database has ${rows('xmk') + rows('zb')} rows (${rows('xmk')} xmk, ${rows('zb')} zb)`);

    const removed = Date.now();
    removeEarlierRuns(db);
    console.log(`bench:import: removed earlier runs' notices in ${((Date.now() - removed) / 1000).toFixed(1)} s`);
    const records = generate(notices, now);
    const subscribed = Date.now();
    addSubscriptions(db, subscriptions, records, now);
    console.log(`bench:import: stored ${subscriptions} subscriptions in ${((Date.now() - subscribed) / 1000).toFixed(1)} s`);
    const alertCount = () => (db.prepare('SELECT count(*) AS n FROM alert_inbox').get() as { n: number }).n;
    const changed = records.map((r, i) => (i % 10 === 0 ? { ...r, title: `${r.title}（更正）`, amount: (r.amount ?? 0) + 1 } : r));
    const run = (label: string, body: string, at: Date) => {
      const started = process.hrtime.bigint();
      const cpu = process.cpuUsage();
      const result = importNotices(db, body, { changedBy: 'import', now: at });
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const used = process.cpuUsage(cpu);
      const cpuSeconds = (used.user + used.system) / 1e6;
      // CPU time as well: on a shared machine the wall clock also counts other processes' turns.
      console.log(
        `bench:import: ${label.padEnd(24)} ${records.length} notices in ${seconds.toFixed(2)} s = ` +
          `${Math.round(records.length / seconds)} notices/s (CPU ${cpuSeconds.toFixed(2)} s = ` +
          `${Math.round(records.length / cpuSeconds)}/CPU-s) ${JSON.stringify(result)}, ${alertCount()} alerts in all`,
      );
    };
    run('new notices', jsonl(records), now);
    run('same file again', jsonl(records), new Date(now.getTime() + MINUTE_MS));
    run('one in ten changed', jsonl(changed), new Date(now.getTime() + 2 * MINUTE_MS));

    const hit = db.prepare('SELECT count(*) AS n FROM zb_fts WHERE zb_fts MATCH ?').get(keywordMatch('更正')) as { n: number };
    console.log(`bench:import: search index check: ${hit.n} rows match 更正 (expect ≥ ${Math.floor(notices / 10 / 2)})`);
    console.log(`bench:import: database ${(fs.statSync(path.join(dataDir, DATABASE_FILE)).size / 1e6).toFixed(0)} MB`);
  } finally {
    db.close();
    if (created && !args.keep) fs.rmSync(dataDir, { recursive: true, force: true });
    else console.log(`bench:import: kept ${dataDir}`);
  }
}

if (whileSearching) {
  live().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
} else {
  main();
}
