import { describe, expect, it } from 'vitest';
import { queryHref } from '../../../components/member-area/member-query';
import { readClientQuery, readRecordQuery } from '../visit-query';

const q = (text: string) => new URLSearchParams(text);

describe('visit list URLs', () => {
  it('round-trip the client filters; 待拜访 is its own tab', () => {
    const read = readClientQuery(q('keyword=%20城建%20&status=1&pageNum=2'));
    expect(read).toEqual({ keyword: '城建', status: '1', pageNum: 2 });
    expect(readClientQuery(q(queryHref('/x', read).split('?')[1] ?? ''))).toEqual(read);
    expect(readClientQuery(q('due=1&status=2'))).toEqual({ due: true });
    expect(readClientQuery(q('status=9'))).toEqual({});
  });

  it('read record dates that exist, the right way round', () => {
    expect(readRecordQuery(q('clientId=7&beginDate=2024-06-30&endDate=2024-06-01'))).toEqual({
      clientId: 7,
      beginDate: '2024-06-01',
      endDate: '2024-06-30',
    });
    expect(readRecordQuery(q('beginDate=2024-02-31&clientId=abc'))).toEqual({});
  });
});
