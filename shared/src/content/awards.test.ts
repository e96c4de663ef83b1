/** What a tender detail shows as its amounts and bids, and its times, for notices shaped like the corpus's. */
import { describe, expect, it } from 'vitest';
import { httpUrlOrNull } from './source-links';
import { parseTime } from '../time';
import { noticeTime } from './notices';
import { bidOf, noticeAmounts } from './zb-notice';

describe('noticeAmounts', () => {
  it('shows a 中标结果 award, not the budget it lacks (LCJS-EPC-2026-0031)', () => {
    expect(noticeAmounts({ noticeType: '5', amount: null, winAmount: 4712.386549, winAmountText: null }, '中标结果')).toEqual([
      { label: '中标金额', value: '4,712.39万元', asWritten: null },
    ]);
  });

  it("shows a rate award in the publisher's words where the amount would be, never 0 万元 (ZDJL-2026-0009)", () => {
    expect(noticeAmounts({ noticeType: '5', amount: null, winAmount: null, winAmountText: '下浮率12.5%' }, '中标结果')).toEqual([
      { label: '中标金额', value: '下浮率12.5%', asWritten: null },
    ]);
  });

  it('keeps the words beside a sum when the publisher gave both (…元/年)', () => {
    const [award] = noticeAmounts({ noticeType: '5', amount: null, winAmount: 1198.8, winAmountText: '11,988,000.00元/年' }, '中标结果');
    expect(award).toEqual({ label: '中标金额', value: '1,198.8万元', asWritten: '11,988,000.00元/年' });
  });

  it('labels a 中标候选人公示 amount 投标报价 and its budget 预算金额', () => {
    expect(noticeAmounts({ noticeType: '4', amount: 4865.27, winAmount: 4712.386549, winAmountText: null }, '中标候选人公示')).toEqual([
      { label: '投标报价', value: '4,712.39万元', asWritten: null },
      { label: '预算金额', value: '4,865.27万元', asWritten: null },
    ]);
    // Rate bids and no first-candidate amount: no sum, and the budget is never shown as the bid.
    const [bid] = noticeAmounts({ noticeType: '4', amount: 186.4, winAmount: null, winAmountText: null }, '中标候选人公示');
    expect(bid).toEqual({ label: '投标报价', value: '—', asWritten: null });
    // ZDJL-2026-0009's bids are rates: the first candidate's, as written.
    const candidates = [
      { price: null, priceText: '下浮率12.5%' },
      { price: null, priceText: '下浮率10%' },
    ];
    expect(
      noticeAmounts({ noticeType: '4', amount: 186.4, winAmount: null, winAmountText: null, candidates }, '中标候选人公示')[0],
    ).toEqual({
      label: '投标报价',
      value: '下浮率12.5%',
      asWritten: null,
    });
  });

  it('shows the budget alone on notices before an award', () => {
    expect(noticeAmounts({ noticeType: '2', amount: 1280, winAmount: null, winAmountText: null }, '招标公告')).toEqual([
      { label: '预算金额', value: '1,280万元', asWritten: null },
    ]);
  });

  it("keeps the spec's 预算/中标金额 under the type's label on a backend without the award fields", () => {
    expect(noticeAmounts({ noticeType: '5', amount: 4712.39 }, '中标结果')).toEqual([
      { label: '中标金额', value: '4,712.39万元', asWritten: null },
    ]);
  });
});

describe('bidOf', () => {
  it('reads a bid in 万元 with the words as written, or the words of a rate', () => {
    expect(bidOf({ price: 4756.902318, priceText: '47,569,023.18元' })).toEqual({ value: '4,756.9万元', asWritten: '47,569,023.18元' });
    expect(bidOf({ price: null, priceText: '设计费率2.95%' })).toEqual({ value: '设计费率2.95%', asWritten: null });
    expect(bidOf({ price: null, priceText: '  ' })).toEqual({ value: '—', asWritten: null });
  });
});

describe('day-only times', () => {
  it('drop the time of day from the pattern', () => {
    expect(parseTime('2026-03-17 00:00:00', 'YYYY-MM-DD HH:mm', { dateOnly: true })).toBe('2026-03-17');
    expect(parseTime('2026-03-17 00:00:00', 'MM-DD HH:mm', { dateOnly: true })).toBe('03-17');
    expect(parseTime('2026-03-17 00:00:00', 'YYYY-MM-DD HH:mm')).toBe('2026-03-17 00:00');
  });

  it("follow the notice's dateOnly list, field by field", () => {
    const notice = { publishTime: '2026-03-17 00:00:00', openTime: '2026-04-02 00:00:00', dateOnly: ['publishTime' as const] };
    expect(noticeTime(notice, 'publishTime', 'YYYY-MM-DD HH:mm')).toBe('2026-03-17');
    expect(noticeTime(notice, 'openTime', 'YYYY-MM-DD HH:mm')).toBe('2026-04-02 00:00');
    expect(noticeTime({ publishTime: '2026-03-17 00:00:00' }, 'publishTime', 'YYYY-MM-DD HH:mm')).toBe('2026-03-17 00:00');
    expect(noticeTime(notice, 'signupDeadline', 'YYYY-MM-DD HH:mm')).toBe('');
  });
});

describe('httpUrlOrNull', () => {
  it('keeps http(s) addresses and refuses every other scheme', () => {
    expect(httpUrlOrNull(' https://ggzyjy.jinan.example/a?id=1 ')).toBe('https://ggzyjy.jinan.example/a?id=1');
    expect(httpUrlOrNull('HTTP://ccgp-shandong.example/x.pdf')).toBe('HTTP://ccgp-shandong.example/x.pdf');
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      '//evil.example/steal',
      'ftp://x.example/f',
      '/relative',
      'mailto:a@b.example',
      'http://a b',
      '',
      null,
      undefined,
    ]) {
      expect(httpUrlOrNull(bad)).toBeNull();
    }
  });
});
