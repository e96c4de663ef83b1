/**
 * `npm run bench:import` (issue 12, not in CI): import speed into a large database.
 *
 *   npm run bench:import                              # 20,000 projects + 80,000 tenders, then 20,000 notices
 *   npm run bench:import -- --projects 300000 --tenders 700000   # the 1 M-row target
 *   options: --notices N (default 20000) --data-dir D (seed into D, or reuse D's database) --keep
 *
 * Steps: seed (timed) unless D already holds a database; generate N notices as one JSON Lines file
 * (tender processes of one to five notices, a project every tenth record); import it (all new rows,
 * search index included); import it again (all unchanged); import it with one record in ten changed
 * (versions kept, rows re-indexed). Prints notices/s for each. The subscription hook
 * (onNoticesImported) is empty until alerts exist, so matching is not in these figures yet.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { NoticeImportRecord } from '@shared/contract/notices';
import { formatDateTime, MINUTE_MS } from '../src/clock';
import { DATABASE_FILE, openDatabase } from '../src/db/connection';
import { migrate } from '../src/db/migrations';
import { generateXmk, nextInProcess, processNotice, startProcess } from '../src/db/seed/content-generator';
import { Random } from '../src/db/seed/random';
import { isSeeded, seedDatabase } from '../src/db/seed/seed';
import { importNotices } from '../src/modules/content/import';
import { keywordMatch } from '../src/search/tokens';

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
    projects: { type: 'string', default: '20000' },
    tenders: { type: 'string', default: '80000' },
    notices: { type: 'string', default: '20000' },
  },
});
const projects = Number(args.projects);
const tenders = Number(args.tenders);
const notices = Number(args.notices);

/** N records published over the hour before `now`, in publish order. */
function generate(count: number, now: Date): NoticeImportRecord[] {
  const rng = new Random('bench-import');
  const records: NoticeImportRecord[] = [];
  const start = now.getTime() - 60 * MINUTE_MS;
  let p = 0;
  while (records.length < count) {
    const at = new Date(start + Math.floor((records.length / count) * 60 * MINUTE_MS));
    if (records.length % 10 === 9) {
      const x = generateXmk(rng, at, now);
      records.push({
        kind: 'xmk',
        sourceId: `bench-xmk-${records.length}`,
        projectCode: `BENCHXM${records.length}`,
        title: x.title,
        noticeType: x.stage,
        areaCode: x.areaCode,
        industry: x.industry,
        amount: x.investment,
        publishTime: formatDateTime(at),
        tenderer: x.owner,
        contact: x.contact,
        content: x.content,
      });
      continue;
    }
    const process = startProcess(rng, at, null, `BENCHBD${++p}`);
    let type: '1' | '2' | '3' | '4' | '5' | undefined = rng.chance(0.3) ? '1' : '2';
    while (type && records.length < count) {
      const row = processNotice(rng, process, type, at, now);
      records.push({
        kind: 'zb',
        sourceId: `bench-zb-${records.length}`,
        processCode: process.code ?? undefined,
        title: row.title,
        noticeType: row.noticeType,
        areaCode: row.areaCode,
        industry: row.industry,
        amount: row.amount,
        publishTime: row.publishTime,
        signupDeadline: row.signupDeadline,
        openTime: row.openTime,
        tenderer: row.tenderer,
        agency: row.agency,
        winner: row.winner,
        winAmount: row.winAmount,
        contact: row.contact,
        content: row.content,
      });
      type = nextInProcess(rng, process, at)?.type;
    }
  }
  return records;
}

const jsonl = (records: NoticeImportRecord[]) => records.map((r) => JSON.stringify(r)).join('\n');

function main(): void {
  const created = !args['data-dir'];
  const dataDir = path.resolve(args['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-')));
  const now = new Date();
  const db = openDatabase(dataDir, { synchronous: 'NORMAL' });
  try {
    migrate(db);
    if (!isSeeded(db)) {
      console.log(`bench:import: seeding ${projects} projects and ${tenders} tenders into ${dataDir}…`);
      const seeded = seedDatabase(db, { projects, tenders, now, progress: (m) => console.log(`  seed: ${m}`) });
      console.log(`bench:import: seeded in ${(seeded.milliseconds / 1000).toFixed(1)} s`);
    }
    const rows = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    console.log(`bench:import: database has ${rows('xmk') + rows('zb')} rows (${rows('xmk')} xmk, ${rows('zb')} zb)`);

    const records = generate(notices, now);
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
          `${Math.round(records.length / cpuSeconds)}/CPU-s) ${JSON.stringify(result)}`,
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

main();
