import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../sanitize-html';

describe('CMS HTML is sanitised again in the portal', () => {
  it('keeps document structure', () => {
    const html = '<p><strong>一、项目概况</strong></p><table><tr><td colspan="2">金额</td></tr></table><ul><li>a</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes scripts, handlers, styles and frames', () => {
    const out = sanitizeHtml(
      '<p onclick="steal()" style="color:red" class="x">正文<script>alert(1)</script></p><style>p{}</style><iframe src="//evil"></iframe><img src=x onerror=alert(1)>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|style|iframe|class=/i);
    expect(out).toContain('<p>正文</p>');
  });

  it('drops javascript: links and opens the rest safely in a new tab', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).not.toContain('javascript');
    expect(sanitizeHtml('<a href="https://ggzy.example.gov.cn/a?b=1">公告原文</a>')).toBe(
      '<a href="https://ggzy.example.gov.cn/a?b=1" target="_blank" rel="nofollow noopener noreferrer">公告原文</a>',
    );
  });

  it('loads images lazily, those of other sites without a referrer', () => {
    expect(sanitizeHtml('<img src="/a.png" alt="图">')).toBe('<img src="/a.png" alt="图" loading="lazy" decoding="async">');
    expect(sanitizeHtml('<img src="https://ggzy.example/a.png" alt="图" />')).toBe(
      '<img src="https://ggzy.example/a.png" alt="图" loading="lazy" decoding="async" referrerpolicy="no-referrer" />',
    );
  });

  it('treats a literal "<a" in text as text', () => {
    expect(sanitizeHtml('<p>1 <a 2</p>')).not.toContain('target=');
  });

  it('returns nothing for nothing', () => {
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml('')).toBe('');
  });
});
