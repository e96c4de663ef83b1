import { describe, expect, it } from 'vitest';
import { sanitizeBodyHtml } from './body-html';

describe('the allow-list of HTML bodies', () => {
  it('keeps document structure, table cells spanning others, links and images', () => {
    const html =
      '<h3>一、项目概况</h3><p>正文<strong>加粗</strong></p><table><tbody><tr><td colspan="2" rowspan="1">合并</td></tr></tbody></table>' +
      '<a href="https://ggzy.example.gov.cn/a?b=1" title="原文">公告原文</a><img src="/a.png" alt="图" width="10">';
    expect(sanitizeBodyHtml(html)).toBe(html);
  });

  it('drops script, styles, handlers, frames and forms, with the text of code', () => {
    const out = sanitizeBodyHtml(
      '<p onclick="x()" style="color:red" class="c" id="i">正文<script>alert(1)</script></p><style>p{}</style>' +
        '<iframe src="//evil"></iframe><form action="/x"><input name="a"></form><textarea>t</textarea>',
    );
    expect(out).toBe('<p>正文</p>');
  });

  it('refuses script URLs, and drops an image whose source it refuses', () => {
    expect(sanitizeBodyHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a href>x</a>');
    expect(sanitizeBodyHtml('<p>正文<img src=x onerror=alert(1)></p>')).toBe('<p>正文</p>');
    expect(sanitizeBodyHtml('<img src="javascript:alert(1)"><img alt="无图">')).toBe('');
  });

  it('reads nothing as nothing', () => {
    expect(sanitizeBodyHtml(null)).toBe('');
    expect(sanitizeBodyHtml(undefined)).toBe('');
    expect(sanitizeBodyHtml('')).toBe('');
  });
});
