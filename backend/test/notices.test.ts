/**
 * Importing notices (all or nothing, idempotent, versions kept, search index
 * in step), and the detail answers' lifecycle, changes and changedBy, masked like the contact block.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticeImportRecord, ZbNoticeFields } from '@shared/content/notices';
import { loadConfig } from '../src/config';
import { formatDateTime } from '../src/clock';
import { runDemoFeed } from '../src/seed/demo-feed';
import { topUpDemoData } from '../src/seed/top-up';
import { importNotices } from '../src/modules/content/import';
import { createTestBackend, type TestBackend } from './fixture';

let t: TestBackend;
let demo: string;
let vip: string;

beforeAll(async () => {
  t = await createTestBackend({ projects: 60, tenders: 120 });
  demo = await t.login('demo', 'demo123');
  vip = await t.login('vip', 'vip123');
});

afterAll(() => t.close());

const announcement: NoticeImportRecord = {
  kind: 'zb',
  sourceId: 'ggzy-2024-0001',
  processCode: 'SDBD-2024-0001',
  projectCode: 'XM-IMPORT-0001',
  title: '济南市槐荫区琥珀湾片区道路改造工程施工招标公告',
  noticeType: '招标公告',
  areaCode: '370104',
  industry: '市政',
  amount: 1280.5,
  publishTime: '2024-06-10 09:00:00',
  signupDeadline: '2024-06-17 17:00:00',
  openTime: '2024-07-02 09:30:00',
  tenderer: '济南市槐荫区城市管理局',
  agency: '山东琥珀湾招标代理有限公司',
  contact: { company: '山东琥珀湾招标代理有限公司', name: '张建国', phone: '13812345678', address: '济南市槐荫区经十路100号' },
  content: '<p>琥珀湾片区道路改造。</p><script>alert(1)</script><p onclick="x()">详见招标文件</p>',
  sourceUrl: 'https://ggzyjy.example.gov.cn/notice/0001',
};

const amendment: NoticeImportRecord = {
  kind: 'zb',
  sourceId: 'ggzy-2024-0002',
  processCode: 'SDBD-2024-0001',
  projectCode: 'XM-IMPORT-0001',
  title: '济南市槐荫区琥珀湾片区道路改造工程施工变更公告',
  noticeType: '3',
  areaCode: '370104',
  industry: '2',
  publishTime: '2024-06-11 10:00:00',
  openTime: '2024-07-09 09:30:00',
  tenderer: '济南市槐荫区城市管理局',
  agency: '山东琥珀湾招标代理有限公司',
  contact: { company: '山东琥珀湾招标代理有限公司', name: '张建国', phone: '13899998888', address: '济南市槐荫区经十路100号' },
  content: '<p>开标时间变更。</p>',
};

const project: NoticeImportRecord = {
  kind: 'xmk',
  sourceId: 'fgw-xm-0001',
  projectCode: 'XM-IMPORT-0001',
  title: '济南市槐荫区琥珀湾片区综合开发项目',
  noticeType: '审批',
  areaCode: '370104',
  industry: '市政',
  amount: 56000,
  publishTime: '2024-05-20 09:00:00',
  tenderer: '济南市槐荫区城市建设投资有限公司',
  contact: { company: '济南市槐荫区城市建设投资有限公司', name: '李四', phone: '0531-88886666', address: '济南市槐荫区青年东路5号' },
  content: '<p>片区道路、管网及配套。</p>',
};

const jsonl = (...records: object[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';

const push = (body: string, headers: Record<string, string> = t.admin()) =>
  request(t.app).post('/admin/content/import').set(headers).type('application/x-ndjson').send(body);

const countsOf = (backend: TestBackend) => ({
  zb: (backend.db.prepare('SELECT count(*) AS n FROM zb').get() as { n: number }).n,
  xmk: (backend.db.prepare('SELECT count(*) AS n FROM xmk').get() as { n: number }).n,
  versions: (backend.db.prepare('SELECT count(*) AS n FROM notice_version').get() as { n: number }).n,
});
const counts = () => countsOf(t);

const idOf = (table: 'zb' | 'xmk', sourceId: string) =>
  (t.db.prepare(`SELECT id FROM ${table} WHERE source_id = ?`).get(sourceId) as { id: number }).id;

const searchZb = async (keyword: string, areaCode?: string) =>
  (await request(t.app).get('/api/zb/search').query({ keyword, areaCode })).body.rows as { id: number; title: string }[];

describe('POST /admin/content/import', () => {
  it('needs the admin token', async () => {
    const before = counts();
    const attempts: Record<string, string>[] = [{}, t.bearer(demo), { 'X-Admin-Token': 'wrong-admin-token-0000' }];
    for (const headers of attempts) {
      const res = await push(jsonl(announcement), headers);
      expect(res.body).toEqual({ code: 403, msg: '当前操作没有权限' });
    }
    expect(counts()).toEqual(before);
  });

  it('imports a good file: new rows are searchable, the body is sanitised, tenders link to the project', async () => {
    const before = counts();
    // The project comes last in the file but is published first: ids follow publish order.
    const res = await push(jsonl(announcement, amendment, project));
    expect(res.body.msg).toBe('导入成功');
    expect(res.body).toMatchObject({ code: 200, data: { total: 3, inserted: 3, updated: 0, unchanged: 0 } });
    expect(counts()).toEqual({ zb: before.zb + 2, xmk: before.xmk + 1, versions: before.versions });

    const hits = await searchZb('琥珀湾');
    expect(hits.map((h) => h.id).sort()).toEqual([idOf('zb', 'ggzy-2024-0001'), idOf('zb', 'ggzy-2024-0002')].sort());
    const xmkHits = (await request(t.app).get('/api/xmk/search').query({ keyword: '琥珀湾' })).body.rows;
    expect(xmkHits.map((h: { id: number }) => h.id)).toEqual([idOf('xmk', 'fgw-xm-0001')]);

    const detail = (await request(t.app).get(`/api/cmsData/bidding/${idOf('zb', 'ggzy-2024-0001')}`)).body.data;
    expect(detail.content).not.toContain('script');
    expect(detail.content).not.toContain('onclick');
    expect(detail).toMatchObject({
      noticeType: '2',
      industry: '2',
      cityCode: '370100',
      processCode: 'SDBD-2024-0001',
      sourceUrl: 'https://ggzyjy.example.gov.cn/notice/0001',
      xmk: { id: idOf('xmk', 'fgw-xm-0001') },
    });
  });

  it('changes nothing when the same file comes again', async () => {
    const before = counts();
    const stored = t.db.prepare('SELECT * FROM zb WHERE source_id = ?').get('ggzy-2024-0001');
    const res = await push(jsonl(announcement, amendment, project));
    expect(res.body.data).toEqual({ total: 3, inserted: 0, updated: 0, unchanged: 3, withdrawn: 0, rejected: 0 });
    expect(counts()).toEqual(before);
    expect(t.db.prepare('SELECT * FROM zb WHERE source_id = ?').get('ggzy-2024-0001')).toEqual(stored);
  });

  it.each([
    ['bad JSON', '{"kind": "zb",', '第 2 行：不是有效的 JSON'],
    ['an unknown field', JSON.stringify({ ...announcement, sourceId: 'x-1', budget: 5 }), '第 2 行：未知字段 budget'],
    [
      'an invalid date',
      JSON.stringify({ ...announcement, sourceId: 'x-2', publishTime: '2024-02-30 09:00:00' }),
      '第 2 行：发布时间（publishTime）不是有效的日期时间',
    ],
    ['an unknown region', JSON.stringify({ ...announcement, sourceId: 'x-3', areaCode: '370199' }), '第 2 行：未知地区代码 370199'],
    [
      'a region outside the province',
      JSON.stringify({ ...announcement, sourceId: 'x-9', areaCode: '110101' }),
      '第 2 行：地区代码 110101 不在本省（山东省）范围内',
    ],
    [
      'a title over the limit',
      JSON.stringify({ ...announcement, sourceId: 'x-4', title: '长'.repeat(201) }),
      '第 2 行：标题（title）不能超过 200 个字符',
    ],
    ['a missing title', JSON.stringify({ ...announcement, sourceId: 'x-5', title: undefined }), '第 2 行：缺少标题（title）'],
    [
      'an unknown notice type',
      JSON.stringify({ ...announcement, sourceId: 'x-6', noticeType: '结果变更公告' }),
      '第 2 行：未知公告类型 结果变更公告',
    ],
    [
      'a project without its investment',
      JSON.stringify({ ...project, sourceId: 'x-8', amount: null }),
      '第 2 行：项目库记录（kind xmk）必须有投资总额',
    ],
    [
      'a tender field on a project',
      JSON.stringify({ ...project, sourceId: 'x-7', openTime: '2024-07-01 09:00:00' }),
      '第 2 行：项目库记录（kind xmk）不能有开标时间',
    ],
  ])('refuses the whole file for %s, naming the line', async (_name, badLine, message) => {
    const before = counts();
    const good = JSON.stringify({ ...announcement, sourceId: 'would-be-new', title: '淄博市新增测试工程招标公告' });
    const res = await push(`${good}\n${badLine}\n${good.replace('would-be-new', 'would-be-new-2')}\n`);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(500);
    expect(res.body.msg).toContain(message);
    expect(counts()).toEqual(before);
    expect(t.db.prepare('SELECT 1 FROM zb WHERE source_id = ?').get('would-be-new')).toBeUndefined();
  });

  it('links a tender to a project imported later, and unlinks it when a re-import drops the code', async () => {
    const tender = { ...announcement, sourceId: 'late-zb-1', processCode: 'LATE-1', projectCode: 'XM-LATE-1' };
    expect((await push(jsonl(tender))).body.data).toMatchObject({ inserted: 1 });
    const zbId = idOf('zb', 'late-zb-1');
    const link = async () => (await request(t.app).get(`/api/cmsData/bidding/${zbId}`)).body.data.xmk;
    expect(await link()).toBeNull();
    expect((await push(jsonl({ ...project, sourceId: 'late-xm-1', projectCode: 'XM-LATE-1' }))).body.data).toMatchObject({ inserted: 1 });
    expect(await link()).toMatchObject({ id: idOf('xmk', 'late-xm-1') });
    expect((await push(jsonl({ ...tender, projectCode: undefined }))).body.data).toMatchObject({ updated: 1 });
    expect(await link()).toBeNull();
  });

  it('refuses an empty body with a message', async () => {
    const res = await push('\n\n');
    expect(res.body).toEqual({ code: 500, msg: '请求体必须是 JSON Lines 文本，每行一条记录' });
  });
});

describe('a changed re-import', () => {
  let id: number;

  beforeAll(async () => {
    id = idOf('zb', 'ggzy-2024-0001');
    const changed = { ...announcement, title: '济南市槐荫区琥珀湾片区道路提升改造工程施工招标公告', amount: 1350 };
    const res = await push(jsonl(changed, amendment, project));
    expect(res.body.data).toEqual({ total: 3, inserted: 0, updated: 1, unchanged: 2, withdrawn: 0, rejected: 0 });
  });

  it('keeps the former version, with who and when', () => {
    const rows = t.db
      .prepare(
        "SELECT version, record, changed_by AS changedBy, change_time AS changeTime FROM notice_version WHERE type = 'zb' AND data_id = ?",
      )
      .all(id) as { version: number; record: string; changedBy: string; changeTime: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ version: 1, changedBy: 'admin', changeTime: '2024-06-12 10:30:00' });
    expect(JSON.parse(rows[0]!.record)).toMatchObject({ title: announcement.title, amount: 1280.5 });
  });

  it('re-indexes the row: found by its new words, within its county too', async () => {
    expect((await searchZb('提升改造')).map((h) => h.id)).toEqual([id]);
    // A county search reads the county-scoped tokens: the import writes them as well.
    expect((await searchZb('提升改造', '370104')).map((h) => h.id)).toEqual([id]);
    expect(await searchZb('提升改造', '370102')).toEqual([]);
  });

  it('filters by the new amount (kept in zb_value by triggers)', async () => {
    const byAmount = async (minAmount: number) =>
      ((await request(t.app).get('/api/zb/search').query({ keyword: '提升改造', minAmount })).body.rows as { id: number }[]).map(
        (r) => r.id,
      );
    expect(await byAmount(1300)).toEqual([id]);
    expect(await byAmount(1351)).toEqual([]);
    // Without a keyword the amount is read from zb_value too.
    const rows = (await request(t.app).get('/api/zb/search').query({ minAmount: 1349, maxAmount: 1351, pageSize: 100 })).body.rows;
    expect(rows.map((r: { id: number }) => r.id)).toContain(id);
  });

  it('shows changes against the previous version on the detail answer', async () => {
    const detail = (await request(t.app).get(`/api/cmsData/bidding/${id}`)).body.data as ZbNoticeFields;
    expect(detail.changesAgainst).toEqual({ kind: 'version', version: 1, changedBy: 'admin', changeTime: '2024-06-12 10:30:00' });
    expect(detail.changes).toEqual([
      { field: 'title', label: '标题', before: announcement.title, after: '济南市槐荫区琥珀湾片区道路提升改造工程施工招标公告' },
      { field: 'amount', label: '金额', before: 1280.5, after: 1350 },
    ]);
  });

  it('writes versions as "import" through the CLI path', () => {
    const result = importNotices(t.db, jsonl({ ...project, noticeType: '招标' }), { changedBy: 'import', now: t.clock() });
    expect(result).toEqual({ total: 1, inserted: 0, updated: 1, unchanged: 0, withdrawn: 0, rejected: 0 });
    const xmkId = idOf('xmk', 'fgw-xm-0001');
    expect(t.db.prepare("SELECT changed_by AS c FROM notice_version WHERE type = 'xmk' AND data_id = ?").get(xmkId)).toEqual({
      c: 'import',
    });
  });
});

describe('lifecycle and what changed on the detail answers', () => {
  it('lists the process notices on a tender and marks the original as changed by the 变更公告', async () => {
    const gg = idOf('zb', 'ggzy-2024-0001');
    const bg = idOf('zb', 'ggzy-2024-0002');
    const detail = (await request(t.app).get(`/api/cmsData/bidding/${gg}`)).body.data as ZbNoticeFields;
    expect(detail.lifecycle).toEqual({
      processCode: 'SDBD-2024-0001',
      notices: [
        { id: gg, noticeType: '2', title: expect.any(String), publishTime: '2024-06-10 09:00:00' },
        { id: bg, noticeType: '3', title: amendment.title, publishTime: '2024-06-11 10:00:00' },
      ],
    });
    expect(detail.changedBy).toEqual({ id: bg, publishTime: '2024-06-11 10:00:00' });
  });

  it('shows what a 变更公告 changed, contact parts masked for a visitor and a free member, plain for VIP', async () => {
    const bg = idOf('zb', 'ggzy-2024-0002');
    const gg = idOf('zb', 'ggzy-2024-0001');
    const visitor = (await request(t.app).get(`/api/cmsData/bidding/${bg}`)).body.data as ZbNoticeFields;
    const free = (await request(t.app).get(`/cms/bidding/data/${bg}`).set(t.bearer(demo))).body.data as ZbNoticeFields;
    const paid = (await request(t.app).get(`/cms/bidding/data/${bg}`).set(t.bearer(vip))).body.data as ZbNoticeFields;
    const masked = [
      { field: 'openTime', label: '开标时间', before: '2024-07-02 09:30:00', after: '2024-07-09 09:30:00' },
      { field: 'contact.phone', label: '联系电话', before: '138****5678', after: '138****8888' },
    ];
    expect(visitor.changesAgainst).toMatchObject({ kind: 'notice', id: gg });
    expect(visitor.changes).toEqual(masked);
    expect(free.changes).toEqual(masked);
    expect(paid.changes).toEqual([masked[0], { field: 'contact.phone', label: '联系电话', before: '13812345678', after: '13899998888' }]);
    expect(JSON.stringify(visitor)).not.toContain('13899998888');
    expect(JSON.stringify(free)).not.toContain('13812345678');
    expect(visitor.changedBy).toBeNull();
  });

  it('answers the same lifecycle and changes alone by kind and id (noticeTimeline), masked per caller, counting no view', async () => {
    const bg = idOf('zb', 'ggzy-2024-0002');
    const xm = idOf('xmk', 'fgw-xm-0001');
    const pick = ({ lifecycle, changes, changesAgainst, bodyDiff, changedBy }: ZbNoticeFields) => ({
      lifecycle,
      changes,
      changesAgainst,
      bodyDiff,
      changedBy,
    });
    const detail = (await request(t.app).get(`/api/cmsData/bidding/${bg}`)).body.data;
    const visitor = await request(t.app).get(`/api/ext/notices/zb/${bg}/timeline`);
    expect(visitor.body.data).toEqual(pick(detail));
    expect(JSON.stringify(visitor.body)).not.toContain('13899998888');
    const paid = await request(t.app).get(`/api/ext/notices/zb/${bg}/timeline`).set(t.bearer(vip));
    expect(paid.body.data.changes).toContainEqual({
      field: 'contact.phone',
      label: '联系电话',
      before: '13812345678',
      after: '13899998888',
    });
    const free = await request(t.app).get(`/api/ext/notices/zb/${bg}/timeline`).set(t.bearer(demo));
    expect(JSON.stringify(free.body)).not.toContain('13899998888');
    const project = (await request(t.app).get(`/api/ext/notices/xmk/${xm}/timeline`)).body.data;
    expect(project.lifecycle.stages).toHaveLength(2);
    expect(project.changes).toEqual([{ field: 'noticeType', label: '项目阶段', before: '2', after: '4' }]);
    // Unknown, bad input: the detail's answers.
    expect((await request(t.app).get('/api/ext/notices/zb/99999999/timeline')).body).toEqual({ code: 404, msg: '招标信息不存在或已删除' });
    expect((await request(t.app).get(`/api/ext/notices/foo/${bg}/timeline`)).body).toEqual({ code: 500, msg: 'kind 必须是 xmk 或 zb' });
    expect((await request(t.app).get(`/api/cmsData/bidding/${bg}`)).body.data.views).toBe(detail.views + 1);
  });

  it('gives a project its stages with dates and its tenders', async () => {
    const id = idOf('xmk', 'fgw-xm-0001');
    const detail = (await request(t.app).get(`/api/cmsData/xmk/${id}`)).body.data;
    expect(detail.projectCode).toBe('XM-IMPORT-0001');
    expect(detail.lifecycle.stages).toEqual([
      { stage: '2', summary: '项目发布，当前阶段：审批', changeTime: '2024-05-20 09:00:00' },
      { stage: '4', summary: '项目阶段变更为招标', changeTime: '2024-06-12 10:30:00' },
    ]);
    expect(detail.lifecycle.tenders.map((n: { id: number }) => n.id)).toEqual([idOf('zb', 'ggzy-2024-0001'), idOf('zb', 'ggzy-2024-0002')]);
    expect(detail.changes).toEqual([{ field: 'noticeType', label: '项目阶段', before: '2', after: '4' }]);
  });
});

describe('the seeded lifecycles', () => {
  it('show on the detail answers: the 变更公告 moved the opening of the 招标公告 it changes', async () => {
    const pair = t.db
      .prepare(
        `SELECT g.id AS original, b.id AS change, b.publish_time AS changeTime FROM zb g
         JOIN zb b ON b.process_code = g.process_code AND b.notice_type = '3'
         WHERE g.notice_type = '2' AND g.source_id IS NULL LIMIT 1`,
      )
      .get() as { original: number; change: number; changeTime: string } | undefined;
    expect(pair).toBeDefined();
    const change = (await request(t.app).get(`/api/cmsData/bidding/${pair!.change}`)).body.data as ZbNoticeFields;
    expect(change.changesAgainst).toMatchObject({ kind: 'notice', id: pair!.original });
    expect(change.changes.map((c) => c.field)).toContain('openTime');
    const original = (await request(t.app).get(`/api/cmsData/bidding/${pair!.original}`)).body.data as ZbNoticeFields;
    expect(original.changedBy).toEqual({ id: pair!.change, publishTime: pair!.changeTime });
    expect(original.lifecycle.notices.map((n) => n.id)).toContain(pair!.change);
  });
});

describe('npm run import', () => {
  const cli = path.resolve(__dirname, '../src/cli/import.ts');
  const run = async (file: string) => {
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, file, '--data-dir', t.config.dataDir]);
      return { code: 0, out: stdout };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout + e.stderr };
    }
  };
  const write = (name: string, body: string) => {
    const file = path.join(t.config.dataDir, name);
    fs.writeFileSync(file, body);
    return file;
  };

  it("writes into the running backend's database; the backend sees the rows, its cached counts included", async () => {
    const total = async () => (await request(t.app).get('/api/zb/search')).body.total as number;
    const before = await total();
    const record = {
      ...announcement,
      sourceId: 'cli-0001',
      processCode: 'CLI-1',
      title: '潍坊市寒亭区命令行导入测试工程招标公告',
      areaCode: '370703',
    };
    const res = await run(write('cli.jsonl', jsonl(record)));
    expect(res).toMatchObject({ code: 0 });
    expect(res.out).toContain('新增 1');
    expect(await total()).toBe(before + 1);
    expect((await searchZb('命令行导入')).map((h) => h.id)).toEqual([idOf('zb', 'cli-0001')]);
  }, 30_000);

  it('stops at a bad line with its number and writes nothing', async () => {
    const before = counts();
    const good = JSON.stringify({ ...announcement, sourceId: 'cli-0002' });
    const res = await run(write('bad.jsonl', `${good}\n${good.replace('cli-0002', 'cli-0003').replace('2024-06-10', '2024-13-10')}\n`));
    expect(res.code).toBe(1);
    expect(res.out).toContain('第 2 行：发布时间（publishTime）不是有效的日期时间');
    expect(res.out).toContain('未写入任何数据');
    expect(counts()).toEqual(before);
  }, 30_000);

  it('reads CSV with the same columns, line numbers those of the CSV', () => {
    const csv = [
      'kind,sourceId,title,noticeType,areaCode,industry,amount,publishTime,contact.name,contact.phone',
      'zb,csv-0001,"临沂市兰山区""CSV""导入测试工程招标公告",招标公告,371302,房建,88.5,2024-06-01 09:00:00,王五,13700001111',
      'zb,csv-0002,临沂市兰山区第二个导入测试工程招标公告,招标公告,371302,房建,,2024-06-01,,',
    ].join('\r\n');
    const result = importNotices(t.db, csv, { changedBy: 'import', now: t.clock() }, 'csv');
    expect(result).toEqual({ total: 2, inserted: 2, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0 });
    const row = t.db.prepare("SELECT title, amount, contact_name AS name, publish_time AS p FROM zb WHERE source_id = 'csv-0002'").get();
    expect(row).toEqual({ title: '临沂市兰山区第二个导入测试工程招标公告', amount: null, name: '', p: '2024-06-01 00:00:00' });
    expect(() =>
      importNotices(t.db, csv.replace('371302,房建,88.5', '371302,房建,88.5,extra'), { changedBy: 'import', now: t.clock() }, 'csv'),
    ).toThrow('第 2 行：有 11 列，表头有 10 列');
    expect(() =>
      importNotices(t.db, csv.replace('371302,房建,,', '379999,房建,,'), { changedBy: 'import', now: t.clock() }, 'csv'),
    ).toThrow('第 3 行：未知地区代码 379999');
  });
});

describe('the demo feed', () => {
  // A demo database of its own: the one above holds imported notices, which the feed leaves alone.
  let d: TestBackend;
  beforeAll(async () => {
    d = await createTestBackend({ projects: 60, tenders: 120 });
  });
  afterAll(() => d.close());

  it('is off unless DEMO_FEED is set', () => {
    expect(loadConfig({}).demoFeed).toBe(false);
    expect(loadConfig({ DEMO_FEED: '1' }).demoFeed).toBe(true);
    expect(() => loadConfig({ DEMO_FEED: 'yes' })).toThrow('DEMO_FEED');
  });

  it('publishes new and changed notices through the import, moving processes along their lifecycle', async () => {
    const before = countsOf(d);
    let updated = 0;
    for (let tick = 0; tick < 12; tick++) {
      d.clock.advance(3 * 60_000);
      const result = runDemoFeed(d.db, d.clock())!;
      expect(result.inserted).toBeGreaterThanOrEqual(2);
      updated += result.updated;
    }
    expect(countsOf(d).zb).toBeGreaterThan(before.zb + 20);
    expect(updated).toBeGreaterThan(0);
    const sequences = (
      d.db
        .prepare(
          `SELECT group_concat(notice_type, '') AS types FROM (SELECT process_code, notice_type FROM zb
           WHERE source_id LIKE 'feed-zb-%' ORDER BY id) GROUP BY process_code`,
        )
        .all() as { types: string }[]
    ).map((r) => r.types);
    for (const types of sequences) expect(types).toMatch(/^1?(2(3?(4(5)?)?)?)?$/);
    expect(sequences.some((types) => types.length >= 3)).toBe(true);
    const stages = d.db
      .prepare(
        "SELECT count(*) AS n FROM xmk_version v JOIN xmk x ON x.id = v.xmk_id WHERE x.source_id LIKE 'feed-xmk-%' AND v.version > 1",
      )
      .get() as { n: number };
    expect(stages.n).toBeGreaterThan(0);
    // The newest feed notice is searchable and has its lifecycle on the detail answer.
    const newest = d.db
      .prepare("SELECT id, process_code AS code FROM zb WHERE source_id LIKE 'feed-zb-%' ORDER BY id DESC LIMIT 1")
      .get() as {
      id: number;
      code: string;
    };
    const detail = (await request(d.app).get(`/api/cmsData/bidding/${newest.id}`)).body.data as ZbNoticeFields;
    expect(detail.lifecycle.processCode).toBe(newest.code);
  });

  it('never writes into a database that holds imported notices, nor into an empty one', async () => {
    const real = { ...announcement, sourceId: 'real-after-demo-1', publishTime: formatDateTime(d.clock()) };
    importNotices(d.db, jsonl(real), { changedBy: 'import', now: d.clock() });
    const before = countsOf(d);
    d.clock.advance(3 * 60_000);
    expect(runDemoFeed(d.db, d.clock())).toBeNull();
    d.clock.advance(2 * 86_400_000);
    expect(topUpDemoData(d.db, d.clock())).toEqual({ days: 0, projects: 0, tenders: 0 });
    expect(countsOf(d)).toEqual(before);

    const empty = await createTestBackend({ empty: true });
    try {
      expect(countsOf(empty)).toEqual({ zb: 0, xmk: 0, versions: 0 });
      expect(runDemoFeed(empty.db, empty.clock())).toBeNull();
      empty.clock.advance(2 * 86_400_000);
      expect(topUpDemoData(empty.db, empty.clock()).days).toBe(0);
      // The dictionaries are there: real notices import.
      expect(importNotices(empty.db, jsonl(announcement), { changedBy: 'import', now: empty.clock() }).inserted).toBe(1);
      expect(countsOf(empty).zb).toBe(1);
    } finally {
      empty.close();
    }
  });
});
