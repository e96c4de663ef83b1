/**
 * The one allow-list of HTML bodies (建设内容, 公告正文, support pages, site notices): the backend
 * applies it when a notice is imported and again on the way out, and the portal applies it once
 * more before it renders a body (a different backend, BACKEND_URL, must not be able to run script
 * in our origin). Document structure, tables as publishers lay them out (cells spanning rows and
 * columns, alignment, also from an inline `text-align`, widths), links and images only: no styles, classes, ids, forms, frames,
 * media or event handlers.
 *
 * URLs: a link keeps an http(s), mailto, tel, root- or dot-relative or `#` target; an image an
 * http(s) or relative source. Anything else (`javascript:` however spelt, `data:`, `ftp:`, and
 * protocol-relative `//host`, which publishers do not write and which would leave the page's
 * scheme to chance) is refused, and an image whose source is refused is dropped, not left empty.
 * A link to another site opens in a new tab without handing over `window.opener`, the referrer or
 * ranking; images load lazily, and those from other sites without a referrer.
 */
import { FilterXSS, type IWhiteList } from 'xss';

const CELL = ['colspan', 'rowspan', 'align', 'valign', 'width'];

// prettier-ignore
const ALLOWED: IWhiteList = {
  h1: [], h2: [], h3: [], h4: [], h5: [], h6: [],
  p: ['align'], br: [], hr: [], div: ['align'], span: [], blockquote: [], pre: [], code: [],
  strong: [], b: [], em: [], i: [], u: [], s: [], del: [], ins: [], sub: [], sup: [], small: [], mark: [],
  ul: [], ol: ['start'], li: [], dl: [], dt: [], dd: [],
  table: ['width'], caption: [], colgroup: [], col: ['span', 'width'], thead: [], tbody: [], tfoot: [], tr: ['align', 'valign'],
  th: CELL, td: CELL,
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
};

const ALIGNABLE = new Set(['p', 'div', 'td', 'th']);

const EXTERNAL = /^https?:\/\//i;
/** Root-relative (not `//host`), dot-relative or a fragment. */
const RELATIVE = /^(\/(?!\/)|\.\.?\/|#)/;
const LINK_TARGET = (url: string) => EXTERNAL.test(url) || RELATIVE.test(url) || /^(mailto|tel):/i.test(url) || url === '';
const IMAGE_SOURCE = (url: string) => EXTERNAL.test(url) || RELATIVE.test(url);

const filter = new FilterXSS({
  whiteList: ALLOWED,
  stripIgnoreTag: true,
  // Their text is code or styling, never content worth showing.
  stripIgnoreTagBody: ['script', 'style', 'noscript', 'template', 'iframe', 'object', 'textarea', 'select', 'title'],
  allowCommentTag: false,
  css: false,
  // Publishers centre cells and paragraphs with inline styles; their alignment is kept as `align`.
  onIgnoreTagAttr(tag, name, value) {
    if (name !== 'style' || !ALIGNABLE.has(tag)) return undefined;
    const align = /(?:^|;)\s*text-align\s*:\s*(left|center|right)\b/i.exec(value)?.[1];
    return align ? `align="${align.toLowerCase()}"` : undefined;
  },
  // Ours first, narrower than xss' own URL rule, which then still applies (it decodes entities
  // and refuses script URLs). A refused URL takes its attribute with it.
  onTagAttr(tag, name, value) {
    if (name !== 'href' && name !== 'src') return undefined;
    const url = value.trim();
    return (tag === 'img' ? IMAGE_SOURCE(url) : LINK_TARGET(url)) ? undefined : '';
  },
});

/**
 * After filtering, every `<a` / `<img` left is a real tag with its attribute values quoted and
 * their `<>"` escaped, so reading and extending a tag by pattern is safe.
 */
const TAG_END = /\s*\/?>$/;
const withAttributes = (tag: string, attributes: string) => tag.replace(TAG_END, (end) => ` ${attributes}${end}`);

function finishTags(html: string): string {
  return html
    .replace(/<img\b[^>]*>/g, (tag) => {
      const src = /\ssrc="([^"]+)"/.exec(tag)?.[1];
      // An image without a source shows nothing.
      if (!src) return '';
      return withAttributes(
        tag,
        EXTERNAL.test(src) ? 'loading="lazy" decoding="async" referrerpolicy="no-referrer"' : 'loading="lazy" decoding="async"',
      );
    })
    .replace(/<a\b[^>]*>/g, (tag) =>
      EXTERNAL.test(/\shref="([^"]*)"/.exec(tag)?.[1] ?? '')
        ? withAttributes(tag, 'target="_blank" rel="nofollow noopener noreferrer"')
        : tag,
    );
}

/** `html` with only what the allow-list keeps, links and images given their safe attributes. */
export function sanitizeBodyHtml(html: string | null | undefined): string {
  return html ? finishTags(filter.process(html)) : '';
}
