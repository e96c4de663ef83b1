/**
 * The one allow-list of HTML bodies (建设内容, 公告正文, support pages, site notices): the backend
 * applies it when a notice is imported and again on the way out, and the portal applies it once
 * more before it renders a body (a different backend, BACKEND_URL, must not be able to run script
 * in our origin). Document structure, links and images only: no styles, classes, ids, forms,
 * frames, media or event handlers; `href` and `src` only with http(s), mailto, tel, relative or
 * `#` values (xss' own URL rule), and an image whose source is refused is dropped, not left empty.
 */
import { FilterXSS, type IWhiteList } from 'xss';

const CELL = ['colspan', 'rowspan', 'align'];

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

/** After filtering every `<img` is a real tag with its attributes quoted: one without a source shows nothing. */
const withoutSourcelessImages = (html: string) => html.replace(/<img\b[^>]*>/g, (tag) => (/\ssrc="[^"]+"/.test(tag) ? tag : ''));

/** `html` with only what the allow-list keeps. */
export function sanitizeBodyHtml(html: string | null | undefined): string {
  return html ? withoutSourcelessImages(filter.process(html)) : '';
}
