/**
 * The sanitiser of CMS HTML bodies (建设内容, 公告正文, support pages, notices). The backend sends
 * sanitised HTML, but the portal does not trust it: a compromised or different backend
 * (BACKEND_URL) must not be able to run script in our origin. The allow-list is the backend's own
 * (shared/src/content/body-html.ts), on the server and in the browser; rich-text.tsx loads it (a
 * chunk of its own in the browser, see there).
 */
import { sanitizeBodyHtml } from '@shared/content/body-html';

/**
 * Sanitised HTML ready for `dangerouslySetInnerHTML`. Links open in a new tab without handing
 * over `window.opener` or ranking (CMS text links to third-party sites); images load lazily.
 * After filtering, every `<a` / `<img` left is a real tag (a literal "<" in text is escaped), so
 * adding attributes by pattern is safe.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  return sanitizeBodyHtml(html)
    .replace(/<a(?=[\s>])/g, '<a target="_blank" rel="nofollow noopener noreferrer"')
    .replace(/<img(?=[\s/>])/g, '<img loading="lazy" decoding="async"');
}
