/**
 * CMS HTML bodies (建设内容, 公告正文, support pages, notices), sanitised by sanitize-html.ts.
 *
 * The sanitiser (`xss`, ~6.5 KB gzip) is a chunk of its own, out of a phone's first load. The
 * server renders with it; the browser hydrates the server's markup as it is (already sanitised
 * there, and React leaves an element's inner HTML alone while hydrating) and uses the sanitiser
 * for HTML it renders itself, on client navigations, suspending until the chunk is loaded.
 */
import { use, useState, useSyncExternalStore } from 'react';
import type * as SanitizeHtml from './sanitize-html';

type Sanitizer = typeof SanitizeHtml;
let sanitizer: Sanitizer | undefined;
let loading: Promise<Sanitizer> | undefined;
const loadSanitizer = () => (loading ??= import('./sanitize-html').then((m) => (sanitizer = m)));

const noSubscription = () => () => {};

export function RichText({ html, className }: { html: string | null | undefined; className?: string }) {
  // True while hydrating (React reads the server snapshot then), false for renders of the browser's own.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  // The HTML this element was hydrated with, while the sanitiser had not loaded: the server's markup stands for it.
  const [serverHtml] = useState(() => (hydrating && typeof window !== 'undefined' && !sanitizer ? html : undefined));
  if (!html?.trim()) return null;
  const classes = className ? `rich-text ${className}` : 'rich-text';
  if (serverHtml !== undefined && serverHtml === html) {
    return <div className={classes} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />;
  }
  const { sanitizeHtml } = sanitizer ?? use(loadSanitizer());
  return <div className={classes} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
