/**
 * Export to Excel: the files are opened with exceljs's reader and checked the way a
 * member's sales team would look at them — Chinese headers, amounts as 万元 numbers, real dates,
 * links to the portal's pages, contacts masked exactly as the API masks them — and the daily quota
 * refuses, cuts and counts only the rows sent.
 */
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../src/clock';
import { maskPhone } from '../src/modules/content/contact-mask';
import { QUOTAS } from '../src/modules/member/quota';
import { createTestBackend, type TestBackend } from './fixture';

const SITE = 'https://www.example.com';
let t: TestBackend;
let vip: string;
let members = 0;

beforeAll(async () => {
  t = await createTestBackend({ projects: 150, tenders: 200, siteUrl: SITE });
  vip = await t.login('vip', 'vip123');
});

afterAll(() => t.close());

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** GET an export; `sheet` is the file's first sheet when the answer is a file. */
async function exportOf(path: string, token: string, query: Record<string, string | number> = {}) {
  const res = await request(t.app)
    .get(path)
    .set(t.bearer(token))
    .query(query)
    .buffer(true)
    .parse(binary as never);
  const body = res.body as Buffer;
  if (!res.type.includes('spreadsheetml')) return { res, json: JSON.parse(body.toString()) as { code: number; msg: string }, sheet: null };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return { res, json: null, sheet: workbook.worksheets[0]! };
}

const headersOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);
/** Data rows (2…), each as its cells. */
function rowsOf(sheet: ExcelJS.Worksheet): ExcelJS.Row[] {
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(row);
  });
  return rows;
}
const linkOf = (cell: ExcelJS.Cell) => (cell.value as ExcelJS.CellFormulaValue).result as string;
const idOfLink = (link: string) => Number(link.split('/').pop());

async function freshMember(): Promise<{ token: string; id: number; name: string }> {
  const name = `export${++members}`;
  const token = await t.register(name, 'secret123');
  const { id } = t.db.prepare('SELECT id FROM member WHERE user_name = ?').get(name) as { id: number };
  return { token, id, name };
}

/** 2024-06-11 09:30:00 as the Date exceljs reads for a cell showing that wall time. */
const wall = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);

describe('tender export', () => {
  const query = { keyword: '工程', orderBy: 'amount', isAsc: 'desc' };

  it('holds the search’s rows in its order, with Chinese headers, 万元 numbers, dates and links', async () => {
    const { res, sheet } = await exportOf('/cms/export/zb', vip, query);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('招标信息_')}`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(headersOf(sheet!)).toEqual([
      '标题',
      '公告类型',
      '地区',
      '行业',
      '金额（万元）',
      '招标人',
      '代理机构',
      '中标人',
      '联系人',
      '联系电话',
      '发布时间',
      '报名截止',
      '开标时间',
      '详情链接',
    ]);
    const search = await request(t.app)
      .get('/api/zb/search')
      .query({ ...query, pageSize: 50 });
    const rows = rowsOf(sheet!);
    expect(rows.length).toBe(search.body.total);
    expect(res.headers['x-export-rows']).toBe(String(search.body.total));
    expect(res.headers['x-export-truncated']).toBe('0');
    // The same order as the search's first page.
    const ids = rows.map((row) => idOfLink(linkOf(row.getCell(14))));
    expect(ids.slice(0, 50)).toEqual(search.body.rows.map((r: { id: number }) => r.id));

    const first = rows[0]!;
    const stored = t.db
      .prepare('SELECT title, coalesce(win_amount, amount) AS amount, publish_time AS publishTime FROM zb WHERE id = ?')
      .get(ids[0]) as { title: string; amount: number; publishTime: string };
    expect(first.getCell(1).value).toBe(stored.title);
    expect(first.getCell(5).value).toBe(stored.amount);
    expect(first.getCell(5).numFmt).toBe('#,##0.00"万元"');
    expect(first.getCell(11).value).toEqual(wall(stored.publishTime));
    expect(first.getCell(11).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect((first.getCell(14).value as ExcelJS.CellFormulaValue).formula).toBe(`HYPERLINK("${SITE}/zb/${ids[0]}","${SITE}/zb/${ids[0]}")`);
  });

  it('masks contacts exactly as the detail call does for the same member, and shows them to a VIP', async () => {
    const demo = await t.login('demo', 'demo123');
    const { sheet } = await exportOf('/cms/export/zb', demo, { pageSize: 10 });
    const rows = rowsOf(sheet!).slice(0, 5);
    expect(rows.length).toBe(5);
    for (const row of rows) {
      const id = idOfLink(linkOf(row.getCell(14)));
      const detail = await request(t.app).get(`/cms/bidding/data/${id}`).set(t.bearer(demo));
      expect(row.getCell(9).value).toBe(detail.body.data.contact.contact);
      expect(row.getCell(10).value).toBe(detail.body.data.contact.phone);
      if (detail.body.data.contactMasked) {
        const phone = (t.db.prepare('SELECT contact_phone AS p FROM zb WHERE id = ?').get(id) as { p: string }).p;
        expect(row.getCell(10).value).toBe(maskPhone(phone));
      }
    }
    const { sheet: vipSheet } = await exportOf('/cms/export/zb', vip, {});
    const vipRow = rowsOf(vipSheet!)[0]!;
    const id = idOfLink(linkOf(vipRow.getCell(14)));
    const phone = (t.db.prepare('SELECT contact_phone AS p FROM zb WHERE id = ?').get(id) as { p: string }).p;
    expect(vipRow.getCell(10).value).toBe(phone);
  });

  it('answers bad input with the search’s message, not a file', async () => {
    const { json } = await exportOf('/cms/export/zb', vip, { minAmount: 'abc' });
    expect(json).toMatchObject({ code: 500 });
    expect(json!.msg).toContain('minAmount');
  });

  it('asks for a login without a token', async () => {
    const res = await request(t.app).get('/cms/export/zb');
    expect(res.body).toEqual({ code: 401, msg: '认证失败，无法访问系统资源' });
  });
});

describe('project export', () => {
  it('exports the project search with investments in 万元', async () => {
    const { sheet } = await exportOf('/cms/export/xmk', vip, { keyword: '道路' });
    expect(headersOf(sheet!).slice(0, 6)).toEqual(['项目名称', '项目阶段', '项目性质', '地区', '行业', '总投资（万元）']);
    const search = await request(t.app).get('/api/xmk/search').query({ keyword: '道路' });
    const rows = rowsOf(sheet!);
    expect(rows.length).toBe(search.body.total);
    const link = linkOf(rows[0]!.getCell(11));
    expect(link).toBe(`${SITE}/xmk/${search.body.rows[0].id}`);
    expect(rows[0]!.getCell(6).numFmt).toBe('#,##0.00"万元"');
  });
});

describe('favourites and the visit CRM', () => {
  it('exports the favourites the list shows, linking each item', async () => {
    const list = await request(t.app).get('/cms/favorite/list/').set(t.bearer(vip)).query({ isCancel: 0, pageSize: 100 });
    const { sheet } = await exportOf('/cms/export/favorites', vip);
    const rows = rowsOf(sheet!);
    expect(list.body.total).toBeGreaterThan(0);
    expect(rows.length).toBe(list.body.total);
    expect(headersOf(sheet!)[0]).toBe('类型');
    const first = list.body.rows[0] as { type: string; dataId: number; title: string };
    expect(rows[0]!.getCell(2).value).toBe(first.title);
    expect(linkOf(rows[0]!.getCell(8))).toBe(`${SITE}/${first.type}/${first.dataId}`);
    expect(rows[0]!.getCell(7).value).toBeInstanceOf(Date);
  });

  it('exports every client with each of its visit records', async () => {
    const { id } = t.db.prepare("SELECT id FROM member WHERE user_name = 'vip'").get() as { id: number };
    const expected = (
      t.db
        .prepare(
          `SELECT sum(max(1, (SELECT count(*) FROM visit_record r WHERE r.client_id = c.id))) AS n
           FROM visit_client c WHERE c.member_id = ?`,
        )
        .get(id) as { n: number }
    ).n;
    const { sheet } = await exportOf('/cms/export/visits', vip);
    const rows = rowsOf(sheet!);
    expect(expected).toBeGreaterThan(0);
    expect(rows.length).toBe(expected);
    expect(headersOf(sheet!).slice(0, 4)).toEqual(['客户名称', '联系人', '联系电话', '跟进状态']);
    const visited = rows.find((row) => row.getCell(8).value instanceof Date);
    expect(visited?.getCell(10).value).toEqual(expect.any(String));
  });
});

describe('daily quota', () => {
  const free = QUOTAS.exportRowsPerDay['0'];

  it('cuts an export to what is left, says so, and then refuses with 403 before any file', async () => {
    const m = await freshMember();
    const first = await exportOf('/cms/export/zb', m.token, { pageSize: 10 });
    const rows = rowsOf(first.sheet!);
    expect(first.res.headers['x-export-truncated']).toBe('1');
    expect(first.res.headers['x-export-rows']).toBe(String(free));
    expect(first.res.headers['x-export-remaining']).toBe('0');
    // The rows and, last, the line saying why the file stops there.
    expect(rows.length).toBe(free + 1);
    expect(rows[free]!.getCell(1).value).toBe(`今日导出额度剩余 ${free} 条，本次仅导出前 ${free} 条；明天或升级会员后可导出更多`);

    const refused = await exportOf('/cms/export/favorites', m.token);
    expect(refused.res.status).toBe(200);
    expect(refused.json).toEqual({ code: 403, msg: `今日导出额度已用完（普通会员 ${free} 条/天），请明天再试或升级会员` });

    // A new Shanghai day, a new quota.
    t.clock.advance(DAY_MS);
    const nextDay = await exportOf('/cms/export/xmk', await t.login(m.name, 'secret123'), { keyword: '道路' });
    expect(nextDay.json).toBeNull();
    expect(Number(nextDay.res.headers['x-export-rows'])).toBeGreaterThan(0);
  });

  it('answers HEAD with the headers a download would have, at no cost', async () => {
    const m = await freshMember();
    const head = await request(t.app).head('/cms/export/zb').set(t.bearer(m.token));
    expect(head.status).toBe(200);
    expect(head.headers['x-export-rows']).toBe(String(free));
    expect(head.headers['x-export-truncated']).toBe('1');
    expect(t.db.prepare('SELECT count(*) AS n FROM export_log WHERE member_id = ?').get(m.id)).toEqual({ n: 0 });
  });

  it('counts only the rows a file holds', async () => {
    const m = await freshMember();
    const small = await exportOf('/cms/export/zb', m.token, { keyword: '道路', noticeType: '5' });
    const sent = rowsOf(small.sheet!).length;
    expect(sent).toBeLessThan(free);
    expect(small.res.headers['x-export-remaining']).toBe(String(free - sent));
    const used = t.db.prepare('SELECT sum(rows) AS n FROM export_log WHERE member_id = ?').get(m.id) as { n: number | null };
    expect(used.n ?? 0).toBe(sent);
    // An empty result costs nothing and says so.
    const empty = await exportOf('/cms/export/zb', m.token, { keyword: '不存在的词语组合甲乙丙' });
    expect(rowsOf(empty.sheet!).map((row) => row.getCell(1).value)).toEqual(['没有符合条件的数据']);
    expect(empty.res.headers['x-export-remaining']).toBe(String(free - sent));
  });
});
