/**
 * Search hit highlighting. The backend sends `highlightTitle`: the title HTML-escaped with hits
 * wrapped in `<em>…</em>` (contract). It is split on those tags and rendered as text, never as
 * HTML, so a title or keyword containing markup can only ever show up as characters.
 */
import { Fragment } from 'react';

export interface HighlightPart {
  text: string;
  hit: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/** Reverses the backend's escaping (the five XML entities and numeric references). */
export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    const named = ENTITIES[name.toLowerCase()];
    if (named !== undefined) return named;
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return whole;
  });
}

/** `a<em>b</em>c` → a, b (hit), c. Unbalanced tags are read as text boundaries, never as markup. */
export function parseHighlight(html: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let hit = false;
  for (const chunk of html.split(/(<\/?em>)/i)) {
    if (/^<em>$/i.test(chunk)) hit = true;
    else if (/^<\/em>$/i.test(chunk)) hit = false;
    else if (chunk) parts.push({ text: unescapeHtml(chunk), hit });
  }
  return parts;
}

/** A list title with its hits marked (`<mark>`), styled in the Element red of search results. */
export function HighlightText({ html }: { html: string }) {
  return (
    <>
      {parseHighlight(html).map((part, index) =>
        part.hit ? (
          <mark key={index} className="hit">
            {part.text}
          </mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
