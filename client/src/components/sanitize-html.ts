/**
 * The sanitiser of CMS HTML bodies (建设内容, 公告正文, support pages, notices). The backend sends
 * sanitised HTML, but the portal does not trust it: a compromised or different backend
 * (BACKEND_URL) must not be able to run script in our origin. The allow-list is the backend's own
 * (shared/src/content/body-html.ts, which also gives links and images their safe attributes), on
 * the server and in the browser; rich-text.tsx loads it (a chunk of its own in the browser, see there).
 */
import { sanitizeBodyHtml } from '@shared/content/body-html';

/** Sanitised HTML ready for `dangerouslySetInnerHTML`. */
export function sanitizeHtml(html: string | null | undefined): string {
  return sanitizeBodyHtml(html);
}
