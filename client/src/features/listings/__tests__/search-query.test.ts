import { describe, expect, it } from 'vitest';
import type { XmkSearchParams } from '@shared/content/types';
import { hasFilters, normaliseKeyword, searchHref, withFilters } from '../../../lib/search-href';
import { readXmkSearch, readZbSearch } from '../search-query';
import { zbSearchQuery } from '@shared/content/schemas';

const q = (text: string) => new URLSearchParams(text);

describe('reading /xmk and /zb filters from the URL', () => {
  it('keeps valid filters with the API parameter names', () => {
    expect(
      readZbSearch(
        q(
          'keyword=道路&areaCode=370102&industry=2&noticeType=5&minAmount=100&maxAmount=500.5&beginTime=2025-01-01&endTime=2025-03-31&orderBy=amount&isAsc=asc&pageNum=3&pageSize=50',
        ),
      ),
    ).toEqual({
      keyword: '道路',
      areaCode: '370102',
      industry: '2',
      noticeType: '5',
      minAmount: 100,
      maxAmount: 500.5,
      beginTime: '2025-01-01',
      endTime: '2025-03-31',
      orderBy: 'amount',
      isAsc: 'asc',
      pageNum: 3,
      pageSize: 50,
    });
  });

  it('ignores values that make no sense instead of failing', () => {
    expect(
      readXmkSearch(
        q(
          'areaCode=济南&industry=<b>&stage=1;drop&minInvestment=-5&maxInvestment=abc&beginTime=2025-02-30&endTime=tomorrow&orderBy=price&isAsc=up&pageNum=0&pageSize=33',
        ),
      ),
    ).toEqual({});
  });

  it('leaves defaults out, so one result page has one spelling', () => {
    expect(readXmkSearch(q('pageNum=1&pageSize=20&orderBy=time&isAsc=desc&keyword=%20%20'))).toEqual({});
  });

  it('trims the keyword, collapses spaces and cuts it to 50 characters', () => {
    expect(normaliseKeyword('  市政   道路 ')).toBe('市政 道路');
    expect(normaliseKeyword('\u0000道\u0001路\u007f')).toBe('道 路');
    expect(normaliseKeyword('\u0000')).toBeUndefined();
    expect(normaliseKeyword('路'.repeat(80))).toBe('路'.repeat(50));
    // An extension-B hanzi is one character, not two UTF-16 units.
    expect(Array.from(normaliseKeyword('𠀀'.repeat(60)) ?? '')).toHaveLength(50);
  });

  it('reads a reversed range the way it was meant', () => {
    expect(readXmkSearch(q('minInvestment=5000&maxInvestment=1000'))).toEqual({
      minInvestment: 1000,
      maxInvestment: 5000,
    });
    expect(readZbSearch(q('beginTime=2025-06-01&endTime=2025-01-01'))).toEqual({
      beginTime: '2025-01-01',
      endTime: '2025-06-01',
    });
  });

  it('drops page numbers beyond the 10 000 rows search can reach', () => {
    expect(readZbSearch(q('pageNum=500'))).toEqual({ pageNum: 500 });
    expect(readZbSearch(q('pageNum=501'))).toEqual({});
    expect(readZbSearch(q('pageNum=1000&pageSize=10'))).toEqual({ pageNum: 1000, pageSize: 10 });
  });

  it('keeps a keyword with markup as plain text (escaping is the renderer’s job)', () => {
    expect(readZbSearch(q('keyword=%3Cscript%3Ealert(1)%3C/script%3E%22')).keyword).toBe('<script>alert(1)</script>"');
  });
});

describe('building result URLs', () => {
  it('writes parameters in a fixed order and leaves defaults out', () => {
    expect(searchHref('/zb', { pageNum: 2, keyword: '道路', orderBy: 'time', isAsc: 'desc', pageSize: 20 })).toBe(
      '/zb?keyword=%E9%81%93%E8%B7%AF&pageNum=2',
    );
    expect(searchHref('/xmk', {})).toBe('/xmk');
  });

  it('round-trips through reading', () => {
    const params = readXmkSearch(q('stage=4&areaCode=370100&keyword=学校&pageNum=2&orderBy=investment'));
    expect(readXmkSearch(new URL(searchHref('/xmk', params), 'http://x').searchParams)).toEqual(params);
  });

  it('goes back to page 1 when a filter changes, and removes a filter set to undefined', () => {
    expect(withFilters<XmkSearchParams>({ keyword: '桥', industry: '2', pageNum: 4 }, { industry: undefined, areaCode: '370200' })).toEqual(
      {
        keyword: '桥',
        areaCode: '370200',
      },
    );
  });

  it('tells filters from paging and sorting', () => {
    expect(hasFilters({ pageNum: 3, orderBy: 'views', isAsc: 'asc' })).toBe(false);
    expect(hasFilters({ industry: '1' })).toBe(true);
  });
});

describe('URL filters follow the contract', () => {
  it('keeps exactly what the search endpoint accepts', () => {
    const params = readZbSearch(q('industry=AB-1&noticeType=x_1&minAmount=50000000&maxAmount=100000001'));
    // A code the backend refuses used to reach it (an error page); an amount it accepts used to be dropped.
    expect(params).toEqual({ noticeType: 'x_1', minAmount: 50_000_000 });
    expect(zbSearchQuery.safeParse(Object.fromEntries(q(searchHref('', params).slice(1)))).success).toBe(true);
  });
});

describe('scope, exclusions and several regions in the URL', () => {
  it('reads 标题 scope, excluded words and a region list, and writes them back in one spelling', () => {
    const params = readZbSearch(q('keyword=道路 工程&scope=title&exclude=硬化,学校&areaCode=370200,370100,370200&orderBy=relevance'));
    expect(params).toEqual({
      keyword: '道路 工程',
      scope: 'title',
      exclude: '硬化,学校',
      areaCode: '370100,370200',
      orderBy: 'relevance',
    });
    const href = searchHref('/zb', params);
    expect(href).toBe(
      '/zb?keyword=%E9%81%93%E8%B7%AF+%E5%B7%A5%E7%A8%8B&scope=title&exclude=%E7%A1%AC%E5%8C%96%2C%E5%AD%A6%E6%A0%A1&areaCode=370100%2C370200&orderBy=relevance',
    );
    // A shared link reproduces the same search.
    expect(readZbSearch(new URL(href, 'http://x').searchParams)).toEqual(params);
  });

  it('leaves the default scope out and drops a bad scope or region list', () => {
    expect(readXmkSearch(q('scope=all'))).toEqual({});
    expect(readXmkSearch(q('scope=body&areaCode=370100,37'))).toEqual({});
    expect(hasFilters(readXmkSearch(q('scope=title')))).toBe(false);
    expect(hasFilters(readXmkSearch(q('exclude=学校')))).toBe(true);
  });
});

describe('报名截止 and 开标时间 in the URL', () => {
  it('reads 未截止 and an opening range (reversed read as meant) and writes them back', () => {
    const params = readZbSearch(q('signup=open&openBegin=2026-12-01&openEnd=2026-11-01'));
    expect(params).toEqual({ signup: 'open', openBegin: '2026-11-01', openEnd: '2026-12-01' });
    expect(readZbSearch(new URL(searchHref('/zb', params), 'http://x').searchParams)).toEqual(params);
    expect(readZbSearch(q('signup=closed&openBegin=soon'))).toEqual({});
  });
});
