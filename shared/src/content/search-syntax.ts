/**
 * The search box's syntax, as search engines have taught users: words separated by spaces must
 * all occur, `-word` leaves out what holds the word, and `"…"` (or “…”) keeps a phrase together
 * (its words adjacent, in order). A `-` inside a word ("G20-国道") is part of the word, and an
 * unclosed quote runs to the end. The backend search and alert matching read keywords with it; the
 * separate exclude field (排除词) still adds words to leave out.
 */

/** One word or quoted phrase of a search. */
export interface SearchTerm {
  text: string;
  /** written in quotes: its words must be adjacent, in this order */
  phrase: boolean;
}

export interface ParsedSearch {
  /** every one must occur */
  include: SearchTerm[];
  /** a row holding any one is left out */
  exclude: SearchTerm[];
}

const SPACE = /\s/u;
const OPEN_QUOTES = new Set(['"', '“', '＂']);
const CLOSE_QUOTES = new Set(['"', '”', '＂']);
const MINUS = new Set(['-', '－', '—']);

/** Reads `input` into the words and phrases to find and to leave out. */
export function parseSearchQuery(input: string): ParsedSearch {
  const parsed: ParsedSearch = { include: [], exclude: [] };
  const chars = Array.from(input);
  let i = 0;
  while (i < chars.length) {
    if (SPACE.test(chars[i]!)) {
      i++;
      continue;
    }
    let excluded = false;
    if (MINUS.has(chars[i]!) && i + 1 < chars.length && !SPACE.test(chars[i + 1]!)) {
      excluded = true;
      i++;
    }
    let text = '';
    let phrase = false;
    if (OPEN_QUOTES.has(chars[i]!)) {
      phrase = true;
      i++;
      while (i < chars.length && !CLOSE_QUOTES.has(chars[i]!)) text += chars[i++];
      i++;
    } else {
      while (i < chars.length && !SPACE.test(chars[i]!) && !(text === '' && OPEN_QUOTES.has(chars[i]!))) text += chars[i++];
    }
    text = text.trim();
    if (text) (excluded ? parsed.exclude : parsed.include).push({ text, phrase });
  }
  return parsed;
}
