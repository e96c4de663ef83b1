/** Hit highlighting of list titles (contract `highlightTitle`). */
import { runsOf } from './tokens';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A highlighter for one keyword: the title HTML-escaped, with each occurrence of a keyword run
 * wrapped in `<em>`. Built once per search and applied to every row.
 */
export function highlighter(keyword: string | undefined): (title: string) => string {
  const runs = keyword ? runsOf(keyword) : [];
  if (runs.length === 0) return escapeHtml;
  // Longest first, so "道路改扩建" wins over "道路" where both match.
  const pattern = new RegExp(
    [...new Set(runs)]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'giu',
  );
  return (title) => {
    let html = '';
    let last = 0;
    for (const match of title.matchAll(pattern)) {
      html += escapeHtml(title.slice(last, match.index)) + '<em>' + escapeHtml(match[0]) + '</em>';
      last = match.index + match[0].length;
    }
    return html + escapeHtml(title.slice(last));
  };
}
