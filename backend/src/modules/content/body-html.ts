/**
 * The HTML of notice bodies and CMS pages: generated or imported sanitised, and cleaned again on the
 * way out in case other writers appear. One filter for both (the import record and the details).
 */
import { FilterXSS } from 'xss';

const bodyFilter = new FilterXSS({
  whiteList: {
    p: [],
    strong: [],
    b: [],
    em: [],
    br: [],
    ul: [],
    ol: [],
    li: [],
    h3: [],
    h4: [],
    table: [],
    thead: [],
    tbody: [],
    tr: [],
    th: [],
    td: [],
  },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style'],
});

export const sanitizeHtml = (html: string) => bodyFilter.process(html);
