/**
 * `npm run import -- FILE [--data-dir D]`: imports a JSON Lines (or `.csv`) file of notices into the
 * database in DATA_DIR (default from the environment, else ./data), safely while the backend runs
 * (WAL; the import waits for the write lock up to busy_timeout). All or nothing: a bad line stops it
 * with the line number and the reason, and nothing is written. Versions are recorded as 'import'.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ImportError, importNotices } from '../modules/content/import';
import { csvToJsonLines } from '../modules/content/import-csv';
import { DATABASE_FILE, openDatabase } from '../db/connection';
import { migrateDatabase } from '../migrate-database';
import { isSeeded } from '../seed/seed';

function fail(message: string): never {
  console.error(`import: ${message}`);
  process.exit(1);
}

function main(): void {
  const { values, positionals } = parseArgs({
    options: { 'data-dir': { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) fail('用法：npm run import -- 文件.jsonl|文件.csv [--data-dir 目录]');
  const file = path.resolve(positionals[0]!);
  const dataDir = path.resolve(values['data-dir'] ?? process.env['DATA_DIR'] ?? './data');
  if (!fs.existsSync(path.join(dataDir, DATABASE_FILE))) {
    fail(`${path.join(dataDir, DATABASE_FILE)} 不存在：先启动后端或运行 npm run seed`);
  }
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    fail(`无法读取 ${file}（${(err as NodeJS.ErrnoException).code ?? String(err)}）`);
  }
  const db = openDatabase(dataDir, { synchronous: 'NORMAL' });
  try {
    migrateDatabase(db);
    if (!isSeeded(db)) fail('数据库尚未初始化（缺少字典数据）：先启动后端或运行 npm run seed');
    const started = Date.now();
    const body = file.toLowerCase().endsWith('.csv') ? csvToJsonLines(text) : text;
    const result = importNotices(db, body, { changedBy: 'import', now: new Date() });
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `import: ${result.total} 条记录：新增 ${result.inserted}，更新 ${result.updated}，未变 ${result.unchanged}` +
        `（${seconds.toFixed(1)} 秒，${Math.round(result.total / Math.max(seconds, 0.001))} 条/秒）`,
    );
  } catch (err) {
    if (err instanceof ImportError) fail(`${err.message}；未写入任何数据`);
    throw err;
  } finally {
    db.close();
  }
}

main();
