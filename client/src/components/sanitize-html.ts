/**
 * The sanitiser of CMS HTML bodies (建设内容, 公告正文, support pages, notices). The backend sends
 * sanitised HTML, but the portal does not trust it: a compromised or different backend
 * (BACKEND_URL) must not be able to run script in our origin. One allow-list, one `xss`
 * configuration, on the server and in the browser; rich-text.tsx loads it (a chunk of its own in
 * the browser, see there).
 */
import { FilterXSS, type IWhiteList } from 'xss';

const CELL = ['colspan', 'rowspan', 'align'];

/** Document structure only: no styles, classes, ids, forms, frames, media or event handlers. */
// prettier-ignore
const ALLOWED: IWhiteList = {
  h1: [], h2: [], h3: [], h4: [], h5: [], h6: [],
  p: [], br: [], hr: [], div: [], span: [], blockquote: [], pre: [], code: [],
  strong: [], b: [], em: [], i: [], u: [], s: [], del: [], ins: [], sub: [], sup: [], small: [], mark: [],
  ul: [], ol: ['start'], li: [], dl: [], dt: [], dd: [],
  table: [], caption: [], colgroup: [], col: ['span'], thead: [], tbody: [], tfoot: [], tr: [],
  th: CELL, td: CELL,
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
};

const filter = new FilterXSS({
  whiteList: ALLOWED,
  stripIgnoreTag: true,
  // Their text is code or styling, never content worth showing.
  stripIgnoreTagBody: ['script', 'style', 'noscript', 'template', 'iframe', 'object', 'textarea', 'select'],
  allowCommentTag: false,
  css: false,
});

/**
 * Sanitised HTML ready for `dangerouslySetInnerHTML`. Links open in a new tab without handing
 * over `window.opener` or ranking (CMS text links to third-party sites); images load lazily.
 * After filtering, every `<a` / `<img` left is a real tag (a literal "<" in text is escaped), so
 * adding attributes by pattern is safe.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return filter
    .process(html)
    .replace(/<a(?=[\s>])/g, '<a target="_blank" rel="nofollow noopener noreferrer"')
    .replace(/<img(?=[\s/>])/g, '<img loading="lazy" decoding="async"');
}
