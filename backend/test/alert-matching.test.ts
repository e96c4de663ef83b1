/**
 * The subscription index (modules/alerts/matching.ts) against the two things it must agree with:
 * checking every subscription one by one (the index may only skip those that cannot match), and
 * the search's FTS keyword rule on the same documents (a keyword alerts exactly the notices the
 * search would find with it).
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Random } from '../src/seed/random';
import { compileSubscription, matches, matchTarget, SubscriptionIndex, type CompiledSubscription } from '../src/modules/alerts/matching';
import type { NoticeRecord } from '../src/modules/content/notice-record';
import { zbDocument } from '../src/search/fts-index';
import { keywordMatch } from '../src/search/tokens';

const WORDS = ['道路', '改造', '学校', '桥', '地铁站', 'PPP', 'ｐｐｐ', 'G20', '污水处理', '监理', '设计', '绿化', '医院', '站', '工程'];
const AREAS = ['370102', '370100', '370202', '370200', '370302'];

function record(rng: Random, n: number): NoticeRecord {
  const title = Array.from({ length: rng.int(2, 5) }, () => rng.pick(WORDS)).join(rng.chance(0.5) ? '' : '、');
  const areaCode = rng.pick(['370102', '370202', '370302', '370100']);
  return {
    kind: 'zb',
    sourceId: `m-${n}`,
    processCode: null,
    projectCode: null,
    title,
    noticeType: rng.pick(['1', '2', '3']),
    areaCode,
    industry: '2',
    amount: rng.chance(0.2) ? null : rng.int(0, 1000),
    publishTime: '2024-06-12 09:00:00',
    signupDeadline: null,
    openTime: null,
    tenderer: rng.chance(0.3) ? `${rng.pick(WORDS)}局` : '城市管理局',
    agency: '',
    winner: null,
    winAmount: null,
    winAmountText: null,
    candidates: [],
    contact: { company: '', name: '', phone: '', address: '' },
    content: rng.chance(0.5) ? `<p>${rng.pick(WORDS)}</p>` : '',
    sourceUrl: null,
    attachments: [],
    dateOnly: [],
  };
}

function subscriptions(rng: Random, count: number): CompiledSubscription[] {
  return Array.from({ length: count }, (_, i) =>
    compileSubscription({
      id: i + 1,
      memberId: i + 1,
      name: `s${i}`,
      keywords: rng.chance(0.85) ? Array.from({ length: rng.int(1, 3) }, () => rng.pick(WORDS)).join(' ') : '',
      matchMode: rng.chance(0.5) ? 'any' : 'all',
      excludeWords: rng.chance(0.2) ? rng.pick(WORDS) : '',
      areaCodes: rng.chance(0.5) ? rng.pick(AREAS) : '',
      noticeTypes: rng.chance(0.3) ? '2' : '',
      amountMin: rng.chance(0.2) ? rng.int(0, 500) : null,
      amountMax: rng.chance(0.1) ? rng.int(500, 1000) : null,
    }),
  );
}

describe('SubscriptionIndex', () => {
  it('finds exactly the subscriptions a one-by-one check finds', () => {
    const rng = new Random('alert-matching');
    const subs = subscriptions(rng, 2000);
    const index = new SubscriptionIndex(subs);
    let total = 0;
    for (let n = 0; n < 300; n++) {
      const target = matchTarget(record(rng, n));
      const expected = subs.filter((s) => matches(s, target)).map((s) => s.id);
      expect(index.match(target).map((s) => s.id)).toEqual(expected);
      total += expected.length;
    }
    // The comparison means something only if many notices match something.
    expect(total).toBeGreaterThan(1000);
  });

  it('matches any keyword by default wording, every keyword when asked, and nothing without a keyword or region', () => {
    const rng = new Random('alert-modes');
    const base = { id: 1, memberId: 1, name: 'm', excludeWords: '', noticeTypes: '', amountMin: null, amountMax: null };
    const notice = matchTarget({ ...record(rng, 0), title: '济南市学校改造工程', tenderer: '', content: '', areaCode: '370102' });
    const any = compileSubscription({ ...base, keywords: '学校 医院', matchMode: 'any', areaCodes: '' });
    const all = compileSubscription({ ...base, keywords: '学校 医院', matchMode: 'all', areaCodes: '' });
    expect(matches(any, notice)).toBe(true);
    expect(matches(all, notice)).toBe(false);
    expect(matches(compileSubscription({ ...base, keywords: '学校 改造', matchMode: 'all', areaCodes: '' }), notice)).toBe(true);
    // Types or amounts alone, or only the province, are no condition: such a subscription matches nothing.
    const unbounded = compileSubscription({ ...base, keywords: '', matchMode: 'any', areaCodes: '370000', noticeTypes: '1,2,3' });
    expect(matches(unbounded, notice)).toBe(false);
    expect(new SubscriptionIndex([unbounded]).size).toBe(0);
    // The index files an any-subscription under each word: the second word alone finds it.
    const index = new SubscriptionIndex([compileSubscription({ ...base, keywords: '医院 学校', matchMode: 'any', areaCodes: '' })]);
    expect(index.match(notice).map((s) => s.id)).toEqual([1]);
  });

  it("reads the profile's comma list as alternatives, one keyword possibly of two words", () => {
    const rng = new Random('alert-profile');
    const notice = matchTarget({ ...record(rng, 0), title: '青岛道路 改造工程', tenderer: '', content: '', areaCode: '370202' });
    const profile = (keywords: string, areaCodes = '') =>
      compileSubscription({
        id: 0,
        memberId: 1,
        name: '会员资料订阅',
        keywords,
        matchMode: 'any',
        excludeWords: '',
        areaCodes,
        noticeTypes: '',
        amountMin: null,
        amountMax: null,
      });
    expect(matches(profile('医院,道路 改造'), notice)).toBe(true);
    expect(matches(profile('医院,道路 学校'), notice)).toBe(false);
    expect(matches(profile('', '370200'), notice)).toBe(true);
    expect(matches(profile('', '370100'), notice)).toBe(false);
  });

  it('matches a keyword exactly where the search index finds it', () => {
    const db = new Database(':memory:');
    db.exec("CREATE VIRTUAL TABLE zb_fts USING fts5 (uni, bi, tags, content = '', tokenize = 'unicode61 remove_diacritics 0')");
    const rng = new Random('alert-vs-search');
    const records = Array.from({ length: 200 }, (_, n) => record(rng, n));
    const insert = db.prepare('INSERT INTO zb_fts (rowid, uni, bi, tags) VALUES (?, ?, ?, ?)');
    records.forEach((r, i) => {
      const doc = zbDocument({ ...r, cityCode: r.areaCode, content: r.content });
      insert.run(i + 1, doc.uni, doc.bi, doc.tags);
    });
    const search = db.prepare<[string], { id: number }>('SELECT rowid AS id FROM zb_fts WHERE zb_fts MATCH ? ORDER BY rowid');
    for (const keyword of [...WORDS, '道路 改造', '地铁', '铁站', 'pp', '桥、工程', 'g2']) {
      const sub = compileSubscription({
        id: 1,
        memberId: 1,
        name: 'k',
        keywords: keyword,
        // The search's keywords must all occur.
        matchMode: 'all',
        excludeWords: '',
        areaCodes: '',
        noticeTypes: '',
        amountMin: null,
        amountMax: null,
      });
      const fromSearch = search.all(keywordMatch(keyword)!).map((r) => r.id);
      const fromAlerts = records.flatMap((r, i) => (matches(sub, matchTarget(r)) ? [i + 1] : []));
      expect(fromAlerts, keyword).toEqual(fromSearch);
    }
    db.close();
  });
});
