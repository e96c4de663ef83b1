/**
 * The public pages on the server: they carry their data in the HTML (rows, not a spinner), search
 * parameters come from the URL, anything echoed back is escaped, unknown ids are real 404s, and
 * member renders stay private.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableDataInfo } from '@shared/contract/common';
import type { XmkDetail, XmkListItem, ZbDetail, ZbListItem } from '@shared/content/types';
import { createTestPortal, type TestPortal } from './harness';

const SITE_URL = 'https://www.example.com';
let portal: TestPortal;

beforeAll(async () => {
  // Enough tenders that "道路" has a second page of results.
  portal = await createTestPortal({ projects: 120, tenders: 400, config: { SITE_URL } });
});

afterAll(async () => {
  await portal?.close();
});

/** What the backend itself answers, to compare the HTML against. */
async function api<T>(path: string): Promise<T> {
  const res = await request(portal.backend.app).get(path);
  return res.body as T;
}

const page = (path: string, cookie?: string) => {
  const req = request(portal.app).get(path);
  return cookie ? req.set('Cookie', cookie) : req;
};

/** Fragment checks that report the fragment, not the whole page, when they fail. */
function has(html: string, fragment: string): void {
  expect(html.includes(fragment), `page should contain: ${fragment}`).toBe(true);
}
function lacks(html: string, fragment: string): void {
  expect(html.includes(fragment), `page should not contain: ${fragment}`).toBe(false);
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
/** React writes text with &, <, > and attribute quotes escaped; titles in the HTML read like this. */
const htmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function pageState(html: string): { rq: { queries: { queryKey: unknown[] }[] } } {
  const json = /<script id="__APP_STATE__" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null';
  return JSON.parse(json) as { rq: { queries: { queryKey: unknown[] }[] } };
}

describe('list pages render their rows on the server', () => {
  it('/xmk shows the newest projects, the count and the pager', async () => {
    const expected = await api<TableDataInfo<XmkListItem>>('/api/xmk/search?pageNum=1&pageSize=20');
    const res = await page('/xmk');
    expect(res.status).toBe(200);
    for (const row of expected.rows) has(res.text, `href="/xmk/${row.id}"`);
    has(res.text, htmlText(expected.rows[0]?.title ?? '?'));
    has(res.text, `共 ${expected.total} 条`);
    has(res.text, '20条/页');
    lacks(res.text, '暂无数据');
  });

  it('/zb?keyword=道路&pageNum=2 is page 2 of that search, with the hits marked', async () => {
    const expected = await api<TableDataInfo<ZbListItem>>(`/api/zb/search?keyword=${encodeURIComponent('道路')}&pageNum=2&pageSize=20`);
    expect(expected.total).toBeGreaterThan(20);
    const res = await page(`/zb?keyword=${encodeURIComponent('道路')}&pageNum=2`);
    expect(res.status).toBe(200);
    for (const row of expected.rows) has(res.text, `href="/zb/${row.id}"`);
    has(res.text, '<span class="pagination-item is-active" aria-current="page">2</span>');
    has(res.text, '<mark class="hit">道路</mark>');
    expect(titleOf(res.text)).toBe('“道路”相关招标（第2页） - 山东项目网');
    // Keyword searches are not indexed, but their links are followed.
    has(res.text, '<meta name="robots" content="noindex, follow"/>');
    has(res.text, `<link rel="canonical" href="${SITE_URL}/zb?keyword=%E9%81%93%E8%B7%AF&amp;pageNum=2"/>`);
  });

  it('hands the rows to the browser in the dehydrated cache, so it does not fetch them again', async () => {
    const res = await page('/zb?industry=2');
    const keys = pageState(res.text).rq.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toContain(JSON.stringify(['zb', 'list', { industry: '2' }]));
    expect(keys).toContain(JSON.stringify(['system', 'dict', 'cms_region']));
  });

  it("embeds dictionaries as label, value and colour only, not RuoYi's bookkeeping", async () => {
    const res = await page('/zb');
    const state = pageState(res.text) as unknown as {
      rq: { queries: { queryKey: unknown[]; state: { data: Record<string, unknown>[] } }[] };
    };
    const dicts = state.rq.queries.filter((q) => q.queryKey[1] === 'dict');
    const regions = dicts.find((q) => q.queryKey[2] === 'cms_region')?.state.data ?? [];
    expect(regions.length).toBeGreaterThan(100);
    expect(regions[0]).toEqual({ dictLabel: '济南市', dictValue: '370100' });
    const fields = new Set(dicts.flatMap((q) => q.state.data.flatMap((entry) => Object.keys(entry))));
    expect([...fields].every((field) => ['dictLabel', 'dictValue', 'listClass'].includes(field))).toBe(true);
    lacks(res.text, 'dictCode');
  });

  it('filters by region, industry and amount from the URL', async () => {
    const expected = await api<TableDataInfo<ZbListItem>>('/api/zb/search?areaCode=370100&minAmount=100&pageSize=20');
    const res = await page('/zb?areaCode=370100&minAmount=100');
    for (const row of expected.rows) has(res.text, `href="/zb/${row.id}"`);
    has(res.text, `共 ${expected.total} 条`);
    // The chosen city is highlighted and its counties are offered.
    expect(/class="filter-option is-active"[^>]*>济南市</.test(res.text)).toBe(true);
    has(res.text, '历下区');
  });

  it('reproduces a shared search with scope, exclusions, several cities and relevance', async () => {
    const query = `keyword=${encodeURIComponent('道路')}&scope=title&exclude=${encodeURIComponent('改造')}&areaCode=370100%2C370200&orderBy=relevance`;
    const expected = await api<TableDataInfo<ZbListItem>>(`/api/zb/search?${query}&pageSize=20`);
    const wider = await api<TableDataInfo<ZbListItem>>(`/api/zb/search?keyword=${encodeURIComponent('道路')}&pageSize=20`);
    expect(expected.total).toBeGreaterThan(0);
    expect(expected.total).toBeLessThan(wider.total);
    const res = await page(`/zb?${query}`);
    expect(res.status).toBe(200);
    const rows = [...res.text.matchAll(/class="result-title">.*?href="(\/zb\/\d+)"/g)].map((m) => m[1]);
    expect(rows).toEqual(expected.rows.map((row) => `/zb/${row.id}`));
    has(res.text, `共找到 <strong>${expected.total}</strong>`);
    has(res.text, '搜索范围：标题');
    has(res.text, '排除：改造');
    has(res.text, '地区：济南市、青岛市');
    has(res.text, `<link rel="canonical" href="${SITE_URL}/zb?${query.replace(/&/g, '&amp;')}"/>`);
  });

  it('shows an excerpt under a title without a hit', async () => {
    const expected = await api<TableDataInfo<ZbListItem>>(`/api/zb/search?keyword=${encodeURIComponent('道路')}&pageSize=100`);
    const row = expected.rows.find((r) => r.snippet);
    expect(row).toBeDefined();
    const pageNum = Math.floor(expected.rows.indexOf(row!) / 20) + 1;
    const res = await page(`/zb?keyword=${encodeURIComponent('道路')}${pageNum > 1 ? `&pageNum=${pageNum}` : ''}`);
    has(res.text, '<p class="result-snippet">');
    has(res.text, '<mark class="hit">道路</mark>');
  });

  it('ignores filter values that make no sense instead of failing', async () => {
    const plain = await page('/xmk');
    const res = await page('/xmk?areaCode=abc&industry=%3Cb%3E&pageNum=-1&pageSize=7&orderBy=price&beginTime=2024-02-31');
    expect(res.status).toBe(200);
    const rowsOf = (html: string) => [...html.matchAll(/class="result-title">.*?href="(\/xmk\/\d+)"/g)].map((m) => m[1]);
    expect(rowsOf(res.text)).toEqual(rowsOf(plain.text));
    expect(rowsOf(res.text)).toHaveLength(20);
  });

  it('says "暂无数据" when nothing matches', async () => {
    const res = await page(`/xmk?keyword=${encodeURIComponent('不存在的关键词组合甲乙丙')}`);
    expect(res.status).toBe(200);
    has(res.text, '暂无数据');
    has(res.text, '共找到 <strong>0</strong> 个项目');
  });
});

describe('whatever the visitor typed comes back escaped', () => {
  const evil = '<script>alert(1)</script>"\'道路';

  it('in the title, the search box, the chips and the page state', async () => {
    const res = await page(`/zb?keyword=${encodeURIComponent(evil)}`);
    expect(res.status).toBe(200);
    lacks(res.text, '<script>alert(1)');
    expect(titleOf(res.text)).toBe('“&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;道路”相关招标 - 山东项目网');
    has(res.text, 'value="&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;道路"');
    has(res.text, '关键词：&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;道路');
    // JSON in the state script cannot close it.
    has(res.text, '\\u003cscript\\u003ealert(1)\\u003c/script\\u003e');
  });

  it('in highlighted titles, which only ever hold text', async () => {
    // Markup characters split the keyword, so this still finds "道路" and highlights it.
    const keyword = '"><道路';
    const res = await page(`/zb?keyword=${encodeURIComponent(keyword)}`);
    expect(res.status).toBe(200);
    has(res.text, '<mark class="hit">道路</mark>');
    lacks(res.text, keyword);
    has(res.text, 'value="&quot;&gt;&lt;道路"');
  });
});

describe('detail pages', () => {
  it('/xmk/{id} has every field, the body, masked contacts with a login prompt, history and neighbours', async () => {
    const { data: item } = await api<{ data: XmkDetail }>('/api/cmsData/xmk/1');
    const res = await page('/xmk/1');
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toBe(`${htmlText(item.title)} - 山东项目网`);
    for (const label of [
      '所在地区',
      '详细地址',
      '所属行业',
      '项目阶段',
      '项目性质',
      '投资总额',
      '建筑面积',
      '建设单位',
      '单位类型',
      '审批机关',
      '计划开工',
      '计划竣工',
    ]) {
      has(res.text, `<dt>${label}</dt>`);
    }
    has(res.text, htmlText(item.owner));
    has(res.text, '<h2 id="content-title" class="detail-card-title">建设内容</h2>');
    has(res.text, item.contact.phone);
    expect(item.contact.phone).toContain('****');
    has(res.text, '登录查看');
    has(res.text, '项目进展');
    for (const zb of item.relatedZb) has(res.text, `href="/zb/${zb.id}"`);
    if (item.next) has(res.text, `href="/xmk/${item.next.id}"`);
    has(res.text, '"@type":"Article"');
    has(res.text, `<link rel="canonical" href="${SITE_URL}/xmk/1"/>`);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
  });

  it('/zb/{id} has its fields, the body and the related project', async () => {
    const { rows } = await api<TableDataInfo<ZbListItem>>('/api/zb/search?pageSize=100');
    const withProject = (await Promise.all(rows.map((r) => api<{ data: ZbDetail }>(`/api/cmsData/bidding/${r.id}`)))).find(
      (d) => d.data.xmk !== null,
    )?.data;
    expect(withProject).toBeDefined();
    const item = withProject as ZbDetail;
    const res = await page(`/zb/${item.id}`);
    expect(res.status).toBe(200);
    for (const label of ['公告类型', '所在地区', '所属行业', '招标人', '代理机构', '开标时间', '报名截止', '关联项目']) {
      has(res.text, `<dt>${label}</dt>`);
    }
    has(res.text, htmlText(item.tenderer));
    has(res.text, `href="/xmk/${item.xmk?.id}"`);
    has(res.text, '公告正文');
    has(res.text, '"@type":"BreadcrumbList"');
  });

  it('a free member sees masked contacts with "积分查看"; the page is private', async () => {
    const res = await page('/xmk/2', await portal.memberCookie('demo', 'demo123'));
    expect(res.status).toBe(200);
    has(res.text, '积分查看');
    lacks(res.text, '登录查看');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('a VIP member sees the contacts in full', async () => {
    const cookie = await portal.memberCookie('vip', 'vip123');
    const token = cookie.split('=')[1] ?? '';
    const member = await request(portal.backend.app).get('/cms/xmk/data/3').set('Authorization', `Bearer ${token}`);
    const detail = (member.body as { data: XmkDetail }).data;
    expect(detail.contactAccess).toBe('vip');
    const res = await page('/xmk/3', cookie);
    has(res.text, detail.contact.phone);
    expect(detail.contact.phone).not.toContain('*');
    has(res.text, 'VIP 会员');
  });

  it.each(['/xmk/999999999', '/zb/999999999', '/goods/99999', '/support/notice?id=99999', '/support/notice?id=abc'])(
    '%s does not exist: a real 404',
    async (path) => {
      const res = await page(path);
      expect(res.status).toBe(404);
      has(res.text, 'This page could not be found');
    },
  );
});

describe('home pages', () => {
  it.each(['/', '/2', '/index2'])('%s shows the newest projects and tenders and today’s counts', async (path) => {
    const [xmk, zb, today] = await Promise.all([
      api<TableDataInfo<XmkListItem>>('/api/cms/getHomeList/?pageSize=10'),
      api<TableDataInfo<ZbListItem>>('/api/cms/selectZBHomeList/?pageSize=10'),
      api<{ data: { total: number } }>('/api/cms/getTodayNum/0'),
    ]);
    const res = await page(path);
    expect(res.status).toBe(200);
    for (const row of xmk.rows) has(res.text, `href="/xmk/${row.id}"`);
    for (const row of zb.rows) has(res.text, `href="/zb/${row.id}"`);
    has(res.text, '累计收录');
    has(res.text, `<strong>${today.data.total}</strong>`);
    for (const link of ['/business/gczx', '/business/xmzx', '/business/zjzx', '/support/notice']) has(res.text, `href="${link}"`);
    // The alternate layouts name the home page as the canonical one.
    has(res.text, `<link rel="canonical" href="${SITE_URL}/"/>`);
  });
});

describe('business, support, goods and /3g', () => {
  it('a business page offers the consultation form', async () => {
    const res = await page('/business/zjzx');
    has(res.text, '造价咨询在线咨询');
    has(res.text, '提交咨询');
    has(res.text, '0531-88886666');
  });

  it('support pages show their CMS content', async () => {
    const { data } = await api<{ data: { title: string } }>('/api/cms/getSupport/about');
    const res = await page('/support/about');
    has(res.text, `<h1 id="support-title" class="support-title">${data.title}</h1>`);
  });

  it('the notice list links to notices addressed as ?id=', async () => {
    const list = await api<TableDataInfo<{ noticeId: number; noticeTitle: string }>>('/api/cms/getSupport/notice?pageNum=1&pageSize=10');
    const first = list.rows[0];
    expect(first).toBeDefined();
    const res = await page('/support/notice');
    has(res.text, `href="/support/notice?id=${first?.noticeId}"`);
    const detail = await page(`/support/notice?id=${first?.noticeId}`);
    expect(detail.status).toBe(200);
    expect(titleOf(detail.text)).toBe(`${first?.noticeTitle} - 山东项目网`);
    has(detail.text, '返回公告列表');
  });

  it('/goods lists the products; visitors are asked to log in to order', async () => {
    const goods = await api<TableDataInfo<{ id: number; name: string }>>('/api/cms/goods/list');
    const res = await page('/goods');
    for (const g of goods.rows) has(res.text, `href="/goods/${g.id}"`);
    has(res.text, `href="/user_login?redirect=%2Fgoods%2F${goods.rows[0]?.id}"`);
  });

  it('/3g sends phones to the built-in mobile site even with the redirect off', async () => {
    const res = await page('/3g');
    expect(res.status).toBe(200);
    has(res.text, '打开手机版');
    lacks(res.text, '手机版网站暂未开通');
  });

  it.each(['/test', '/test/demo', '/test/test-json'])('%s is kept out of search engines', async (path) => {
    const res = await page(path);
    expect(res.status).toBe(200);
    has(res.text, '<meta name="robots" content="noindex, nofollow"/>');
  });
});
