/**
 * Search on the default demo size (3000 projects, 5000 tenders): "桥", "道路" and "道路改扩建"
 * return exactly what a brute-force LIKE over the same database returns,
 * in milliseconds. Timings are printed for information; the bound only catches a search that has
 * fallen back to scanning (`npm run bench:search` measures performance properly).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentSearch, textMatches, xmkListItems, zbListItems } from '../src/modules/content/search';
import { htmlText } from '../src/search/tokens';
import { formatDateTime } from '../src/clock';
import { createTestBackend, type TestBackend } from './fixture';

let t: TestBackend;
let search: ContentSearch;

beforeAll(async () => {
  t = await createTestBackend({ projects: 3000, tenders: 5000 });
  search = new ContentSearch(t.context.sql, t.context.stats);
}, 120_000);

afterAll(() => t.close());

const FIELDS = { xmk: ['title', 'owner', 'content'], zb: ['title', 'tenderer', 'agency', 'content'] } as const;

function bruteForce(table: 'xmk' | 'zb', keyword: string): number[] {
  const where = FIELDS[table].map((f) => `${f} LIKE '%' || @k || '%'`).join(' OR ');
  return (t.db.prepare(`SELECT id FROM ${table} WHERE ${where} ORDER BY id DESC`).all({ k: keyword }) as { id: number }[]).map((r) => r.id);
}

function timed<T>(run: () => T): [T, number] {
  const started = performance.now();
  const result = run();
  return [result, performance.now() - started];
}

describe.each(['xmk', 'zb'] as const)('%s search', (table) => {
  it.each(['桥', '道路', '道路改扩建'])('finds exactly the rows containing %s', async (keyword) => {
    const [expected, likeMs] = timed(() => bruteForce(table, keyword));
    expect(expected.length).toBeGreaterThan(0);
    const [result, ftsMs] = timed(() => search.search(table, { keyword, orderBy: 'time', asc: false }, { pageNum: 1, pageSize: 20 }));
    expect(result.total).toBe(expected.length);
    expect(result.ids).toEqual(expected.slice(0, 20));
    const all: number[] = [];
    for (let pageNum = 1; all.length < result.total; pageNum++) {
      all.push(...search.search(table, { keyword, orderBy: 'time', asc: false }, { pageNum, pageSize: 100 }).ids);
    }
    expect(all).toEqual(expected);

    const started = performance.now();
    const res = await request(t.app).get(`/api/${table}/search`).query({ keyword, pageSize: 20 });
    const httpMs = performance.now() - started;
    expect(res.body.total).toBe(expected.length);
    console.info(
      `${table} "${keyword}": ${expected.length} hits; index ${ftsMs.toFixed(1)} ms, LIKE ${likeMs.toFixed(1)} ms, HTTP ${httpMs.toFixed(1)} ms`,
    );
    expect(ftsMs).toBeLessThan(250);
  });

  it('answers a county newest first, every page, exactly (its matches are read oldest first)', () => {
    const { county } = t.db
      .prepare(`SELECT area_code AS county FROM ${table} WHERE area_code <> city_code GROUP BY area_code ORDER BY count(*) DESC LIMIT 1`)
      .get() as { county: string };
    const expected = bruteForce(table, '路').filter(
      (id) => (t.db.prepare(`SELECT area_code AS area FROM ${table} WHERE id = ?`).get(id) as { area: string }).area === county,
    );
    expect(expected.length).toBeGreaterThan(20);
    const filters = { keyword: '路', areaCode: county, orderBy: 'time', asc: false } as const;
    const all: number[] = [];
    for (let pageNum = 1; all.length < expected.length; pageNum++) {
      const result = search.search(table, filters, { pageNum, pageSize: 20 });
      expect(result.total).toBe(expected.length);
      if (result.ids.length === 0) break;
      all.push(...result.ids);
    }
    expect(all).toEqual(expected);
    const oldestFirst = search.search(table, { ...filters, asc: true }, { pageNum: 1, pageSize: 20 });
    expect(oldestFirst.ids).toEqual([...expected].reverse().slice(0, 20));
  });

  it('combines a keyword with region and type filters exactly', () => {
    const typeColumn = table === 'xmk' ? 'stage' : 'notice_type';
    const expected = bruteForce(table, '道路').filter((id) => {
      const row = t.db.prepare(`SELECT city_code AS city, ${typeColumn} AS type FROM ${table} WHERE id = ?`).get(id) as {
        city: string;
        type: string;
      };
      return row.city === '370100' && row.type === '2';
    });
    const tags = table === 'xmk' ? ([['stage', '2']] as const) : ([['noticeType', '2']] as const);
    const result = search.search(
      table,
      { keyword: '道路', areaCode: '370100', tags, orderBy: 'time', asc: false },
      { pageNum: 1, pageSize: 100 },
    );
    expect(result.ids).toEqual(expected.slice(0, 100));
    expect(result.total).toBe(expected.length);
  });

  // A county with a type reads the county-scoped words and tags; two counties OR them.
  it.each([
    ['a keyword, a county and a type', '路', ['370283']],
    ['a keyword, two counties and a type', '工程', ['370283', '370102']],
    ['a county and a type without a keyword', undefined, ['370283']],
  ] as const)('%s: exactly the brute-force rows', (_name, keyword, counties) => {
    const typeColumn = table === 'xmk' ? 'stage' : 'notice_type';
    const list = counties.map((c) => `'${c}'`).join(',');
    const expected = (
      t.db
        .prepare(
          `SELECT id FROM ${table} WHERE area_code IN (${list}) AND ${typeColumn} = '2'` +
            (keyword ? ` AND (${FIELDS[table].map((f) => `${f} LIKE '%' || @k || '%'`).join(' OR ')})` : '') +
            ' ORDER BY id DESC',
        )
        .all(keyword ? { k: keyword } : {}) as { id: number }[]
    ).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(0);
    const tags = table === 'xmk' ? ([['stage', '2']] as const) : ([['noticeType', '2']] as const);
    const all: number[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const result = search.search(table, { keyword, areaCode: counties, tags, orderBy: 'time', asc: false }, { pageNum, pageSize: 100 });
      expect(result.total).toBe(expected.length);
      if (result.ids.length === 0) break;
      all.push(...result.ids);
    }
    expect(all).toEqual(expected);
  });
});

// ---- scope, several words, exclusions, several regions, excerpts, relevance ------------------

interface TextCase {
  keyword: string;
  scope?: 'title' | 'all';
  exclude?: string;
  areaCodes?: string[];
}

/** The reference: LIKE over the columns themselves, newest first. */
function bruteForceText(table: 'xmk' | 'zb', c: TextCase): number[] {
  const fields = c.scope === 'title' ? ['title'] : FIELDS[table];
  const holds = (param: string) => `(${fields.map((f) => `${f} LIKE '%' || @${param} || '%'`).join(' OR ')})`;
  const params: Record<string, string> = {};
  const where: string[] = [];
  c.keyword.split(' ').forEach((word, i) => {
    params[`w${i}`] = word;
    where.push(holds(`w${i}`));
  });
  (c.exclude ?? '')
    .split(/[ ,]+/)
    .filter(Boolean)
    .forEach((word, i) => {
      params[`x${i}`] = word;
      where.push(`NOT ${holds(`x${i}`)}`);
    });
  if (c.areaCodes) {
    const list = c.areaCodes.map((code) => `'${code}'`).join(',');
    where.push(`(area_code IN (${list}) OR city_code IN (${list}))`);
  }
  return (t.db.prepare(`SELECT id FROM ${table} WHERE ${where.join(' AND ')} ORDER BY id DESC`).all(params) as { id: number }[]).map(
    (r) => r.id,
  );
}

function allPages(table: 'xmk' | 'zb', c: TextCase): number[] {
  const filters = { keyword: c.keyword, scope: c.scope, exclude: c.exclude, areaCode: c.areaCodes, orderBy: 'time', asc: false } as const;
  const all: number[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const result = search.search(table, filters, { pageNum, pageSize: 100 });
    if (result.ids.length === 0) break;
    all.push(...result.ids);
  }
  return all;
}

describe.each(['xmk', 'zb'] as const)('%s search: scope, words, exclusions, regions', (table) => {
  const cases: [string, TextCase][] = [
    ['one word in titles only', { keyword: '道路', scope: 'title' }],
    ['two words, all of them, anywhere', { keyword: '道路 工程' }],
    ['two words in titles only', { keyword: '道路 工程', scope: 'title' }],
    ['a word without the excluded ones', { keyword: '道路', exclude: '硬化,改造 学校' }],
    ['a title word without excluded title words', { keyword: '道路', scope: 'title', exclude: '改造' }],
    ['several cities at once', { keyword: '路', areaCodes: ['370100', '370200'] }],
    // Counties only: the words are read from the county-scoped tokens.
    ['one county', { keyword: '路', areaCodes: ['370283'] }],
    ['two counties, two words', { keyword: '工程 路', areaCodes: ['370283', '370102'] }],
    ['a county, a phrase, in titles only', { keyword: '工程', scope: 'title', areaCodes: ['370283'] }],
    ['a county without the excluded words', { keyword: '项目', exclude: '道路', areaCodes: ['370283'] }],
    ['a county and a city', { keyword: '工程', areaCodes: ['370283', '370100'] }],
  ];
  it.each(cases)('%s: exactly the brute-force rows', (_name, c) => {
    const expected = bruteForceText(table, c);
    expect(expected.length).toBeGreaterThan(0);
    // Each case narrows the plain search, so the rule under test is really applied.
    expect(expected.length).toBeLessThan(bruteForce(table, c.keyword.split(' ')[0]!).length);
    expect(allPages(table, c)).toEqual(expected);
  });

  it.each(cases.filter(([, c]) => !c.areaCodes))('textMatches (for alerts) agrees with the search: %s', (_name, c) => {
    const [title, ...body] = FIELDS[table];
    const rows = t.db.prepare(`SELECT id, ${FIELDS[table].join(', ')} FROM ${table} ORDER BY id DESC`).all() as Record<string, string>[];
    const matched = rows
      .filter((row) => textMatches({ title: row[title]!, body: body.map((f) => (f === 'content' ? htmlText(row[f]!) : row[f]!)) }, c))
      .map((row) => Number(row.id));
    expect(matched).toEqual(bruteForceText(table, c));
  });

  it('takes scope, exclude and several areaCodes over HTTP', async () => {
    const c: TextCase = { keyword: '道路 工程', scope: 'title', exclude: '改造', areaCodes: ['370100', '370200'] };
    const expected = bruteForceText(table, c);
    expect(expected.length).toBeGreaterThan(0);
    const res = await request(t.app)
      .get(`/api/${table}/search`)
      .query({ keyword: c.keyword, scope: 'title', exclude: c.exclude, areaCode: c.areaCodes!.join(','), pageSize: 100 });
    expect(res.body.total).toBe(expected.length);
    expect(res.body.rows.map((r: { id: number }) => r.id)).toEqual(expected.slice(0, 100));
  });

  it('refuses a bad scope or region list with a Chinese message (RuoYi code 500)', async () => {
    const scope = await request(t.app).get(`/api/${table}/search`).query({ scope: 'body' });
    expect(scope.body.code).toBe(500);
    expect(scope.body.msg).toContain('scope 必须是 title 或 all');
    const areas = await request(t.app).get(`/api/${table}/search`).query({ areaCode: '370100,37' });
    expect(areas.body.code).toBe(500);
    expect(areas.body.msg).toContain('areaCode');
  });

  it('excerpts the body around the first hit when the title has none', async () => {
    const res = await request(t.app).get(`/api/${table}/search`).query({ keyword: '道路', pageSize: 100 });
    const rows = res.body.rows as { title: string; highlightTitle: string; snippet?: string }[];
    const bodyOnly = rows.filter((r) => !r.title.includes('道路'));
    expect(bodyOnly.length).toBeGreaterThan(0);
    for (const row of bodyOnly) {
      expect(row.snippet).toContain('<em>道路</em>');
      const plain = row.snippet!.replace(/<\/?em>/g, '').replace(/^…|…$/g, '');
      expect(Array.from(plain).length).toBeGreaterThanOrEqual(20);
      expect(Array.from(plain).length).toBeLessThanOrEqual(100);
    }
    for (const row of rows.filter((r) => r.title.includes('道路'))) expect(row.snippet).toBeUndefined();
  });

  it('orders by relevance: title hits first, each part newest first, same rows', () => {
    const keyword = '道路';
    const expected = bruteForce(table, keyword);
    const inTitle = new Set(bruteForceText(table, { keyword, scope: 'title' }));
    const ranked = [...expected.filter((id) => inTitle.has(id)), ...expected.filter((id) => !inTitle.has(id))];
    const all: number[] = [];
    for (let pageNum = 1; all.length < expected.length; pageNum++) {
      const result = search.search(table, { keyword, orderBy: 'relevance', asc: false }, { pageNum, pageSize: 100 });
      expect(result.total).toBe(expected.length);
      all.push(...result.ids);
    }
    expect(all).toEqual(ranked);
  });
});

// ---- the search box's syntax: -word leaves out, "…" keeps a phrase ------------------------------

/**
 * The reference for the syntax: each field's plain text (content without its tags), NFKC and lower
 * case like the index, tested with a regular expression per word or phrase; newest first.
 */
function bruteForceSyntax(
  table: 'xmk' | 'zb',
  c: { include: RegExp[]; exclude: RegExp[]; scope?: 'title'; areaCodes?: string[] },
): number[] {
  const fields = c.scope === 'title' ? ['title'] : FIELDS[table];
  const rows = t.db.prepare(`SELECT id, area_code, city_code, ${FIELDS[table].join(', ')} FROM ${table} ORDER BY id DESC`).all() as Record<
    string,
    string
  >[];
  return rows
    .filter((row) => {
      if (c.areaCodes && !c.areaCodes.includes(row.area_code!) && !c.areaCodes.includes(row.city_code!)) return false;
      const texts = fields.map((f) => (f === 'content' ? htmlText(row[f]!) : row[f]!).normalize('NFKC').toLowerCase());
      const has = (re: RegExp) => texts.some((text) => re.test(text));
      return c.include.every(has) && !c.exclude.some(has);
    })
    .map((row) => Number(row.id));
}

/** A phrase's words adjacent, in order, with nothing or only spaces and punctuation between. */
const phraseRe = (...words: string[]) => new RegExp(words.join('[^\\p{L}\\p{N}]*'), 'u');

describe.each(['xmk', 'zb'] as const)('%s search: the search box syntax', (table) => {
  const cases: [string, { keyword: string; scope?: 'title'; areaCodes?: string[] }, Parameters<typeof bruteForceSyntax>[1]][] = [
    ['a word without a -word', { keyword: '道路 -改造' }, { include: [/道路/], exclude: [/改造/] }],
    ['a quoted phrase', { keyword: '"改造 工程"' }, { include: [phraseRe('改造', '工程')], exclude: [] }],
    ['a word without a quoted phrase', { keyword: '项目 -"改造 工程"' }, { include: [/项目/], exclude: [phraseRe('改造', '工程')] }],
    [
      'a quoted phrase in titles only',
      { keyword: '“改造 工程”', scope: 'title' },
      { include: [phraseRe('改造', '工程')], exclude: [], scope: 'title' },
    ],
    ['a phrase with a one-character word', { keyword: '"路 工程"' }, { include: [phraseRe('路', '工程')], exclude: [] }],
    [
      'a county, a phrase and a -word',
      { keyword: '"建设 项目" -道路', areaCodes: ['370283'] },
      { include: [phraseRe('建设', '项目')], exclude: [/道路/], areaCodes: ['370283'] },
    ],
    ['only a -word', { keyword: '-道路' }, { include: [], exclude: [/道路/] }],
  ];

  it.each(cases)('%s: exactly the reference rows', (_name, query, reference) => {
    const expected = bruteForceSyntax(table, reference);
    expect(expected.length).toBeGreaterThan(0);
    const all: number[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const filters = { keyword: query.keyword, scope: query.scope, areaCode: query.areaCodes, orderBy: 'time', asc: false } as const;
      const result = search.search(table, filters, { pageNum, pageSize: 100 });
      if (result.ids.length === 0) break;
      all.push(...result.ids);
    }
    expect(all).toEqual(expected);
  });

  it('a -word and a phrase really narrow: fewer rows than the words alone', () => {
    const count = (keyword: string) => search.search(table, { keyword, orderBy: 'time', asc: false }, { pageNum: 1, pageSize: 1 }).total;
    expect(count('道路 -改造')).toBeLessThan(count('道路'));
    expect(count('"改造 工程"')).toBeLessThan(count('改造 工程'));
    // The hyphen inside a word is no exclusion.
    expect(count('道路-改造')).toBe(count('道路 改造'));
  });

  it.each(cases.filter(([, q]) => !q.areaCodes))('textMatches (for alerts) agrees: %s', (_name, query, reference) => {
    const [title, ...body] = FIELDS[table];
    const rows = t.db.prepare(`SELECT id, ${FIELDS[table].join(', ')} FROM ${table} ORDER BY id DESC`).all() as Record<string, string>[];
    const matched = rows
      .filter((row) => textMatches({ title: row[title]!, body: body.map((f) => (f === 'content' ? htmlText(row[f]!) : row[f]!)) }, query))
      .map((row) => Number(row.id));
    expect(matched).toEqual(bruteForceSyntax(table, reference));
  });

  it('highlights the words found, not the words left out', () => {
    const result = search.search(
      table,
      { keyword: '道路 -改造', scope: 'title', orderBy: 'time', asc: false },
      { pageNum: 1, pageSize: 20 },
    );
    const items =
      table === 'xmk' ? xmkListItems(t.context.sql, result.ids, '道路 -改造') : zbListItems(t.context.sql, result.ids, '道路 -改造');
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.highlightTitle).toContain('<em>道路</em>');
  });
});

describe('zb filters users asked for', () => {
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  async function everyPage(query: Record<string, string | number>): Promise<number[]> {
    const all: number[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const res = await request(t.app)
        .get('/api/zb/search')
        .query({ ...query, pageNum, pageSize: 100 });
      expect(res.body.code).toBe(200);
      if (res.body.rows.length === 0) return all;
      all.push(...ids(res.body.rows));
    }
  }

  it('未截止: only tenders whose signup deadline has not passed', async () => {
    const now = formatDateTime(t.context.clock());
    const expected = ids(
      t.db
        .prepare(
          `SELECT id FROM zb WHERE signup_deadline >= ? AND (title LIKE '%路%' OR tenderer LIKE '%路%' OR agency LIKE '%路%' OR content LIKE '%路%') ORDER BY id DESC`,
        )
        .all(now) as { id: number }[],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await everyPage({ keyword: '路', signup: 'open' })).toEqual(expected);
  });

  it('开标时间: an inclusive date range of the opening time', async () => {
    const { day } = t.db.prepare(`SELECT substr(max(open_time), 1, 10) AS day FROM zb`).get() as { day: string };
    const expected = ids(
      t.db
        .prepare(`SELECT id FROM zb WHERE open_time BETWEEN date(?, '-30 days') || ' 00:00:00' AND ? || ' 23:59:59' ORDER BY id DESC`)
        .all(day, day) as { id: number }[],
    );
    expect(expected.length).toBeGreaterThan(0);
    const begin = (t.db.prepare(`SELECT date(?, '-30 days') AS d`).get(day) as { d: string }).d;
    expect(await everyPage({ openBegin: begin, openEnd: day })).toEqual(expected);
  });

  it('filters results by their winning amount, and lists that amount', async () => {
    const expected = ids(
      t.db
        .prepare(
          `SELECT id FROM zb WHERE coalesce(win_amount, amount) BETWEEN 100 AND 200 AND (title LIKE '%路%' OR tenderer LIKE '%路%' OR agency LIKE '%路%' OR content LIKE '%路%') ORDER BY id DESC`,
        )
        .all() as {
        id: number;
      }[],
    );
    // Some results are found only by their winning amount (their budget is out of range).
    const byWin = t.db
      .prepare(`SELECT count(*) AS n FROM zb WHERE win_amount BETWEEN 100 AND 200 AND NOT amount BETWEEN 100 AND 200`)
      .get() as { n: number };
    expect(byWin.n).toBeGreaterThan(0);
    expect(await everyPage({ keyword: '路', minAmount: 100, maxAmount: 200 })).toEqual(expected);
    const res = await request(t.app).get('/api/zb/search').query({ minAmount: 100, maxAmount: 200, noticeType: '5', pageSize: 100 });
    for (const row of res.body.rows as { id: number; amount: number }[]) {
      const { win } = t.db.prepare('SELECT coalesce(win_amount, amount) AS win FROM zb WHERE id = ?').get(row.id) as { win: number };
      expect(row.amount).toBe(win);
      expect(row.amount).toBeGreaterThanOrEqual(100);
      expect(row.amount).toBeLessThanOrEqual(200);
    }
  });

  it('refuses a reversed opening range with a Chinese message', async () => {
    const res = await request(t.app).get('/api/zb/search').query({ openBegin: '2025-02-01', openEnd: '2025-01-01' });
    expect(res.body).toEqual({ code: 500, msg: 'openBegin 不能晚于 openEnd' });
  });
});

// A phrase with a notice type is first checked loosely (one bigram per phrase, no
// positions); an amount is checked by joining zb_value. Both must leave the answer exactly as it was.
describe('zb phrases with a type or an amount', () => {
  const like = (param: string) => `(${FIELDS.zb.map((f) => `${f} LIKE '%' || @${param} || '%'`).join(' OR ')})`;
  function reference(keyword: string, where: string, params: Record<string, string | number>, order = 'id DESC'): number[] {
    const words: Record<string, string> = {};
    keyword.split(' ').forEach((word, i) => (words[`w${i}`] = word));
    const text = Object.keys(words).map(like).join(' AND ');
    return (
      t.db.prepare(`SELECT id FROM zb WHERE ${text} AND ${where} ORDER BY ${order}`).all({ ...words, ...params }) as { id: number }[]
    ).map((r) => r.id);
  }
  function every(filters: Parameters<ContentSearch['search']>[1]): { ids: number[]; total: number } {
    const all: number[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const result = search.search('zb', filters, { pageNum, pageSize: 100 });
      if (result.ids.length === 0) return { ids: all, total: result.total };
      all.push(...result.ids);
    }
  }

  it('a phrase and a notice type, every type: exactly the brute-force rows, none included', () => {
    let empty = 0;
    let found = 0;
    for (const keyword of ['候选人', '道路改扩建', '施工总承包', '候选人 工程', '路 中标候选']) {
      for (const type of ['1', '2', '3', '4', '5']) {
        const expected = reference(keyword, 'notice_type = @type', { type });
        const result = every({ keyword, tags: [['noticeType', type]], orderBy: 'time', asc: false });
        expect(result.ids, `${keyword} + type ${type}`).toEqual(expected);
        expect(result.total).toBe(expected.length);
        if (expected.length === 0) empty++;
        else found++;
      }
    }
    // Both answers of the loose check are exercised.
    expect(empty).toBeGreaterThan(0);
    expect(found).toBeGreaterThan(0);
  });

  it('a phrase, a type and the first day only: exactly the brute-force rows', () => {
    const day = (t.db.prepare(`SELECT substr(min(publish_time), 1, 10) AS d FROM zb`).get() as { d: string }).d;
    const expected = reference('施工总承包', "notice_type = '2' AND publish_time <= @end", { end: `${day} 23:59:59` });
    const result = every({ keyword: '施工总承包', tags: [['noticeType', '2']], endDate: day, orderBy: 'time', asc: false });
    expect(result.ids).toEqual(expected);
  });

  it('a phrase and an amount, newest first and by amount: exactly the brute-force rows', () => {
    const value = 'coalesce(win_amount, amount)';
    for (const keyword of ['施工总承包', '道路']) {
      const expected = reference(keyword, `${value} >= 500`, {});
      expect(expected.length).toBeGreaterThan(0);
      expect(every({ keyword, minValue: 500, orderBy: 'time', asc: false }).ids).toEqual(expected);
      const byValue = reference(keyword, `${value} BETWEEN 100 AND 2000 AND notice_type = '5'`, {}, `${value} DESC, id DESC`);
      expect(byValue.length).toBeGreaterThan(0);
      const result = every({ keyword, minValue: 100, maxValue: 2000, tags: [['noticeType', '5']], orderBy: 'value', asc: false });
      expect(result.ids).toEqual(byValue);
      expect(result.total).toBe(byValue.length);
    }
  });
});
