/**
 * What today's import validation says about each line of the corpus (see README.md here).
 *
 *   npx tsx backend/test/corpus/check.ts [FILE…]
 *
 * Runs the import's own check (ImportChecker against the dictionaries, the corpus's clock
 * 2026-11-27) on every line of the files as `npm run import` reads them (UTF-8 or GB18030; JSON
 * Lines, or CSV with a header of field names), without writing anything: a throw-away database
 * holds only the dictionaries. For `bad-lines.jsonl` it shows the reasons `bad-lines.expected.json`
 * asks for next to today's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, statementsOf } from '../../src/db/connection';
import { migrateDatabase } from '../../src/migrate-database';
import { allDictionaries } from '../../src/reference/dictionaries';
import { ImportChecker, isRejected } from '../../src/modules/content/import';
import { decodeImport, formatOf, MSG_BAD_ENCODING, readAll } from '../../src/modules/content/import-source';

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

/** The corpus's clock: 2026-11-27 12:00 in Shanghai. */
const CORPUS_NOW = new Date('2026-11-27T04:00:00Z');

function dictionariesOnly(): { checker: () => ImportChecker; close: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corpus-check-'));
  const db = openDatabase(dir, { synchronous: 'NORMAL' });
  migrateDatabase(db);
  const insert = db.prepare(
    `INSERT INTO sys_dict_data (dict_type, dict_sort, dict_label, dict_value, list_class, is_default, remark)
     VALUES (?, ?, ?, ?, NULL, 'N', NULL)`,
  );
  for (const [type, entries] of Object.entries(allDictionaries())) entries.forEach((e, i) => insert.run(type, i + 1, e.label, e.value));
  return {
    checker: () => new ImportChecker(statementsOf(db), CORPUS_NOW),
    close() {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function main(): void {
  const files = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_FILES.map((f) => path.join(here, f));
  const expectedBad = JSON.parse(fs.readFileSync(path.join(here, 'bad-lines.expected.json'), 'utf8')) as Expected[];
  const { checker, close } = dictionariesOnly();
  try {
    for (const file of files) {
      const name = path.basename(file);
      console.log(`\n== ${name}`);
      // Read as the import reads it: UTF-8 (BOM or not), else GB18030; JSON Lines or CSV by the name.
      const decoded = decodeImport(fs.readFileSync(file));
      if (!decoded) {
        console.log(`  拒绝整个文件：${MSG_BAD_ENCODING}`);
        continue;
      }
      const expected = name === 'bad-lines.jsonl' ? new Map(expectedBad.map((e) => [e.line, e.reason])) : new Map<number, string>();
      const reasons = new Map<string, number>();
      const count = (reason: string) => reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      const check = checker();
      let accepted = 0;
      let records = 0;
      for (const source of readAll(decoded.text, formatOf(name))) {
        records++;
        const checked = check.check(source);
        const why = isRejected(checked) ? checked.reason : null;
        if (why === null) accepted++;
        else count(why);
        const wanted = expected.get(source.line);
        const today = why === null ? '通过' : `拒绝：${why}`;
        console.log(`  第 ${source.line} 行：${today}${wanted ? `  ｜应拒绝：${wanted}` : expected.size > 0 ? '  ｜应通过' : ''}`);
      }
      console.log(`  ${records} 条记录（${decoded.encoding}），校验通过 ${accepted} 条`);
      for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`    ${n} × ${reason}`);
    }
  } finally {
    close();
  }
}

main();
