import { describe, expect, it } from 'vitest';
import { queryHref, readPaging, readText, withFilter } from '../member-query';

const q = (text: string) => new URLSearchParams(text);

describe('member list URLs', () => {
  it('read paging forgivingly and leave the defaults out', () => {
    expect(readPaging(q(''))).toEqual({});
    expect(readPaging(q('pageNum=3&pageSize=50'))).toEqual({ pageNum: 3, pageSize: 50 });
    expect(readPaging(q('pageNum=1&pageSize=20'))).toEqual({});
    expect(readPaging(q('pageNum=-2&pageSize=7'))).toEqual({});
    expect(readPaging(q('pageNum=99999999'))).toEqual({});
  });

  it('write one spelling per state, and a filter change goes back to page 1', () => {
    expect(queryHref('/user/favorite', { type: 'zb', pageNum: 1, pageSize: 20 })).toBe('/user/favorite?type=zb');
    expect(queryHref('/user/baifangClient', { due: true, keyword: '城建 局' })).toBe(
      '/user/baifangClient?due=1&keyword=%E5%9F%8E%E5%BB%BA+%E5%B1%80',
    );
    const page4: { status?: string; pageNum?: number } = { status: '1', pageNum: 4 };
    expect(withFilter(page4, { status: '2' })).toEqual({ status: '2' });
  });

  it('read free text without control characters (the backend refuses them: an error page)', () => {
    expect(readText(q('keyword=%00%E9%81%93%0A%E8%B7%AF%20'), 'keyword', 50)).toBe('道 路');
    expect(readText(q('keyword=%00'), 'keyword', 50)).toBeUndefined();
    expect(readText(q('keyword=abcdef'), 'keyword', 3)).toBe('abc');
  });
});
