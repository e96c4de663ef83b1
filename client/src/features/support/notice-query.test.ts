import { describe, expect, it } from 'vitest';
import { readNoticeQuery } from './notice-query';

const read = (query: string) => readNoticeQuery(new URLSearchParams(query));

describe('/support/notice addresses one notice as ?id=', () => {
  it('reads a notice id', () => {
    expect(read('id=12')).toEqual({ kind: 'detail', id: 12 });
  });

  it('an id that cannot name a notice is nothing to show (the page answers 404)', () => {
    for (const query of ['id=abc', 'id=0', 'id=-1', 'id=', 'id=1.5']) expect(read(query)).toBeNull();
  });

  it('without an id it is the list, page 1 unless a usable page is asked for', () => {
    expect(read('')).toEqual({ kind: 'list', pageNum: 1 });
    expect(read('pageNum=3')).toEqual({ kind: 'list', pageNum: 3 });
    expect(read('pageNum=x')).toEqual({ kind: 'list', pageNum: 1 });
    expect(read('pageNum=99999')).toEqual({ kind: 'list', pageNum: 1 });
  });
});
