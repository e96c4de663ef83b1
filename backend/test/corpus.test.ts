/**
 * The publishers' corpus (test/corpus/README.md) through both ways in — the admin call (a worker
 * thread) and `npm run import` (streamed) — and what a data team and a reader then see: every bad
 * line reported, GBK CSV read, awards and rate awards, candidates tables, consortia credited to each
 * member, a re-issued award, withdrawals answering 410 and leaving search, alerts and company pages,
 * date-only times, notices without a contact, province-level notices.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyProfile } from '@shared/company/types';
import type { NoticeImportReject } from '@shared/content/notices';
import type { ZbDetail } from '@shared/content/types';
import { companyKey } from '../src/modules/company/names';
import { createTestBackend, type TestBackend } from './fixture';

const CORPUS = path.resolve(__dirname, 'corpus');
/** The corpus's clock: 2026-11-27 12:00 in Shanghai. */
const NOW = new Date('2026-11-27T04:00:00Z');

const file = (name: string) => path.join(CORPUS, name);
const records = (name: string) =>
  fs
    .readFileSync(file(name), 'utf8')
    .split('\n')
    .map((line) => (line.trim() === '' ? null : (JSON.parse(line) as Record<string, unknown> & { sourceId: string })));
const processes = records('processes.jsonl');
/** The sourceId of a line (1-based) of processes.jsonl. */
const source = (line: number) => processes[line - 1]!.sourceId;

let t: TestBackend;
let demo: string;

beforeAll(async () => {
  t = await createTestBackend({ projects: 30, tenders: 40, now: NOW });
  demo = await t.login('demo', 'demo123');
});

afterAll(() => t.close());

const push = (body: string | Buffer, query: Record<string, string> = {}, type = 'application/x-ndjson') =>
  request(t.app).post('/admin/content/import').query(query).set(t.admin()).type(type).send(body);

const cli = path.resolve(__dirname, '../src/cli/import.ts');
async function runCli(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      cli,
      ...args,
      '--data-dir',
      t.config.dataDir,
    ]);
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** A copy of a corpus file in the data dir (the CLI writes FILE.rejects.jsonl beside it). */
function copy(name: string): string {
  const target = path.join(t.config.dataDir, name);
  fs.copyFileSync(file(name), target);
  return target;
}

const zbId = (sourceId: string) => (t.db.prepare('SELECT id FROM zb WHERE source_id = ?').get(sourceId) as { id: number } | undefined)?.id;
const detail = async (id: number) =>
  (await request(t.app).get(`/api/cmsData/bidding/${id}`)).body as { code: number; msg: string; data: ZbDetail };
const companyId = (name: string) => (t.db.prepare('SELECT id FROM company WHERE name_key = ?').get(companyKey(name)) as { id: number }).id;
const company = async (name: string) => (await request(t.app).get(`/api/cmsData/company/${companyId(name)}`)).body.data as CompanyProfile;
const wins = (profile: CompanyProfile) => profile.years.reduce((n, y) => n + y.wins, 0);
const roleCount = (profile: CompanyProfile, role: string) => profile.roles.find((r) => r.role === role)?.count ?? 0;
const zbCount = () => (t.db.prepare('SELECT count(*) AS n FROM zb').get() as { n: number }).n;
const searchIds = async (query: Record<string, string>) =>
  ((await request(t.app).get('/api/zb/search').query(query)).body.rows as { id: number }[]).map((r) => r.id);

describe('bad-lines.jsonl: every bad line, and nothing written unless asked', () => {
  const expected = JSON.parse(fs.readFileSync(file('bad-lines.expected.json'), 'utf8')) as { line: number; field: string | null }[];
  const lines = fs.readFileSync(file('bad-lines.jsonl'), 'utf8').split('\n');

  const matchesExpected = (rejects: NoticeImportReject[]) => {
    expect(rejects.map((r) => [r.line, r.field])).toEqual(expected.map((e) => [e.line, e.field]));
    for (const r of rejects) expect(r.original).toBe(lines[r.line - 1]);
  };

  it('the admin call refuses the file, listing all 17 bad lines with line, field and reason', async () => {
    const before = zbCount();
    const res = await push(fs.readFileSync(file('bad-lines.jsonl')));
    expect(res.body.code).toBe(500);
    expect(res.body.data.rejected).toBe(17);
    matchesExpected(res.body.data.rejects);
    expect(res.body.msg).toMatch(/^17 行有误，未写入任何数据/);
    for (const { line } of expected) expect(res.body.msg).toContain(`第 ${line} 行：`);
    const reason = (line: number) => (res.body.data.rejects as NoticeImportReject[]).find((r) => r.line === line)!.reason;
    // A wrongly typed field is not a missing one; a missing one is.
    expect(reason(21)).toBe('金额（amount）必须是数字（万元）');
    expect(reason(23)).toBe('缺少类型（kind）');
    expect(reason(5)).toContain('晚于当前时间');
    expect(reason(6)).toBe('地区代码 110101 不在本省（山东省）范围内（areaCode）');
    expect(reason(24)).toContain('未知地区代码 370199');
    expect(reason(19)).toContain('只能是 true');
    expect(zbCount()).toBe(before);
  });

  it('npm run import answers a mistyped option with its usage, not a stack trace', async () => {
    const { code, out } = await runCli('--skip-invaild', copy('bad-lines.jsonl'));
    expect(code).toBe(2);
    expect(out).toContain("参数有误（Unknown option '--skip-invaild'）");
    expect(out).toContain('用法：npm run import --');
    expect(out).not.toMatch(/\n\s+at /);
  });

  it('npm run import refuses it too, prints the lines and writes all of them to FILE.rejects.jsonl', async () => {
    const before = zbCount();
    const target = copy('bad-lines.jsonl');
    const res = await runCli(target);
    expect(res.code).toBe(1);
    expect(res.out).toContain('17 行有误，未写入任何数据');
    expect(res.out).toContain('第 21 行：金额（amount）必须是数字（万元）');
    const written = fs
      .readFileSync(`${target}.rejects.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as NoticeImportReject);
    matchesExpected(written);
    expect(zbCount()).toBe(before);
  }, 30_000);

  it('--skip-invalid writes the 7 good lines in one go and reports the 17 others', async () => {
    const before = zbCount();
    const target = copy('bad-lines.jsonl');
    const res = await runCli(target, '--skip-invalid');
    expect(res).toMatchObject({ code: 0 });
    expect(res.out).toContain('新增 7');
    expect(res.out).toContain('跳过有误的 17 行');
    expect(fs.readFileSync(`${target}.rejects.jsonl`, 'utf8').trim().split('\n')).toHaveLength(17);
    expect(zbCount()).toBe(before + 7);
  }, 30_000);

  it('skipInvalid=true on the admin call answers the rejects with their original lines', async () => {
    const res = await push(fs.readFileSync(file('bad-lines.jsonl')), { skipInvalid: 'true' });
    expect(res.body).toMatchObject({ code: 200, data: { total: 24, inserted: 0, unchanged: 7, rejected: 17 } });
    matchesExpected(res.body.data.rejects);
  });
});

describe('processes.jsonl through the admin call (a worker thread)', () => {
  beforeAll(async () => {
    // demo subscribes to what one of the corpus's notices is about, to see its alert leave later.
    await request(t.app).post('/cms/alerts/subscriptions').set(t.bearer(demo)).send({ name: '厂房', keywords: '标准化厂房' });
    const res = await push(fs.readFileSync(file('processes.jsonl')));
    expect(res.body).toMatchObject({ code: 200, data: { total: 58, inserted: 58, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0 } });
  }, 60_000);

  it('imports every notice type, in the dictionary in a process order', async () => {
    const dict = (await request(t.app).get('/api/system/dict/data/type/cms_zb_notice_type')).body.data as { dictLabel: string }[];
    expect(dict.map((d) => d.dictLabel)).toEqual([
      '采购意向',
      '招标预告',
      '招标公告',
      '澄清/答疑',
      '变更公告',
      '资格预审',
      '中标候选人公示',
      '中标结果',
      '废标/流标',
      '终止公告',
      '合同公告',
    ]);
    const processCodes = t.db
      .prepare('SELECT count(DISTINCT process_code) AS n FROM zb WHERE source_id IN (SELECT value FROM json_each(?))')
      .get(JSON.stringify(processes.map((r) => r?.sourceId)));
    expect(processCodes).toEqual({ n: 16 });
    const lifecycle = async (line: number) => (await detail(zbId(source(line))!)).data.lifecycle.notices.map((n) => n.noticeType);
    // SGSL-…-02: 招标公告 → 废标/流标 → 招标公告（第二次） → 中标结果; 芝罘: 意向 → 公告 → 澄清 → 终止.
    expect(await lifecycle(21)).toEqual(['2', '9', '2', '5']);
    expect(await lifecycle(42)).toEqual(['6', '2', '7', '10']);
  });

  it('keeps province-level notices (370000), which a city filter leaves out', async () => {
    const provincial = [58, 40, 34, 30].map((line) => zbId(source(line))!);
    const rows = t.db.prepare(`SELECT area_code AS a FROM zb WHERE id IN (${provincial.join(',')})`).all();
    expect(rows).toEqual(provincial.map(() => ({ a: '370000' })));
    expect(await searchIds({ keyword: '山东省教育厅', areaCode: '370100' })).not.toContain(provincial[0]);
    expect(await searchIds({ keyword: '山东省教育厅' })).toContain(provincial[0]);
    // The export names their region too.
    const vip = await t.login('vip', 'vip123');
    const res = await request(t.app)
      .get('/cms/export/zb')
      .query({ keyword: '山东省教育厅' })
      .set(t.bearer(vip))
      .buffer(true)
      .parse((stream, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const column = (sheet.getRow(1).values as unknown[]).indexOf('地区');
    expect(sheet.getRow(2).getCell(column).value).toBe('山东省（省本级）');
  });

  it('shows an award whose record has no budget: the award, the consortium with its lead, each member linked', async () => {
    const { data } = await detail(zbId(source(50))!);
    expect(data.amount).toBeNull();
    expect(data.winAmount).toBe(4712.386549);
    expect(data.winners).toEqual([
      { name: '山东岱衡建工集团有限公司', lead: true, companyId: companyId('山东岱衡建工集团有限公司') },
      { name: '济南泺源建筑设计研究院有限公司', lead: false, companyId: companyId('济南泺源建筑设计研究院有限公司') },
    ]);
    const three = (await detail(zbId(source(1))!)).data.winners;
    expect(three.map((w) => [w.name, w.lead])).toEqual([
      ['聊城昌隆建工集团有限公司', true],
      ['山东晟源装饰工程有限公司', false],
      ['聊城昌润建筑设计有限公司', false],
    ]);
  });

  it('keeps a rate award in the publisher’s words, with no money amount', async () => {
    const { data } = await detail(zbId(source(25))!);
    expect(data).toMatchObject({ winAmount: null, winAmountText: '设计费率2.95%' });
    expect(data.winners.map((w) => [w.name, w.lead])).toEqual([
      ['青岛海晟市政工程(集团)有限公司', true],
      ['青岛北岸勘察设计有限公司', false],
    ]);
    expect((await detail(zbId(source(41))!)).data).toMatchObject({ winAmount: null, winAmountText: '下浮率12.5%' });
  });

  it('gives a candidates notice its table from the record: clean names, bids, a consortium split into members', async () => {
    const { data } = await detail(zbId(source(51))!);
    expect(data.candidates.map((c) => [c.rank, c.name, c.price, c.priceText])).toEqual([
      [1, '山东岱衡建工集团有限公司（牵头人）、济南泺源建筑设计研究院有限公司（成员）', 4712.386549, '47,123,865.49元'],
      [2, '济南华岳路桥工程有限公司', 4756.902318, '47,569,023.18元'],
      [3, '山东鲁晟市政工程有限公司', 4798.45, '47,984,500.00元'],
    ]);
    expect(data.candidates[0]!.members.map((m) => [m.name, m.lead])).toEqual([
      ['山东岱衡建工集团有限公司', true],
      ['济南泺源建筑设计研究院有限公司', false],
    ]);
    expect(data.candidates[1]!.members).toEqual([
      { name: '济南华岳路桥工程有限公司', lead: false, companyId: companyId('济南华岳路桥工程有限公司') },
    ]);
    const rates = (await detail(zbId(source(43))!)).data.candidates.map((c) => [c.price, c.priceText]);
    expect(rates).toEqual([
      [null, '下浮率12.5%'],
      [null, '下浮率10%'],
      [null, '下浮率9.8%'],
    ]);
  });

  it('lists attachments by name and gives every notice its source link', async () => {
    const { data } = await detail(zbId(source(55))!);
    expect(data.attachments.map((a) => a.name.split('.').pop())).toEqual(['zip', 'pdf', 'xls']);
    expect(data.attachments.every((a) => /^https?:\/\//.test(a.url))).toBe(true);
    const links = t.db
      .prepare(`SELECT count(*) AS n FROM zb WHERE source_url LIKE 'http%' AND source_id IN (SELECT value FROM json_each(?))`)
      .get(JSON.stringify(processes.filter((r) => r?.kind === 'zb').map((r) => r!.sourceId)));
    expect(links).toEqual({ n: 55 });
  });

  it('offers no points unlock for a notice without a contact, and charges nothing', async () => {
    for (const line of [58, 56, 49, 30, 5, 7]) {
      const { data } = await detail(zbId(source(line))!);
      expect(data).toMatchObject({ hasContact: false, contactMasked: false, unlockCost: 0 });
      expect(Object.values(data.contact).join('')).toBe('');
    }
    expect((await detail(zbId(source(55))!)).data).toMatchObject({ hasContact: true, contactMasked: true });
    const score = async () => (await request(t.app).get('/cms/member/getMemberInfo').set(t.bearer(demo))).body.user.score as number;
    const before = await score();
    const res = await request(t.app)
      .put('/cms/xmk/score/')
      .set(t.bearer(demo))
      .send({ id: zbId(source(7)), type: 'zb' });
    expect(res.body).toEqual({ code: 500, msg: '该信息未提供联系方式，无需查看' });
    expect(await score()).toBe(before);
  });

  it('masks the contacts inside a body for a visitor and a free member, like the contact block, and not for a VIP', async () => {
    const id = zbId(source(51))!;
    const visitor = (await detail(id)).data.content;
    const free = (await request(t.app).get(`/cms/bidding/data/${id}`).set(t.bearer(demo))).body.data.content as string;
    const vip = await t.login('vip', 'vip123');
    const paid = (await request(t.app).get(`/cms/bidding/data/${id}`).set(t.bearer(vip))).body.data.content as string;
    for (const content of [visitor, free]) {
      expect(content).toContain('招标代理机构联系人：王*　电话：0531-****6658');
      expect(content).not.toMatch(/82316658|王工/);
    }
    expect(paid).toContain('招标代理机构联系人：王工　电话：0531-82316658');
    // The table keeps its header layout on the way out too.
    expect(visitor).toContain('<th colspan="2" align="center">投标报价</th>');
  });

  it('shows what a prose 更正 changed in its text when no field differs (JMSJ, line 27 against 28)', async () => {
    const { data } = await detail(zbId(source(27))!);
    expect(data.changes).toEqual([]);
    expect(data.changesAgainst).toMatchObject({ kind: 'notice', id: zbId(source(28)) });
    const changed = data
      .bodyDiff!.filter((p) => p.op !== 'same' && p.op !== 'fold')
      .map((p) => `${p.op}:${'text' in p ? p.text.trim() : ''}`);
    expect(changed.slice(1)).toEqual(['del:27', 'ins:29', 'del:27', 'ins:29', 'del:24', 'ins:26']);
    expect(changed[0]).toMatch(/^ins:更正说明：/);
    // A correction that changes fields shows them, not a text diff, and what its 更正内容 table
    // states beyond them: the vehicles clause bidders price against.
    const fields = (await detail(zbId(source(52))!)).data;
    expect(fields.changes.map((c) => c.field)).toEqual(['amount', 'signupDeadline', 'openTime', 'stated.1']);
    expect(fields.changes[3]).toEqual({
      field: 'stated.1',
      label: '采购需求第3.2条（作业车辆数量）',
      before: '洗扫车不少于12台',
      after: '洗扫车不少于10台，高压冲洗车不少于4台',
    });
    expect(fields.bodyDiff).toBeNull();
    // Sent again without its structured budget, the table's 预算金额 row says what changed.
    const line52 = processes[51]!;
    expect((await push(JSON.stringify({ ...line52, amount: null }))).body.code).toBe(200);
    const unstated = (await detail(zbId(source(52))!)).data.changes;
    expect(unstated.map((c) => c.label)).toEqual(['报名截止时间', '开标时间', '预算金额', '采购需求第3.2条（作业车辆数量）']);
    expect(unstated[2]).toMatchObject({ before: '1280.000000万元', after: '1265.500000万元' });
    expect((await push(JSON.stringify(line52))).body.code).toBe(200);
    expect((await detail(zbId(source(28))!)).data.bodyDiff).toBeNull();
  });

  it('compares a second change with the first, not with the original (兰山, lines 22 and 19)', async () => {
    const first = (await detail(zbId(source(22))!)).data;
    const second = (await detail(zbId(source(19))!)).data;
    const moved = (d: ZbDetail) => Object.fromEntries(d.changes.map((c) => [c.field, [c.before, c.after]]));
    expect(first.changesAgainst).toMatchObject({ kind: 'notice', id: zbId(source(24)) });
    expect(moved(first)).toMatchObject({
      openTime: ['2026-07-28 09:30:00', '2026-08-04 09:30:00'],
      signupDeadline: [expect.stringMatching(/^2026-07-13/), expect.stringMatching(/^2026-07-20/)],
    });
    expect(second.changesAgainst).toMatchObject({ kind: 'notice', id: zbId(source(22)) });
    expect(moved(second)).toMatchObject({
      openTime: ['2026-08-04 09:30:00', '2026-08-11 09:30:00'],
      signupDeadline: [expect.stringMatching(/^2026-07-20/), expect.stringMatching(/^2026-07-27/)],
    });
    expect(second.changes.find((c) => c.field.startsWith('stated.'))).toMatchObject({
      label: '技术参数第2.7条（多叶光栅叶片数）',
      before: '≥120片',
      after: '≥80对（160片）',
    });
    // The original names the latest change.
    expect((await detail(zbId(source(24))!)).data.changedBy).toMatchObject({ id: zbId(source(19)) });
  });

  it('credits each consortium member with the win, the lead marked, and one firm however its brackets are written', async () => {
    const haisheng = await company('青岛海晟市政工程（集团）有限公司');
    expect(companyId('青岛海晟市政工程(集团)有限公司')).toBe(haisheng.id);
    expect(wins(haisheng)).toBe(2);
    expect(haisheng.latestWins.map((w) => [w.part, w.amount, w.amountText])).toEqual([
      ['lead', null, '设计费率2.95%'],
      [null, 1198.8, '11,988,000.00元/年'],
    ]);
    // The rate award is left out of the sum and counted apart, never as 0 万元.
    expect(haisheng.years).toEqual([expect.objectContaining({ year: 2026, wins: 2, winAmount: 1198.8, winsWithoutAmount: 1 })]);

    const daiheng = await company('山东岱衡建工集团有限公司');
    expect(wins(daiheng)).toBe(1);
    expect(daiheng.latestWins.map((w) => w.part)).toEqual(['lead']);
    const luoyuan = await company('济南泺源建筑设计研究院有限公司');
    expect(wins(luoyuan)).toBe(1);
    expect(luoyuan.latestWins.map((w) => [w.id, w.part, w.amount])).toEqual([[zbId(source(50)), 'member', 4712.386549]]);
  });

  it('credits candidacies (投标/入围) from the tables, with each firm’s own bid, and its rivals as competitors', async () => {
    const daiheng = await company('山东岱衡建工集团有限公司');
    expect(daiheng.latestCandidacies.map((c) => c.id).sort()).toEqual([zbId(source(51)), zbId(source(26))].sort());
    const rivals = daiheng.competitors.map((c) => c.name);
    expect(rivals).toEqual(
      expect.arrayContaining([
        '济南华岳路桥工程有限公司',
        '山东鲁晟市政工程有限公司',
        '济南明水建设集团有限公司',
        '山东恒筑建设集团有限公司',
      ]),
    );
    // Its consortium partner stood beside it, not against it.
    expect(rivals).not.toContain('济南泺源建筑设计研究院有限公司');
    const huayue = await company('济南华岳路桥工程有限公司');
    expect(huayue.latestCandidacies).toEqual([
      expect.objectContaining({ id: zbId(source(51)), amount: 4756.902318, amountText: '47,569,023.18元', part: null }),
    ]);
    const hengzhu = await company('山东恒筑建设集团有限公司');
    expect(wins(hengzhu)).toBe(0);
    expect(roleCount(hengzhu, 'candidate')).toBe(2);
  });

  it('counts a 合同公告 repeating an award as no second win', async () => {
    const mingshui = await company('济南明水建设集团有限公司');
    expect(wins(mingshui)).toBe(1);
    expect(mingshui.years.reduce((n, y) => n + y.winAmount, 0)).toBe(21356.78);
    expect(roleCount(mingshui, 'candidate')).toBe(2);
    expect(wins(await company('山东康桥医疗设备有限公司'))).toBe(1);
  });

  it('credits only the current winner of a re-issued 中标结果', async () => {
    const current = await company('山东通衢路桥工程有限公司');
    expect(wins(current)).toBe(1);
    expect(current.years[0]!.winAmount).toBeCloseTo(9436.015, 1);
    const former = await company('德州衡通路桥建设有限公司');
    expect(wins(former)).toBe(0);
    expect(roleCount(former, 'winner')).toBe(0);
    expect(roleCount(former, 'candidate')).toBe(1);
  });
});

describe('out-of-order.jsonl through npm run import (streamed)', () => {
  beforeAll(async () => {
    const res = await runCli(copy('out-of-order.jsonl'));
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain('新增 12');
  }, 30_000);

  it('keeps a date-only publish time as the day the publisher gave', async () => {
    const line8 = records('out-of-order.jsonl')[7]!;
    const id = zbId(line8.sourceId)!;
    expect(t.db.prepare('SELECT publish_time AS p FROM zb WHERE id = ?').get(id)).toEqual({ p: '2026-03-17 00:00:00' });
    const { data } = await detail(id);
    expect(data).toMatchObject({ publishTime: '2026-03-17 00:00:00', dateOnly: ['publishTime'] });
    expect((await detail(zbId(source(55))!)).data.dateOnly).toEqual([]);
  });

  it('files the late 招标预告 first in its process, and credits a candidate of two processes twice', async () => {
    const lifecycle = (await detail(zbId(source(9))!)).data.lifecycle.notices.map((n) => n.noticeType);
    expect(lifecycle).toEqual(['1', '2', '4', '5', '5']);
    const backfilled = records('out-of-order.jsonl')[5]!.sourceId;
    const candidacies = (await company('山东齐运交通工程有限公司')).latestCandidacies.map((c) => c.id);
    expect(candidacies).toEqual(expect.arrayContaining([zbId(backfilled), zbId(source(14))]));
  });
  it('compares 变更（二） with 变更（一） even when it arrived first (DYDY)', async () => {
    const [one, two] = [records('out-of-order.jsonl')[8]!, records('out-of-order.jsonl')[1]!].map((r) => zbId(r.sourceId)!);
    const second = (await detail(two!)).data;
    expect(second.changesAgainst).toMatchObject({ kind: 'notice', id: one });
    expect(second.changes.find((c) => c.field === 'openTime')).toMatchObject({
      before: '2026-06-29 09:30:00',
      after: '2026-07-08 09:30:00',
    });
    const first = (await detail(one!)).data;
    expect(first.changes.find((c) => c.field === 'openTime')).toMatchObject({
      before: '2026-06-22 09:00:00',
      after: '2026-06-29 09:30:00',
    });
  });
});

describe('withdrawn.jsonl, and withdrawing by id', () => {
  const [first, second, corrected] = records('withdrawn.jsonl') as { sourceId: string }[];
  let firstId: number;
  let candidatesId: number;
  let resultId: number;
  let unreadBefore: number;

  const unread = async () => (await request(t.app).get('/cms/alerts/unread').set(t.bearer(demo))).body.data as number;
  const alertIds = async () =>
    ((await request(t.app).get('/cms/alerts/list').query({ pageSize: 100 }).set(t.bearer(demo))).body.rows as { contentId: number }[]).map(
      (a) => a.contentId,
    );

  beforeAll(async () => {
    firstId = zbId(first!.sourceId)!;
    candidatesId = zbId(second!.sourceId)!;
    resultId = zbId(corrected!.sourceId)!;
    expect(await alertIds()).toContain(firstId);
    unreadBefore = await unread();
    const res = await runCli(copy('withdrawn.jsonl'));
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain('更新 1');
    expect(res.out).toContain('撤销 2');
  }, 30_000);

  it('answers 410 本公告已撤销 on both detail paths, and keeps the last version in the history', async () => {
    expect(await detail(firstId)).toEqual({ code: 410, msg: '本公告已撤销' });
    const member = await request(t.app).get(`/cms/bidding/data/${firstId}`).set(t.bearer(demo));
    expect(member.body).toEqual({ code: 410, msg: '本公告已撤销' });
    const versions = t.db.prepare("SELECT changed_by AS by, record FROM notice_version WHERE type = 'zb' AND data_id = ?").all(firstId) as {
      by: string;
      record: string;
    }[];
    expect(versions.map((v) => v.by)).toEqual(['import']);
    expect(JSON.parse(versions[0]!.record)).toMatchObject({ sourceId: first!.sourceId, title: processes[5]!.title });
  });

  it('takes it out of search, counts and the members’ alerts', async () => {
    expect(await searchIds({ keyword: '标准化厂房' })).toEqual([zbId(source(4))]);
    expect(await alertIds()).not.toContain(firstId);
    expect(await unread()).toBe(unreadBefore - 1);
  });

  it('leaves the withdrawn candidates notice off its candidates’ company pages', async () => {
    for (const name of ['烟台暖润热力工程有限公司', '山东恒通管道工程有限公司', '烟台泰丰建设工程有限公司']) {
      const profile = await company(name);
      expect(profile.latestCandidacies).toEqual([]);
      expect(roleCount(profile, 'candidate')).toBe(0);
    }
    expect((await detail(candidatesId)).code).toBe(410);
  });

  it('applies the publisher’s correction as a version from the importer', async () => {
    const { data } = await detail(resultId);
    expect(data.winAmount).toBe(5268.318702);
    expect(data.changesAgainst).toMatchObject({ kind: 'version', changedBy: 'import' });
    expect(data.changes).toEqual(
      expect.arrayContaining([{ field: 'winAmount', label: '中标金额', before: 5286.318702, after: 5268.318702 }]),
    );
  });

  it('changes nothing when the file comes again, through the admin call too', async () => {
    const res = await push(fs.readFileSync(file('withdrawn.jsonl')));
    expect(res.body.data).toMatchObject({ total: 3, unchanged: 3, withdrawn: 0, updated: 0 });
  });

  it('DELETE /admin/content/zb/{id} withdraws as staff: 410 after, once, and 404 for no notice', async () => {
    const id = zbId(source(10))!;
    const before = zbCount();
    const res = await request(t.app).delete(`/admin/content/zb/${id}`).set(t.admin());
    expect(res.body).toEqual({ code: 200, msg: '已撤销', data: { kind: 'zb', id, withdrawn: true } });
    expect(zbCount()).toBe(before - 1);
    expect((await detail(id)).code).toBe(410);
    const again = await request(t.app).delete(`/admin/content/zb/${id}`).set(t.admin());
    expect(again.body.data).toEqual({ kind: 'zb', id, withdrawn: false });
    expect(t.db.prepare("SELECT changed_by AS by FROM notice_version WHERE type = 'zb' AND data_id = ?").all(id)).toEqual([
      { by: 'admin' },
    ]);
    expect((await request(t.app).delete('/admin/content/zb/99999999').set(t.admin())).body.code).toBe(404);
    expect((await request(t.app).delete(`/admin/content/zb/${id}`)).body.code).toBe(403);
  });

  it('brings a notice published again back under its id', async () => {
    const republished = { ...processes[5]!, title: `${processes[5]!.title as string}（恢复）` };
    const res = await push(JSON.stringify(republished));
    expect(res.body.data).toMatchObject({ updated: 1, inserted: 0 });
    const { code, data } = await detail(firstId);
    expect(code).toBe(200);
    expect(data.title).toContain('（恢复）');
    expect(await searchIds({ keyword: '标准化厂房' })).toEqual(expect.arrayContaining([firstId, zbId(source(4))]));
  });
});

describe('hostile.jsonl', () => {
  it('imports every line; a name with a zero-width space and a trailing space is stored and credited clean', async () => {
    const res = await push(fs.readFileSync(file('hostile.jsonl')));
    expect(res.body.data).toMatchObject({ total: 7, inserted: 7, rejected: 0 });
    const hostile = records('hostile.jsonl');
    const { data } = await detail(zbId(hostile[5]!.sourceId)!);
    expect(data.candidates.map((c) => c.name)).toEqual(['博山建筑队', '淄博博瑞建设有限公司', '淄博鲁泰园林工程有限公司']);
    expect(t.db.prepare('SELECT name FROM company WHERE name_key = ?').get(companyKey('淄博鲁泰园林工程有限公司'))).toEqual({
      name: '淄博鲁泰园林工程有限公司',
    });
    const small = await company('博山建筑队');
    expect(wins(small)).toBe(1);
    expect(small.latestWins.map((w) => w.amount)).toEqual([93.1526]);
    expect(roleCount(small, 'candidate')).toBe(1);
  });
});

describe('CSV as Excel saves it', () => {
  it('reads GBK through npm run import, and the UTF-8 (BOM) file as the very same records', async () => {
    const gbk = await runCli(copy('notices-gbk.csv'));
    expect(gbk.code, gbk.out).toBe(0);
    expect(gbk.out).toContain('10 条记录（GBK/GB18030）');
    expect(gbk.out).toContain('新增 10');
    const utf8 = await push(fs.readFileSync(file('notices-utf8-bom.csv')), {}, 'text/csv');
    expect(utf8.body.data).toMatchObject({ total: 10, unchanged: 10 });
    const gbkAgain = await push(fs.readFileSync(file('notices-gbk.csv')), {}, 'text/csv');
    expect(gbkAgain.body.data).toMatchObject({ total: 10, unchanged: 10 });
  }, 30_000);

  it('refuses bytes that are neither UTF-8 nor GBK, saying the encoding is the problem', async () => {
    const res = await push(Buffer.from([0x7b, 0xff, 0xfe, 0xff, 0x7d, 0x0a]));
    expect(res.body.code).toBe(500);
    expect(res.body.msg).toContain('文件编码无法识别');
  });
});

describe('the admin call’s limit', () => {
  it('answers 413 naming the limit and the CLI for larger files', async () => {
    const res = await push(Buffer.alloc(21 * 1024 * 1024, 0x20));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(413);
    expect(res.body.msg).toContain('20 MB');
    expect(res.body.msg).toContain('npm run import');
  });
});
