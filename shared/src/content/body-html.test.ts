import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sanitizeBodyHtml } from './body-html';

/** The body of a line (1-based) of a file of the publishers' corpus (backend/test/corpus). */
const corpusBody = (file: string, line: number) =>
  (
    JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../backend/test/corpus', file), 'utf8').split('\n')[line - 1]!) as {
      content: string;
    }
  ).content;

describe('the allow-list of HTML bodies', () => {
  it('keeps document structure, table cells spanning others, links and images', () => {
    const html =
      '<h3>一、项目概况</h3><p>正文<strong>加粗</strong></p><table><tbody><tr><td colspan="2" rowspan="1">合并</td></tr></tbody></table>' +
      '<a href="/zb/1" title="原文">公告原文</a><img src="/a.png" alt="图" width="10">';
    expect(sanitizeBodyHtml(html)).toBe(html.replace('width="10">', 'width="10" loading="lazy" decoding="async">'));
  });

  it('opens links to other sites in a new tab without opener, referrer or ranking; their images load lazily, unreferred', () => {
    const out = sanitizeBodyHtml(
      '<a href="https://ggzy.example.gov.cn/a?b=1" target="_self" rel="opener">原文</a><img src="http://ggzy.example/p.jpg" loading="eager">',
    );
    expect(out).toBe(
      '<a href="https://ggzy.example.gov.cn/a?b=1" target="_blank" rel="nofollow noopener noreferrer">原文</a>' +
        '<img src="http://ggzy.example/p.jpg" loading="lazy" decoding="async" referrerpolicy="no-referrer">',
    );
    // Applied again (import, answer, portal), nothing doubles.
    expect(sanitizeBodyHtml(sanitizeBodyHtml(out))).toBe(out);
  });

  it('keeps the header of a candidates table as laid out: 排名 over two rows, 小写/大写 under 投标报价', () => {
    const out = sanitizeBodyHtml(corpusBody('processes.jsonl', 51));
    const table = out.split('<table')[2]!;
    const [top, sub] = [...table.matchAll(/<tr>(.*?)<\/tr>/gs)].map((m) => m[1]!);
    expect(top).toBe(
      '<th rowspan="2" align="center">排名</th><th rowspan="2" align="center">中标候选人名称</th>' +
        '<th colspan="2" align="center">投标报价</th><th rowspan="2" align="center">工期<br>（日历天）</th>' +
        '<th rowspan="2" align="center">项目经理</th><th rowspan="2" align="center">综合得分</th>',
    );
    expect(sub).toBe('<th align="center">小写（元）</th><th align="center">大写</th>');
    // Seven columns: two spanning rows, one spanning two columns, and every body row fills them.
    const body = table.slice(table.indexOf('<tbody>'), table.indexOf('</tbody>'));
    const rows = [...body.matchAll(/<tr>(.*?)<\/tr>/gs)].map((m) => m[1]!.match(/<td\b/g)!.length);
    expect(rows).toEqual([7, 7, 7]);
    expect(body).toContain('<td align="right">47,123,865.49</td>');
    expect(out).not.toMatch(/style=|class=/);
  });

  it('drops script, styles, handlers, frames and forms, with the text of code', () => {
    const out = sanitizeBodyHtml(
      '<p onclick="x()" style="color:red" class="c" id="i">正文<script>alert(1)</script></p><style>p{}</style>' +
        '<iframe src="//evil"></iframe><form action="/x"><input name="a"></form><textarea>t</textarea>',
    );
    expect(out).toBe('<p>正文</p>');
  });

  it('refuses script URLs, and drops an image whose source it refuses', () => {
    expect(sanitizeBodyHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeBodyHtml('<p>正文<img src=x onerror=alert(1)></p>')).toBe('<p>正文</p>');
    expect(sanitizeBodyHtml('<img src="javascript:alert(1)"><img alt="无图">')).toBe('');
  });

  it('leaves nothing of a hostile body but its text, its tables and its safe link and image', () => {
    const out = sanitizeBodyHtml(corpusBody('hostile.jsonl', 1));
    expect(out).not.toMatch(/<(script|style|iframe|form|object|embed|svg|math|meta|base|link)\b/i);
    expect(out).not.toMatch(/\son\w+=|javascript:|vbscript:|data:|expression\(|position:\s*fixed|evil\.example|tracker\.example/i);
    expect(out).toContain('点击此处查看招标文件获取方式');
    expect(out).toContain('<th colspan="2">标段</th>');
    expect(out).toContain('<td rowspan="2">一标段</td>');
    expect(out).toContain(
      '<a href="http://ggzyjy.jinan.example/jyxx/002001/002001001/20260415/notice.html" target="_blank" rel="nofollow noopener noreferrer">',
    );
    expect(out).toContain(
      'site-photo-01.jpg" alt="现场照片" width="640" height="480" loading="lazy" decoding="async" referrerpolicy="no-referrer">',
    );
    // Protocol-relative links are refused; mailto stays, in this tab.
    expect(out).toContain('协议相对：<a>镜像三</a>');
    expect(out).toContain('<a href="mailto:zb@example.com">');
  });

  it('shows no <title> or style text of a whole HTML document', () => {
    const out = sanitizeBodyHtml(corpusBody('processes.jsonl', 55));
    expect(out).not.toMatch(/<title|<style|\{[^}]*:[^}]*\}/);
    expect(out.replace(/<[^>]*>|&nbsp;|\s/g, '').startsWith('济南市历城区港沟片区')).toBe(true);
  });

  it('reads nothing as nothing', () => {
    expect(sanitizeBodyHtml(null)).toBe('');
    expect(sanitizeBodyHtml(undefined)).toBe('');
    expect(sanitizeBodyHtml('')).toBe('');
  });
});
