/** Hit highlighting of list titles (contract `highlightTitle`) and body excerpts (`snippet`). */
import { runsOf } from './tokens';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every occurrence of a keyword run, null without runs. Longest first, so "道路改扩建" wins over "道路". */
function hitPattern(keyword: string | undefined): RegExp | null {
  const runs = keyword ? runsOf(keyword) : [];
  if (runs.length === 0) return null;
  return new RegExp(
    [...new Set(runs)]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'giu',
  );
}

function highlightWith(pattern: RegExp, text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    html += escapeHtml(text.slice(last, match.index)) + '<em>' + escapeHtml(match[0]) + '</em>';
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/**
 * A highlighter for one keyword: the title HTML-escaped, with each occurrence of a keyword run
 * wrapped in `<em>`. Built once per search and applied to every row.
 */
export function highlighter(keyword: string | undefined): (title: string) => string {
  const pattern = hitPattern(keyword);
  if (!pattern) return escapeHtml;
  return (title) => highlightWith(pattern, title);
}

/** Excerpt length in characters (about 60–100 characters), and how much of it precedes the first hit. */
export const SNIPPET_LENGTH = 80;
const SNIPPET_LEAD = 24;

/**
 * An excerpter for one keyword: about SNIPPET_LENGTH characters of plain `text` around the first
 * hit, highlighted exactly as titles are, with "…" where it was cut; undefined when the text has
 * no hit (or there is no keyword).
 */
export function excerpter(keyword: string | undefined): (text: string) => string | undefined {
  const pattern = hitPattern(keyword);
  if (!pattern) return () => undefined;
  return (raw) => {
    const chars = Array.from(raw.replace(/\s+/g, ' ').trim());
    const text = chars.join('');
    pattern.lastIndex = 0;
    const first = pattern.exec(text);
    pattern.lastIndex = 0;
    if (!first) return undefined;
    // Work in code points, so a cut never splits a character.
    const at = Array.from(text.slice(0, first.index)).length;
    let start = Math.max(0, at - SNIPPET_LEAD);
    const end = Math.min(chars.length, start + SNIPPET_LENGTH);
    start = Math.max(0, Math.min(start, end - SNIPPET_LENGTH));
    const window = chars.slice(start, end).join('');
    return (start > 0 ? '…' : '') + highlightWith(pattern, window) + (end < chars.length ? '…' : '');
  };
}
