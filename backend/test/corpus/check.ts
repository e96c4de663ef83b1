/**
 * What today's import validation says about each line of the corpus (see README.md here).
 *
 *   npx tsx backend/test/corpus/check.ts [FILE…]
 *
 * Runs the real record check (normaliseRecord against the seeded dictionaries) on every line of the
 * JSON Lines files and on the CSV files as `npm run import` reads them (UTF-8, header → field
 * names), without writing anything: a throw-away database holds only the dictionaries. The corpus
 * is written for the importer that knows `candidates`, `winAmountText`, `attachments`, `withdrawn`,
 * all eleven notice types and the province-level region, so today's check refuses many good lines;
 * this report shows which and why, next to the reasons `bad-lines.expected.json` asks for.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, statementsOf } from '../../src/db/connection';
import { migrateDatabase } from '../../src/migrate-database';
import { allDictionaries } from '../../src/reference/dictionaries';
import { csvToJsonLines } from '../../src/modules/content/import-csv';
import { NoticeDictionaries, normaliseRecord, RecordError } from '../../src/modules/content/notice-record';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_FILES = [
  'processes.jsonl',
  'out-of-order.jsonl',
  'withdrawn.jsonl',
  'hostile.jsonl',
  'bad-lines.jsonl',
  'notices-utf8-bom.csv',
  'notices-gbk.csv',
];

interface Expected {
  line: number;
  reason: string;
}

function dictionariesOnly(): { dicts: NoticeDictionaries; close: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corpus-check-'));
  const db = openDatabase(dir, { synchronous: 'NORMAL' });
  migrateDatabase(db);
  const insert = db.prepare(
    `INSERT INTO sys_dict_data (dict_type, dict_sort, dict_label, dict_value, list_class, is_default, remark)
     VALUES (?, ?, ?, ?, NULL, 'N', NULL)`,
  );
  for (const [type, entries] of Object.entries(allDictionaries())) entries.forEach((e, i) => insert.run(type, i + 1, e.label, e.value));
  const dicts = new NoticeDictionaries(statementsOf(db));
  return {
    dicts,
    close() {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Today's verdict on one line: null when accepted, else the reason. `seen` holds the lines of the
 * file's earlier records by kind and sourceId, as the import's whole-file check does.
 */
function verdict(dicts: NoticeDictionaries, source: string, line: number, seen: Map<string, number>): string | null {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    return '不是有效的 JSON';
  }
  try {
    const record = normaliseRecord(value, dicts);
    const key = `${record.kind}:${record.sourceId}`;
    const first = seen.get(key);
    if (first !== undefined) return `来源编号 ${record.sourceId} 与第 ${first} 行重复`;
    seen.set(key, line);
    return null;
  } catch (err) {
    if (err instanceof RecordError) return err.message;
    throw err;
  }
}

function main(): void {
  const files = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_FILES.map((f) => path.join(here, f));
  const expectedBad = JSON.parse(fs.readFileSync(path.join(here, 'bad-lines.expected.json'), 'utf8')) as Expected[];
  const { dicts, close } = dictionariesOnly();
  try {
    for (const file of files) {
      const name = path.basename(file);
      let text = fs.readFileSync(file, 'utf8');
      if (name.endsWith('.csv')) text = csvToJsonLines(text);
      const expected = name === 'bad-lines.jsonl' ? new Map(expectedBad.map((e) => [e.line, e.reason])) : new Map<number, string>();
      const reasons = new Map<string, number>();
      const count = (reason: string) => reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      const seen = new Map<string, number>();
      let accepted = 0;
      let records = 0;
      console.log(`\n== ${name}`);
      text.split('\n').forEach((raw, index) => {
        const line = index + 1;
        const source = raw.trim();
        if (source === '') return;
        records++;
        const why = verdict(dicts, source, line, seen);
        if (why === null) accepted++;
        else count(why);
        const wanted = expected.get(line);
        const today = why === null ? '通过' : `拒绝：${why}`;
        console.log(`  第 ${line} 行：${today}${wanted ? `  ｜应拒绝：${wanted}` : expected.size > 0 ? '  ｜应通过' : ''}`);
      });
      console.log(`  ${records} 条记录，今天的校验通过 ${accepted} 条`);
      for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`    ${n} × ${reason}`);
    }
  } finally {
    close();
  }
}

main();
