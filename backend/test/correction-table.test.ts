/** The 更正内容 table of a 更正公告, read row by row as the publisher wrote it. */
import { describe, expect, it } from 'vitest';
import { statedCorrections } from '../src/modules/content/correction-table';

const table = (rows: string[][]) =>
  `<table>${rows.map((cells) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`;

describe('statedCorrections', () => {
  it('reads each row under a 更正项/更正前/更正后 header and names the field it speaks of', () => {
    const html =
      '<p>二、更正信息</p>' +
      table([
        ['序号', '更正项', '更正前内容', '更正后内容', '更正日期'],
        ['1', '预算金额', '2360万元', '2480万元', '2026年11月20日'],
        ['2', '获取招标文件截止时间', '2026年11月25日17:00', '2026年11月30日17:00', '2026年11月20日'],
        ['3', '提交投标文件截止时间、开标时间', '2026年12月01日09时30分', '2026年12月08日09时30分', '2026年11月20日'],
        ['4', '资格要求第2条', '具备市政公用工程施工总承包二级', '具备市政公用工程施工总承包三级及以上', '2026年11月20日'],
      ]) +
      '<p>其他内容不变。</p>';
    expect(statedCorrections(html)).toEqual([
      { item: '预算金额', before: '2360万元', after: '2480万元', field: 'amount' },
      { item: '获取招标文件截止时间', before: '2026年11月25日17:00', after: '2026年11月30日17:00', field: 'signupDeadline' },
      { item: '提交投标文件截止时间、开标时间', before: '2026年12月01日09时30分', after: '2026年12月08日09时30分', field: 'openTime' },
      { item: '资格要求第2条', before: '具备市政公用工程施工总承包二级', after: '具备市政公用工程施工总承包三级及以上', field: null },
    ]);
  });

  it('takes 变更事项/原内容/变更后内容 headers in any column order and skips rows it cannot align', () => {
    const html = table([
      ['变更后内容', '变更事项', '原内容'],
      ['2026-12-10 09:00', '开标时间', '2026-12-03 09:00'],
      ['只有两格', '开标地点'],
      ['第二会议室', '开标地点', '第二会议室'],
    ]);
    expect(statedCorrections(html)).toEqual([
      { item: '开标时间', before: '2026-12-03 09:00', after: '2026-12-10 09:00', field: 'openTime' },
    ]);
  });

  it('reads nothing from a body without a correction table, or from an ordinary table', () => {
    expect(statedCorrections('<p>原公示期为2026年6月25日至2026年6月27日，现变更为2026年6月25日至2026年6月29日。</p>')).toEqual([]);
    expect(
      statedCorrections(
        table([
          ['排名', '中标候选人名称', '投标报价'],
          ['第一名', '山东某建设有限公司', '1,234.56万元'],
        ]),
      ),
    ).toEqual([]);
  });
});
