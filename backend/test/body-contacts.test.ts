/**
 * Contacts a publisher wrote into a body, masked by the contact block's rules, and the text diff
 * of a correction that changes only prose: on the publishers' corpus (test/corpus).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sanitizeBodyHtml } from '@shared/content/body-html';
import { bodyDiff, bodyLines, cachedBodyDiff, DIFF_CONTEXT } from '../src/modules/content/body-diff';
import { maskBodyContacts, maskTextContacts, shownBody } from '../src/modules/content/contact-mask';

const corpus = (file: string) =>
  fs
    .readFileSync(path.resolve(__dirname, 'corpus', file), 'utf8')
    .split('\n')
    .map((line) => (line.trim() ? (JSON.parse(line) as { content: string }) : null));
const processes = corpus('processes.jsonl');
const hostile = corpus('hostile.jsonl');
const body = (records: typeof processes, line: number) => records[line - 1]!.content;

/** Runs of seven or more digits (either width): what a caller could dial. */
const dialable = (text: string) => text.match(/[0-9０-９]{7,}/g) ?? [];

describe('contacts inside a body', () => {
  it('masks phone numbers and the name after 联系人：, like the contact block', () => {
    const out = maskBodyContacts(sanitizeBodyHtml(body(processes, 51)));
    expect(out).toContain('招标代理机构联系人：王*　电话：0531-****6658');
    expect(out).toContain('招标人联系人：高*　电话：0531-****7320');
    expect(out).not.toMatch(/82316658|88167320|王工|高工/);
    // Amounts and codes are not phone numbers.
    expect(out).toContain('47,123,865.49');
    expect(out).toContain('LCJS-EPC-2026-0031');
  });

  it('masks a name standing in the next table cell of a 联系方式 grid, and e-mail addresses', () => {
    const out = maskBodyContacts(sanitizeBodyHtml(body(processes, 55)));
    expect(out).toMatch(/联 系 人：<\/div><\/td><td><div align="left">高\*<\/div>/);
    expect(out).toMatch(/联 系 人：<\/div><\/td><td><div align="left">王\*<\/div>/);
    expect(out).toContain('z***@example.com');
    expect(out).not.toMatch(/zb@|mailto:/);
    expect(dialable(out.replace(/<[^>]*>/g, ' '))).toEqual([]);
  });

  it('reads full-width digits as digits: no number of the hostile line shows whole', () => {
    const out = maskBodyContacts(sanitizeBodyHtml(body(hostile, 4)));
    expect(out).toContain('139****1886');
    expect(out).toContain('0531-****2216');
    expect(out).toContain('0531-****2230转****');
    expect(out).not.toMatch(/１３９６４０２１８８６|０５３１－８４８７２２１６|84872230|8012/);
  });

  it('masks for visitors and locked members only, in plain text too', () => {
    const html = '<p>联系人：李四 电话：13812345678</p>';
    expect(shownBody('visitor', html)).toBe('<p>联系人：李* 电话：138****5678</p>');
    expect(shownBody('locked', html)).toBe('<p>联系人：李* 电话：138****5678</p>');
    expect(shownBody('vip', html)).toBe(html);
    expect(shownBody('unlocked', html)).toBe(html);
    expect(maskTextContacts('项目联系人：赵经理电话：０５３２－８５７２１９０６')).toBe('项目联系人：赵**电话：0532-****1906');
  });
});

describe('the text diff of a correction', () => {
  it('reads a body as lines: blocks and rows, cells joined, entities decoded, no markup', () => {
    expect(bodyLines('<p>a&nbsp;&nbsp;b</p><table><tr><td>公示期</td><td> 6月27日 </td></tr></table><p>&ldquo;c&rdquo;<br>d</p>')).toEqual([
      'a b',
      '公示期 | 6月27日',
      '“c”',
      'd',
    ]);
  });

  it('shows the JMSJ 更正: the 公示期 in the table and in 二、公示期, the 更正说明 added, the date line', () => {
    const parts = bodyDiff(body(processes, 28), body(processes, 27))!;
    const changed = parts.filter((p) => p.op === 'del' || p.op === 'ins').map((p) => `${p.op}:${'text' in p ? p.text.trim() : ''}`);
    expect(changed).toEqual([
      expect.stringMatching(/^ins:更正说明：原公示期为2026年6月25日至2026年6月27日.*现变更为2026年6月25日至2026年6月29日/),
      'del:27',
      'ins:29',
      'del:27',
      'ins:29',
      'del:24',
      'ins:26',
    ]);
    // Each number change sits in its context: 2026年6月25日至2026年6月[27→29]日.
    const text = parts.map((p) => (p.op === 'fold' ? '…' : p.text)).join('');
    expect(text).toContain('公示期 | 2026年6月25日至2026年6月2729日');
    // Unchanged text is folded down to the context around each change.
    expect(parts.some((p) => p.op === 'fold' && p.chars > 100)).toBe(true);
    for (const p of parts) if (p.op === 'same') expect(Array.from(p.text).length).toBeLessThanOrEqual(2 * DIFF_CONTEXT + DIFF_CONTEXT / 2);
  });

  it('says nothing when only markup differs, and shows unlike lines whole', () => {
    expect(bodyDiff('<p>同一段文字</p>', '<div><b>同一段</b>文字</div>')).toBeNull();
    expect(bodyDiff('<p>甲</p><p>原来的一整段说明文字</p>', '<p>甲</p><p>完全不同的新内容</p>')).toEqual([
      { op: 'same', text: '甲\n' },
      { op: 'del', text: '原来的一整段说明文字\n' },
      { op: 'ins', text: '完全不同的新内容' },
    ]);
  });

  it('masks contacts before comparing, so no side of a change shows one', () => {
    const parts = bodyDiff('<p>联系人：王工 电话：0531-82316658</p>', '<p>联系人：李工 电话：0531-82316699</p>', maskTextContacts)!;
    expect(JSON.stringify(parts)).not.toMatch(/王工|李工|82316658|82316699/);
  });

  it('remembers a diff per masking: a visitor after a member still sees contacts masked', () => {
    const before = '<p>联系人：王工 电话：0531-82316658</p><p>开标时间：2026年12月27日</p>';
    const after = '<p>联系人：王工 电话：0531-82316658</p><p>开标时间：2026年12月29日</p>';
    const member = cachedBodyDiff(before, after, false, maskTextContacts)!;
    expect(JSON.stringify(member)).toMatch(/82316658/);
    const visitor = cachedBodyDiff(before, after, true, maskTextContacts)!;
    expect(JSON.stringify(visitor)).not.toMatch(/王工|82316658/);
    expect(visitor.filter((p) => p.op !== 'same' && p.op !== 'fold')).toEqual([
      { op: 'del', text: '27' },
      { op: 'ins', text: '29' },
    ]);
    expect(cachedBodyDiff(before, after, false, maskTextContacts)).toEqual(member);
  });

  it('shows a correction that shares little with the notice it corrects as whole blocks', () => {
    const tender = '<p>' + '本工程位于济南市历城区，招标范围为施工图纸范围内的全部土建及安装工程。'.repeat(20) + '</p>';
    const correction = '<p>' + '更正事项：原公告中投标截止时间有误，现予以更正，其余内容不变。'.repeat(20) + '</p>';
    expect(bodyDiff(tender, correction)).toEqual([
      { op: 'del', text: bodyLines(tender)[0] + '\n' },
      { op: 'ins', text: bodyLines(correction)[0] },
    ]);
  });
});
