/**
 * `npm run import -- FILE [--skip-invalid] [--data-dir D]`: imports a JSON Lines (or `.csv`) file of
 * notices of any size into the database in DATA_DIR (default from the environment, else ./data),
 * safely while the backend runs (WAL; the import waits for the write lock up to busy_timeout).
 *
 * The file is read as a stream, twice, in bounded memory:
 * 1. every line is checked, normalised and sanitised; the good records go to a spool file (a temp
 *    file, with their publish times and offsets in memory), every bad line to `FILE.rejects.jsonl`
 *    (`{line, field, reason, original}` per line). UTF-8 (BOM or not) is read as such, anything
 *    else as GB18030 (GBK, Excel's CSV); a file that is neither is refused for its encoding.
 * 2. Without bad lines, or with --skip-invalid, the spooled records are written in publish order in
 *    one transaction. Otherwise nothing is written: the first 100 bad lines are printed, then a count.
 * Versions are recorded as 'import'.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NoticeImportReject } from '@shared/content/notices';
import { DATABASE_FILE, openDatabase, statementsOf, type Db } from '../db/connection';
import { isInitialised } from '../db/meta';
import { migrateDatabase } from '../migrate-database';
import {
  ImportChecker,
  ImportError,
  ImportWriter,
  indexDocument,
  isRejected,
  refusalMessage,
  REJECTS_LISTED,
  type ImportCounts,
} from '../modules/content/import';
import {
  ENCODING_LABELS,
  formatOf,
  MSG_BAD_ENCODING,
  readerFor,
  type ImportEncoding,
  type SourceLine,
} from '../modules/content/import-source';
import type { NoticeRecord } from '../modules/content/notice-record';
import { readArgs } from './args';

/** A refusal: printed as `import: …` with exit code 1, after the spool and the database are closed. */
class Refusal extends Error {}

function fail(message: string): never {
  throw new Refusal(message);
}

/** The good records of pass 1, spooled to a temp file: where each is, and when it was published. */
class Spool {
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notice-import-'));
  private readonly file = path.join(this.dir, 'records.jsonl');
  private fd = fs.openSync(this.file, 'w');
  private size = 0;
  readonly times: string[] = [];
  readonly offsets: number[] = [];
  readonly lengths: number[] = [];
  readonly lines: number[] = [];

  add(line: number, record: NoticeRecord, withdrawn: boolean): void {
    const bytes = Buffer.from(JSON.stringify({ record, withdrawn }), 'utf8');
    fs.writeSync(this.fd, bytes);
    this.times.push(record.publishTime);
    this.offsets.push(this.size);
    this.lengths.push(bytes.length);
    this.lines.push(line);
    this.size += bytes.length;
  }

  get count(): number {
    return this.times.length;
  }

  /** The records in publish order (file order among equal times). */
  *inPublishOrder(): Generator<{ line: number; record: NoticeRecord; withdrawn: boolean }> {
    fs.closeSync(this.fd);
    this.fd = fs.openSync(this.file, 'r');
    const order = Array.from({ length: this.count }, (_, i) => i);
    order.sort((a, b) => (this.times[a]! < this.times[b]! ? -1 : this.times[a]! > this.times[b]! ? 1 : a - b));
    let buffer = Buffer.alloc(64 * 1024);
    for (const i of order) {
      const length = this.lengths[i]!;
      if (buffer.length < length) buffer = Buffer.alloc(length);
      fs.readSync(this.fd, buffer, 0, length, this.offsets[i]!);
      const { record, withdrawn } = JSON.parse(buffer.toString('utf8', 0, length)) as { record: NoticeRecord; withdrawn: boolean };
      yield { line: this.lines[i]!, record, withdrawn };
    }
  }

  remove(): void {
    try {
      fs.closeSync(this.fd);
    } catch {
      // already closed
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

interface CheckPass {
  spool: Spool;
  rejected: number;
  /** the first REJECTS_LISTED */
  listed: NoticeImportReject[];
  total: number;
}

/**
 * Pass 1 in `encoding`: null when the bytes are not valid in it (the caller tries the next one).
 * Every reject is appended to `rejectsFile`.
 */
async function checkPass(db: Db, file: string, encoding: ImportEncoding, rejectsFile: string, now: Date): Promise<CheckPass | null> {
  const checker = new ImportChecker(statementsOf(db), now);
  const reader = readerFor(formatOf(file));
  const decoder = new TextDecoder(encoding, { fatal: true });
  const spool = new Spool();
  const pass: CheckPass = { spool, rejected: 0, listed: [], total: 0 };
  let rejects: number | null = null;
  const take = (lines: SourceLine[]) => {
    for (const line of lines) {
      pass.total++;
      const checked = checker.check(line);
      if (!isRejected(checked)) {
        spool.add(checked.line, checked.record, checked.withdrawn);
        continue;
      }
      pass.rejected++;
      if (pass.listed.length < REJECTS_LISTED) pass.listed.push(checked);
      rejects ??= fs.openSync(rejectsFile, 'w');
      fs.writeSync(rejects, `${JSON.stringify(checked)}\n`);
    }
  };
  try {
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        spool.remove();
        return null;
      }
      take(reader.push(text));
    }
    let rest: string;
    try {
      rest = decoder.decode();
    } catch {
      spool.remove();
      return null;
    }
    take([...reader.push(rest), ...reader.end()]);
    return pass;
  } catch (err) {
    spool.remove();
    throw err;
  } finally {
    if (rejects !== null) fs.closeSync(rejects);
  }
}

const USAGE = '用法：npm run import -- 文件.jsonl|文件.csv|releases.json [--skip-invalid] [--data-dir 目录]';

const seconds = (ms: number) => (ms / 1000).toFixed(1);

async function main(): Promise<void> {
  const { values, positionals } = readArgs('import', USAGE, {
    options: { 'data-dir': { type: 'string' }, 'skip-invalid': { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) fail(USAGE);
  const file = path.resolve(positionals[0]!);
  const rejectsFile = `${file}.rejects.jsonl`;
  const skipInvalid = values['skip-invalid'];
  const dataDir = path.resolve(values['data-dir'] ?? process.env['DATA_DIR'] ?? './data');
  if (!fs.existsSync(path.join(dataDir, DATABASE_FILE))) {
    fail(`${path.join(dataDir, DATABASE_FILE)} 不存在：先启动后端或运行 npm run seed（真实数据用 npm run seed -- --empty）`);
  }
  try {
    fs.accessSync(file, fs.constants.R_OK);
  } catch (err) {
    fail(`无法读取 ${file}（${(err as NodeJS.ErrnoException).code ?? String(err)}）`);
  }
  const db = openDatabase(dataDir, { synchronous: 'NORMAL' });
  let spool: Spool | null = null;
  try {
    migrateDatabase(db);
    if (!isInitialised(db)) fail('数据库尚未初始化（缺少字典数据）：先启动后端或运行 npm run seed');
    const now = new Date();
    const started = performance.now();
    // A report of an earlier run of this file would be mistaken for this one's.
    fs.rmSync(rejectsFile, { force: true });
    let encoding: ImportEncoding = 'utf-8';
    let pass = await checkPass(db, file, encoding, rejectsFile, now);
    if (pass === null) {
      encoding = 'gb18030';
      pass = await checkPass(db, file, encoding, rejectsFile, now);
    }
    if (pass === null) {
      fs.rmSync(rejectsFile, { force: true });
      fail(`${MSG_BAD_ENCODING}；未写入任何数据`);
    }
    spool = pass.spool;
    const checked = performance.now();
    if (pass.total === 0) fail('文件中没有记录；未写入任何数据');
    if (pass.rejected > 0 && !skipInvalid) {
      fail(
        `${refusalMessage(pass.rejected, pass.listed)}\n未写入任何数据。` +
          `全部 ${pass.rejected} 行有误的记录见 ${rejectsFile}；改正后重新导入，或加 --skip-invalid 只导入正确的行`,
      );
    }
    const records = pass.spool;
    const counts = db
      .transaction((): ImportCounts => {
        const writer = new ImportWriter(db, { changedBy: 'import', now });
        for (const { line, record, withdrawn } of records.inPublishOrder())
          writer.write({ line, record, withdrawn, doc: indexDocument(record) });
        return writer.finish();
      })
      .immediate();
    const done = performance.now();
    const total = (done - started) / 1000;
    console.log(
      `import: ${pass.total} 条记录（${ENCODING_LABELS[encoding]}）：新增 ${counts.inserted}，更新 ${counts.updated}，未变 ${counts.unchanged}，` +
        `撤销 ${counts.withdrawn}` +
        (pass.rejected > 0 ? `，跳过有误的 ${pass.rejected} 行（见 ${rejectsFile}）` : '') +
        `（${total.toFixed(1)} 秒：检查 ${seconds(checked - started)} 秒，写入 ${seconds(done - checked)} 秒；` +
        `${Math.round(pass.total / Math.max(total, 0.001))} 条/秒）`,
    );
  } finally {
    spool?.remove();
    db.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof Refusal || err instanceof ImportError)
    console.error(`import: ${err.message}${err instanceof ImportError ? '；未写入任何数据' : ''}`);
  else console.error(err);
  process.exitCode = 1;
});
