/**
 * `npm run bench:diff` (not in CI): the text diff a 变更公告's detail answer carries, timed.
 *
 *   npm run bench:diff                 # options: --runs N (default 200)
 *
 * The diff is computed on the thread that answers the detail call, so it must stay small beside
 * the rest of that answer. Cases: each correction of the realistic corpus against the notice it
 * corrects (prose edits in publishers' HTML), and large bodies a publisher does send — a bill of
 * quantities of 300 and 1,500 table rows with one cell changed, and the same with every tenth row
 * changed. The baseline, in the same run, is sanitising the same body once (what every detail
 * answer already does), so the figures read as a ratio on a shared, noisy machine. Prints p50/p95
 * in ms and the ratio of each p50 to the baseline's, with the load average.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sanitizeBodyHtml } from '@shared/content/body-html';
import { bodyDiff } from '../src/modules/content/body-diff';
import { timeRuns } from './lib/bench-helpers';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '200' } } });
const runs = Number(args.runs);

interface CorpusNotice {
  processCode: string;
  publishTime: string;
  noticeType: string;
  title: string;
  content: string;
}

const corpus = fs
  .readFileSync(path.resolve(import.meta.dirname, '../test/corpus/processes.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as CorpusNotice);

/**
 * Each correction against the notice it corrects: the latest earlier notice of its process that
 * is not itself a correction (the pair a detail page compares), and against the process's 招标公告
 * (a correction whose body shares little with what it is compared with: the costly case).
 */
const earlier = (n: CorpusNotice) =>
  corpus
    .filter((o) => o.processCode === n.processCode && o.noticeType !== '变更公告' && o.publishTime < n.publishTime)
    .sort((a, b) => b.publishTime.localeCompare(a.publishTime));
const pairs = corpus
  .filter((n) => n.noticeType === '变更公告')
  .flatMap((n) => {
    const corrected = earlier(n)[0];
    const tender = earlier(n).find((o) => o.noticeType === '招标公告');
    return [
      ...(corrected ? [{ kind: `of a ${corrected.noticeType}`, before: corrected.content, after: n.content }] : []),
      ...(tender && tender !== corrected ? [{ kind: 'against its 招标公告', before: tender.content, after: n.content }] : []),
    ];
  });

function billOfQuantities(rows: number, changedEvery: number): { before: string; after: string } {
  const row = (i: number, price: string) =>
    `<tr><td>${i}</td><td>C30混凝土浇筑（第${i}段）</td><td>m³</td><td>${(i * 3.7).toFixed(2)}</td><td>${price}</td></tr>`;
  const table = (changed: boolean) =>
    `<p>工程量清单</p><table border="1"><tr><th>序号</th><th>项目名称</th><th>单位</th><th>工程量</th><th>综合单价（元）</th></tr>${Array.from(
      { length: rows },
      (_, i) => row(i + 1, changed && i % changedEvery === 0 ? '512.30' : '498.60'),
    ).join('')}</table><p>其他内容不变。</p>`;
  return { before: table(false), after: table(true) };
}

const cases: { name: string; before: string; after: string }[] = [
  ...pairs.map((pair, i) => ({ name: `correction ${i + 1} ${pair.kind}`, ...pair })),
  { name: 'bill of quantities, 300 rows, 1 cell changed', ...billOfQuantities(300, 1000) },
  { name: 'bill of quantities, 1,500 rows, 1 cell changed', ...billOfQuantities(1500, 10_000) },
  { name: 'bill of quantities, 1,500 rows, every 10th changed', ...billOfQuantities(1500, 10) },
];

console.log(
  `bench:diff — ${runs} runs per case, load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
for (const c of cases) {
  const baseline = timeRuns(runs, () => sanitizeBodyHtml(c.after));
  const diff = timeRuns(runs, () => bodyDiff(c.before, c.after));
  console.log(
    `${c.name.padEnd(52)} diff p50 ${diff.p50.toFixed(2)} ms p95 ${diff.p95.toFixed(2)} ms | ` +
      `sanitise p50 ${baseline.p50.toFixed(2)} ms | ratio ${(diff.p50 / baseline.p50).toFixed(1)}×`,
  );
}
