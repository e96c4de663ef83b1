/**
 * A search's text as the index's units (search/tokens.ts): the keyword read with the search box's
 * syntax (shared/src/content/search-syntax.ts: words, `-word`, `"phrase"`) and the exclude field's
 * words. A unit is a run of letters/digits, or a quoted phrase's runs joined by PHRASE_JOIN.
 */
import { parseSearchQuery, type SearchTerm } from '@shared/content/search-syntax';
import { PHRASE_JOIN, excludedWords, normalize, runsOf } from './tokens';

export interface SearchText {
  /** units that must all occur */
  words: string[];
  /** words to leave out, each as the units that must all occur for a row to be left out */
  excluded: string[][];
  /** the keyword was given but holds nothing to look for: nothing matches */
  empty: boolean;
  /** the keyword's words to find, for highlighting hits (excluded words are no hits) */
  shown: string;
}

/** A term's units: a word's runs each (all must occur), a phrase's runs as one unit. */
function unitsOf(term: SearchTerm): string[] {
  const runs = runsOf(term.text);
  return term.phrase && runs.length > 1 ? [runs.join(PHRASE_JOIN)] : runs;
}

export function searchText(keyword: string | undefined, exclude: string | undefined): SearchText {
  const parsed = parseSearchQuery(keyword ?? '');
  const words = parsed.include.flatMap(unitsOf);
  const minus = parsed.exclude.map(unitsOf).filter((units) => units.length > 0);
  return {
    words,
    excluded: [...excludedWords(exclude), ...minus],
    empty: Boolean(keyword) && words.length === 0 && minus.length === 0,
    shown: parsed.include.map((term) => term.text).join(' '),
  };
}

const RUN_SEPARATOR = '[^\\p{L}\\p{N}]*';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether normalised `text` holds `unit`: a run as a substring, a phrase's runs in order, together
 * or with only spaces or punctuation between.
 */
export function unitHolds(text: string, unit: string): boolean {
  if (!unit.includes(PHRASE_JOIN)) return text.includes(unit);
  return new RegExp(unit.split(PHRASE_JOIN).map(escapeRegExp).join(RUN_SEPARATOR), 'u').test(text);
}

/** `unitHolds` for raw text (normalised here): the title scope's SQL function. */
export const rawTextHolds = (text: string, unit: string): boolean => unitHolds(normalize(text), unit);
