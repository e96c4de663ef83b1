/**
 * Times the backend's search on an existing database, next to RuoYi's LIKE scan:
 *
 *   npx tsx backend/scripts/time-search.ts --data-dir /path/to/seeded [--runs 20]
 *
 * Seed a large one first (`npm run seed -- --projects 300000 --tenders 1000000 --data-dir …`).
 * Prints p50/p95 per case. Not a benchmark harness (issue 7's `bench:search` is); a quick check
 * that the index answers every shape in milliseconds.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, Statements } from '../src/db/connection';
import { ContentStats } from '../src/modules/content/content-stats';
import { ContentSearch, type SearchFilters } from '../src/modules/content/search';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, runs: { type: 'string', default: '20' } } });
if (!values['data-dir']) {
  console.error('time-search: --data-dir is required');
  process.exit(1);
}
const runs = Number(values.runs);
const db = openDatabase(path.resolve(values['data-dir']), { synchronous: 'NORMAL', cacheMiB: 512 });
const sql = new Statements(db);
const search = new ContentSearch(sql, new ContentStats(sql));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

function time(label: string, run: () => unknown): void {
  run(); // warm the pages this case touches
  const samples: number[] = [];
  let result: unknown;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    result = run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const summary =
    typeof result === 'object' && result !== null && 'total' in result
      ? ` total ${String((result as { total: number }).total)}${(result as { capped?: boolean }).capped ? '+' : ''}`
      : '';
  console.log(
    `${label.padEnd(44)} p50 ${percentile(samples, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(samples, 95).toFixed(1).padStart(7)} ms${summary}`,
  );
}

const zb =
  (filters: Partial<SearchFilters>, pageNum = 1) =>
  () =>
    search.search('zb', { orderBy: 'time', asc: false, ...filters }, { pageNum, pageSize: 20 });

for (const keyword of ['桥', '路', '道路', '学校', '改扩建', '道路改扩建', '污水处理厂']) {
  time(`zb "${keyword}"`, zb({ keyword }));
  time(`zb "${keyword}" page 50`, zb({ keyword }, 50));
  time(`zb "${keyword}" + 济南`, zb({ keyword, areaCode: '370100' }));
  time(`zb "${keyword}" + 招标公告`, zb({ keyword, tags: [['noticeType', '2']] }));
  time(`zb "${keyword}" + 历城区 + 招标公告`, zb({ keyword, areaCode: '370112', tags: [['noticeType', '2']] }));
}
time('zb no keyword', zb({}));
time('zb no keyword page 50', zb({}, 50));
time('zb 济南 + 招标公告', zb({ areaCode: '370100', tags: [['noticeType', '2']] }));
time('zb "道路" by amount', zb({ keyword: '道路', orderBy: 'value' }));
time('xmk "道路" + 施工', () =>
  search.search(
    'xmk',
    { keyword: '道路', tags: [['stage', '5']], orderBy: 'time', asc: false },
    { pageNum: 1, pageSize: 20 },
  ),
);
for (const keyword of ['道路', '道路改扩建']) {
  time(`LIKE zb "${keyword}" (RuoYi, first 20 + count)`, () => {
    const like = `%${keyword}%`;
    const where = 'title LIKE ? OR tenderer LIKE ? OR agency LIKE ? OR content LIKE ?';
    sql.get(`SELECT id FROM zb WHERE ${where} ORDER BY id DESC LIMIT 20`).all(like, like, like, like);
    return {
      total: (sql.get(`SELECT count(*) AS n FROM zb WHERE ${where}`).get(like, like, like, like) as { n: number }).n,
    };
  });
}
db.close();
