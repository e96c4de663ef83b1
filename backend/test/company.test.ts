/**
 * Companies. One company per normalised name, kept right by the seeder and the import
 * (a changed winner moves the win), profiles with counts, amounts, winners and competitors, the
 * search, the ids on list rows and details, 404s and the contact rule.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyListItem, CompanyProfile, CompanyRole } from '@shared/company/types';
import type { NoticeImportRecord } from '@shared/content/notices';
import { importNotices } from '../src/modules/content/import';
import { backfillCompanies, rolesOf, type CompanySource } from '../src/modules/company/maintain';
import { firmsOf } from '../src/modules/company/consortium';
import { candidatesIn, companyKey } from '../src/modules/company/names';
import { companyProfile, searchCompanies } from '../src/modules/company/profile';
import { Statements } from '../src/db/connection';
import { createTestBackend, type TestBackend } from './fixture';

let t: TestBackend;
let vip: string;

beforeAll(async () => {
  t = await createTestBackend({ projects: 60, tenders: 150 });
  vip = await t.login('vip', 'vip123');
});

afterAll(() => t.close());

const TENDERER = '济南市琥珀湾区城市管理局';
const AGENCY = '山东琥珀湾招标代理有限公司';
const WINNER = '山东琥珀建设集团有限公司';
const SECOND = '山东琥珀路桥工程有限公司';
const THIRD = '山东琥珀市政工程有限公司';

const base: NoticeImportRecord = {
  kind: 'zb',
  sourceId: 'co-1',
  processCode: 'CO-BD-1',
  title: '琥珀湾片区道路改造工程施工招标公告',
  noticeType: '2',
  areaCode: '370104',
  industry: '2',
  amount: 1000,
  publishTime: '2024-06-01 09:00:00',
  tenderer: TENDERER,
  agency: AGENCY,
  contact: { company: AGENCY, name: '张建国', phone: '13812345678', address: '济南市槐荫区经十路100号' },
  content: '<p>琥珀湾片区道路改造。</p>',
};

const records: NoticeImportRecord[] = [
  base,
  // The same tenderer written with full-width brackets-free spacing and width variants.
  { ...base, sourceId: 'co-2', processCode: 'CO-BD-2', title: '琥珀湾片区绿化工程招标公告', tenderer: ' 济南市琥珀湾区 城市管理局 ' },
  {
    ...base,
    sourceId: 'co-3',
    noticeType: '4',
    title: '琥珀湾片区道路改造工程中标候选人公示',
    publishTime: '2024-06-05 09:00:00',
    winner: WINNER,
    content: `<p>第一中标候选人：${WINNER}，投标报价：990万元；第二中标候选人：${SECOND}；第三中标候选人：${THIRD}。</p>`,
  },
  {
    ...base,
    sourceId: 'co-4',
    noticeType: '5',
    title: '琥珀湾片区道路改造工程中标结果',
    publishTime: '2024-06-08 09:00:00',
    winner: WINNER,
    winAmount: 990,
  },
  {
    ...base,
    sourceId: 'co-5',
    processCode: 'CO-BD-2',
    noticeType: '5',
    title: '琥珀湾片区绿化工程中标结果',
    publishTime: '2024-06-09 09:00:00',
    winner: WINNER.replace('建设', ' 建设'),
    winAmount: 210.5,
  },
];

const jsonl = (rs: NoticeImportRecord[]) => rs.map((r) => JSON.stringify(r)).join('\n');
const importAll = (rs: NoticeImportRecord[]) => importNotices(t.db, jsonl(rs), { changedBy: 'import', now: t.clock() });
const idOfName = (name: string) =>
  (t.db.prepare('SELECT id FROM company WHERE name_key = ?').get(companyKey(name)) as { id: number } | undefined)?.id;
const profile = async (id: number, token?: string) => {
  const req = request(t.app).get(`/api/cmsData/company/${id}`);
  if (token) req.set(t.bearer(token));
  const res = await req;
  return res.body as { code: number; msg: string; data: CompanyProfile };
};
const roleCount = (p: CompanyListItem, role: CompanyRole) => p.roles.find((r) => r.role === role)?.count ?? 0;

describe('names', () => {
  it('treats width, spaces and bracket forms as one company, legal forms as different ones', () => {
    expect(companyKey('山东 ＡＢＣ建设（集团）有限公司')).toBe(companyKey('山东abc建设(集团)有限公司'));
    expect(companyKey('济南市 城市管理局')).toBe(companyKey('济南市城市管理局'));
    expect(companyKey('山东甲建设有限公司')).not.toBe(companyKey('山东甲建设有限责任公司'));
    expect(companyKey('   ')).toBe('');
  });

  it.each([
    ['a firm alone (no lead)', '山东泰和建设管理有限公司', [['山东泰和建设管理有限公司', false]]],
    [
      'A、B联合体: the first named leads',
      '山东岱衡建工集团有限公司、济南泺源建筑设计研究院有限公司联合体',
      [
        ['山东岱衡建工集团有限公司', true],
        ['济南泺源建筑设计研究院有限公司', false],
      ],
    ],
    [
      'A、B（联合体）',
      '甲建设有限公司、乙设计院有限公司（联合体）',
      [
        ['甲建设有限公司', true],
        ['乙设计院有限公司', false],
      ],
    ],
    [
      'marked members, half-width brackets in a name kept',
      '青岛海晟市政工程(集团)有限公司（牵头人）、青岛北岸勘察设计有限公司（成员）',
      [
        ['青岛海晟市政工程(集团)有限公司', true],
        ['青岛北岸勘察设计有限公司', false],
      ],
    ],
    [
      'a lead marked second',
      '乙设计院有限公司(成员)、甲建设有限公司(牵头人)',
      [
        ['乙设计院有限公司', false],
        ['甲建设有限公司', true],
      ],
    ],
    [
      'labelled',
      '联合体牵头人：聊城昌隆建工集团有限公司；联合体成员：山东晟源装饰工程有限公司、聊城昌润建筑设计有限公司',
      [
        ['聊城昌隆建工集团有限公司', true],
        ['山东晟源装饰工程有限公司', false],
        ['聊城昌润建筑设计有限公司', false],
      ],
    ],
    [
      'cell junk: nbsp, zero-width and trailing spaces',
      '&nbsp;\u200b济南华岳路桥工程有限公司 &nbsp;',
      [['济南华岳路桥工程有限公司', false]],
    ],
    ['the same firm twice in other widths', '甲建设（集团）有限公司、甲建设(集团)有限公司', [['甲建设（集团）有限公司', false]]],
    ['nothing', '  ', []],
  ] as const)('reads the firms of a winner or candidate: %s', (_name, text, firms) => {
    expect(firmsOf(text).map((f) => [f.name, f.lead])).toEqual(firms);
  });

  it('reads the candidates of a 候选人公示 body', () => {
    expect(candidatesIn('<p>第一中标候选人：甲公司，投标报价：9万元；第二中标候选人：乙公司；第三候选人: 丙公司。</p>')).toEqual([
      '甲公司',
      '乙公司',
      '丙公司',
    ]);
  });
});

describe('the seeded companies', () => {
  it('match a recomputation from every notice, with counters in step', () => {
    const expected = new Map<string, number>();
    const zb = t.db
      .prepare(
        `SELECT 'zb' AS kind, id, area_code AS areaCode, tenderer, agency, winner, notice_type AS noticeType, content FROM zb
         UNION ALL SELECT 'xmk', id, area_code, owner, '', NULL, stage, '' FROM xmk`,
      )
      .all() as CompanySource[];
    for (const notice of zb) {
      for (const { role, name } of rolesOf(notice)) {
        const key = `${companyKey(name)}|${role}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
      }
    }
    const stored = t.db
      .prepare(
        'SELECT c.name_key AS k, r.role, count(*) AS n FROM company_role r JOIN company c ON c.id = r.company_id GROUP BY c.id, r.role',
      )
      .all() as { k: string; role: string; n: number }[];
    expect(new Map(stored.map((s) => [`${s.k}|${s.role}`, s.n]))).toEqual(expected);
    const drift = t.db
      .prepare(
        `SELECT count(*) AS n FROM company c WHERE c.notices <> (SELECT count(*) FROM company_role r WHERE r.company_id = c.id)
           OR c.notices <> (SELECT coalesce(sum(n), 0) FROM company_area a WHERE a.company_id = c.id)`,
      )
      .get() as { n: number };
    expect(drift.n).toBe(0);
    expect(stored.some((s) => s.role === 'candidate')).toBe(true);
  });
});

describe('the migration of an existing database', () => {
  it('builds the same companies from the stored notices', () => {
    const snapshot = () =>
      t.db
        .prepare('SELECT c.name, r.kind, r.data_id, r.role FROM company_role r JOIN company c ON c.id = r.company_id ORDER BY 2, 3, 4, 1')
        .all();
    const before = snapshot();
    t.db.exec('DELETE FROM company_role; DELETE FROM company_area; DELETE FROM company;');
    backfillCompanies(t.db);
    expect(snapshot()).toEqual(before);
  });
});

describe('profiles after an import', () => {
  beforeAll(() => {
    importAll(records);
  });

  it('keeps one company for name variants, with roles, years and wins', async () => {
    const id = idOfName(TENDERER)!;
    const { code, msg, data } = await profile(id);
    expect(msg).toBe('操作成功');
    expect(code).toBe(200);
    expect(data.name).toBe(TENDERER);
    expect(roleCount(data, 'tenderer')).toBe(5);
    expect(data.years).toEqual([{ year: 2024, tenders: 5, wins: 0, winAmount: 0, winsWithoutAmount: 0, awardedAmount: 1200.5 }]);
    expect(data.topWinners).toEqual([{ id: idOfName(WINNER), name: WINNER, count: 2, amount: 1200.5 }]);
    expect(data.latestTenders.map((n) => n.title)[0]).toBe('琥珀湾片区绿化工程中标结果');
    expect(data.regions).toEqual([{ code: '370104', count: 5 }]);
    expect(data.industries).toEqual([{ code: '2', count: 5 }]);
  });

  it('shows a winner its wins and its competitors among the candidates', async () => {
    const { data } = await profile(idOfName(WINNER)!);
    expect(roleCount(data, 'winner')).toBe(2);
    expect(roleCount(data, 'candidate')).toBe(1);
    expect(data.years[0]).toMatchObject({ year: 2024, wins: 2, winAmount: 1200.5 });
    expect(data.latestWins.map((w) => w.amount)).toEqual([210.5, 990]);
    expect(data.competitors.map((c) => [c.name, c.count])).toEqual(
      [
        [SECOND, 1],
        [THIRD, 1],
      ].sort((a, b) => idOfName(a[0] as string)! - idOfName(b[0] as string)!),
    );
  });

  it('moves the win when a re-import changes the winner', async () => {
    const changed = { ...records[4]!, winner: SECOND };
    expect(importAll([changed])).toMatchObject({ updated: 1 });
    const winner = (await profile(idOfName(WINNER)!)).data;
    expect(roleCount(winner, 'winner')).toBe(1);
    expect(winner.latestWins.map((w) => w.amount)).toEqual([990]);
    const second = (await profile(idOfName(SECOND)!)).data;
    expect(roleCount(second, 'winner')).toBe(1);
    const tenderer = (await profile(idOfName(TENDERER)!)).data;
    expect(tenderer.topWinners.map((w) => [w.name, w.count])).toEqual([
      [WINNER, 1],
      [SECOND, 1],
    ]);
    // Unchanged re-import leaves the counters alone.
    importAll([changed]);
    expect(roleCount((await profile(idOfName(SECOND)!)).data, 'winner')).toBe(1);
  });

  it('masks the contact for visitors and shows it to a VIP, by the site rule', async () => {
    const id = idOfName(TENDERER)!;
    expect((await profile(id)).data.contact).toMatchObject({ phone: '138****5678', contactMasked: true });
    expect((await profile(id, vip)).data.contact).toMatchObject({ phone: '13812345678', contactMasked: false });
  });

  it('links names on list rows and details to their companies', async () => {
    const list = await request(t.app).get('/api/zb/search').query({ keyword: '琥珀湾片区' });
    const row = list.body.rows.find((r: { title: string }) => r.title === '琥珀湾片区道路改造工程中标结果');
    expect(row.companies).toEqual({ tenderer: idOfName(TENDERER) });
    const detail = await request(t.app).get(`/api/cmsData/bidding/${row.id}`);
    expect(detail.body.data.companies).toEqual({ tenderer: idOfName(TENDERER), agency: idOfName(AGENCY), winner: idOfName(WINNER) });
  });
});

describe('search', () => {
  const list = async (query: Record<string, string | number>) =>
    (await request(t.app).get('/api/cmsData/company/list').query(query)).body as {
      code: number;
      msg: string;
      total: number;
      rows: CompanyListItem[];
    };

  it('finds by part of the name ignoring width and spaces, by role and by region', async () => {
    const byName = await list({ name: '琥珀 湾招标' });
    expect(byName.rows.map((r) => r.name)).toEqual([AGENCY]);
    expect(byName.rows[0]!.mainCityCode).toBe('370100');
    const agencies = await list({ name: '琥珀', role: 'agency' });
    expect(agencies.rows.map((r) => r.name)).toEqual([AGENCY]);
    expect((await list({ name: '琥珀', areaCode: '370100' })).total).toBe(5);
    expect((await list({ name: '琥珀', areaCode: '370104' })).total).toBe(5);
    expect((await list({ name: '琥珀', areaCode: '370200' })).total).toBe(0);
  });

  it('pages, most notices first', async () => {
    const first = await list({ pageSize: 3 });
    expect(first.rows).toHaveLength(3);
    const counts = first.rows.map((r) => r.roles.reduce((s, x) => s + x.count, 0));
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    const second = await list({ pageSize: 3, pageNum: 2 });
    expect(second.rows.map((r) => r.id)).not.toContain(first.rows[0]!.id);
  });

  it('refuses bad parameters with a Chinese message', async () => {
    expect(await list({ role: 'boss' })).toMatchObject({ code: 500, msg: expect.stringContaining('role 必须是') });
    expect(await list({ areaCode: 'jinan' })).toMatchObject({ code: 500, msg: 'areaCode 必须是 6 位地区编码' });
  });
});

describe('query plans', () => {
  it('reads a profile and a search by company, never through every notice', () => {
    const seen: string[] = [];
    const sql = new Statements(t.db);
    const get = sql.get.bind(sql);
    sql.get = ((text: string) => {
      seen.push(text);
      return get(text);
    }) as typeof sql.get;
    companyProfile(sql, idOfName(TENDERER)!, () => 'visitor');
    companyProfile(sql, idOfName(WINNER)!, () => 'visitor');
    searchCompanies(sql, { pageNum: 1, pageSize: 20, name: '建设', areaCode: '370200', role: 'winner' });
    for (const text of new Set(seen)) {
      // Every named parameter bound to 1: the plan does not depend on the values.
      const params = Object.fromEntries((text.match(/@\w+/g) ?? []).map((name) => [name.slice(1), 1]));
      const explain = t.db.prepare(`EXPLAIN QUERY PLAN ${text}`);
      const plan = ((Object.keys(params).length > 0 ? explain.all(params) : explain.all()) as { detail: string }[]).map((p) => p.detail);
      // The by-notice key may only be entered with a notice id; company_role and zb are never scanned.
      expect(
        plan.filter((d) => /PRIMARY KEY \(kind=\?\)$|SCAN (r|t|w|me|o|z|company_role|zb)\b/.test(d)),
        text,
      ).toEqual([]);
    }
  });
});

describe('unknown and bad ids', () => {
  it('answers 404 with a Chinese message', async () => {
    expect(await profile(99_999_999)).toMatchObject({ code: 404, msg: '企业不存在' });
    const bad = await request(t.app).get('/api/cmsData/company/abc');
    expect(bad.body.code).toBe(500);
    expect(bad.body.msg).toMatch(/id/);
  });
});
