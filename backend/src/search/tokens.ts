/**
 * Search tokens (docs/decisions/search.md). SQLite's tokenizers cannot index Chinese
 * usefully (unicode61 makes a whole sentence one token; trigram finds nothing for the commonest
 * 1–2 character queries), so documents are token lists made here and the FTS5 table's unicode61
 * tokenizer only splits them on spaces.
 *
 * A document has three columns:
 * - `uni`: every distinct letter/digit once — a 1-character keyword is one token;
 * - `bi`: the bigrams of each run of letters/digits in order, runs separated by a gap token, so a
 *   2-character keyword is one token and a longer one is a phrase of its bigrams, which matches
 *   exactly where the keyword occurs as a substring (the gap stops a phrase spanning two runs);
 * - `tags`: filter values (region, industry, stage, notice type…) as tokens, so filters are an AND
 *   inside the index rather than a join;
 * - `auni`, `abi` (the county case): for an item of a county, `uni` and `bi` again with
 *   each token prefixed by the county code ("370283路", "370283道路"), so a keyword within one
 *   county reads only that county's postings instead of the whole province's; `auni` also holds
 *   the other filter tags so prefixed ("370283t2"), so a county + notice type search stays inside
 *   the county too. Empty for items filed under a city itself.
 * Letters and digits of every script are treated alike (one character, one unit), so "G20",
 * "2024" or "PPP" match as substrings exactly as Chinese does.
 */
import { DICT_CODE_RE } from '@shared/contract/fields';

/** Same normalisation for documents and keywords: compatibility forms folded, lower case. */
export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

const RUN = /[\p{L}\p{N}]+/gu;

/** Runs of letters/digits of normalised text. Anything else (punctuation, spaces, tags) splits. */
export function runsOf(text: string): string[] {
  return normalize(text).match(RUN) ?? [];
}

/** A token never produced as a bigram (those have two characters). */
const RUN_GAP = 'x';

export interface FtsDocument {
  uni: string;
  bi: string;
  tags: string;
  auni: string;
  abi: string;
}

/**
 * Tokens of a document made of `fields` (plain text) and filter `tags` (see `tag`); `county` (a
 * county code) also writes the county-scoped columns.
 */
export function documentOf(fields: readonly string[], tags: readonly string[], county?: string): FtsDocument {
  const unigrams = new Set<string>();
  const bigrams: string[] = [];
  for (const field of fields) {
    for (const run of runsOf(field)) {
      const chars = Array.from(run);
      for (const c of chars) unigrams.add(c);
      if (chars.length < 2) continue;
      if (bigrams.length > 0) bigrams.push(RUN_GAP);
      for (let i = 0; i + 1 < chars.length; i++) bigrams.push(chars[i]! + chars[i + 1]!);
    }
  }
  const uni = [...unigrams];
  if (county === undefined) return { uni: uni.join(' '), bi: bigrams.join(' '), tags: tags.join(' '), auni: '', abi: '' };
  if (!TAG_VALUE.test(county)) throw new Error('bad county code');
  return {
    uni: uni.join(' '),
    bi: bigrams.join(' '),
    tags: tags.join(' '),
    // A unigram token is the county and one character; a tag has a letter and a code after it.
    auni: [...uni, ...tags.filter((t) => !t.startsWith(TAG_PREFIX.area))].map((c) => county + c).join(' '),
    abi: bigrams.map((b) => (b === RUN_GAP ? b : county + b)).join(' '),
  };
}

/** Filter dimensions written into `tags`. */
export type TagKind = 'area' | 'industry' | 'stage' | 'nature' | 'noticeType';
const TAG_PREFIX: Record<TagKind, string> = { area: 'a', industry: 'i', stage: 's', nature: 'n', noticeType: 't' };

/** Filter values are validated to `[0-9a-z_]`, so a tag is always a single unicode61 token. */
/** Tags hold dictionary codes: the contract's rule for them. */
export const TAG_VALUE = DICT_CODE_RE;

export function tag(kind: TagKind, value: string): string {
  if (!TAG_VALUE.test(value)) throw new Error(`bad tag value for ${kind}`);
  return TAG_PREFIX[kind] + value;
}

/** FTS5 expression requiring `tag`. */
export function tagMatch(kind: TagKind, value: string, county?: string): string {
  if (county !== undefined) {
    if (kind === 'area' || !TAG_VALUE.test(county)) throw new Error('bad county tag');
    return `auni:"${county}${tag(kind, value)}"`;
  }
  return `tags:"${tag(kind, value)}"`;
}

/** Joins a quoted phrase's runs into one unit of `runsMatch` (runs never hold a space). */
export const PHRASE_JOIN = ' ';

/** The bigram tokens of one run, `prefix` (a county code or '') before each. */
function gramsOf(run: string, prefix: string): string[] {
  const chars = Array.from(run);
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) grams.push(prefix + chars[i]! + chars[i + 1]!);
  return grams;
}

/**
 * FTS5 expression for one run of a keyword, or a phrase's runs (joined by PHRASE_JOIN). Runs hold
 * only letters and digits, so the quoted strings below can never contain query syntax: user text
 * is always matched as text.
 *
 * A phrase's runs are adjacent either written together (one run of the document: the bigrams of the
 * runs joined) or with spaces or punctuation between (the documents' gap token between the runs'
 * bigrams). In the second case a one-character run (documents have no bigrams for it) must only
 * occur, so the index's answer is a superset there that the title scope and `textMatches` check
 * exactly (search/query.ts `unitHolds`).
 */
function runMatch(run: string, county?: string): string {
  const prefix = county ?? '';
  const uni = (c: string) => `${county ? 'auni' : 'uni'}:"${prefix}${c}"`;
  const bi = (tokens: readonly string[]) => `${county ? 'abi' : 'bi'}:"${tokens.join(' ')}"`;
  const parts = run.split(PHRASE_JOIN);
  if (parts.length === 1) return Array.from(run).length === 1 ? uni(run) : bi(gramsOf(run, prefix));
  const long = parts.filter((part) => Array.from(part).length > 1);
  const tokens = long.flatMap((part, i) => (i === 0 ? gramsOf(part, prefix) : [RUN_GAP, ...gramsOf(part, prefix)]));
  const singles = parts.filter((part) => Array.from(part).length === 1).map(uni);
  const apart = [...(tokens.length > 0 ? [bi(tokens)] : []), ...singles].map((m) => `(${m})`).join(' AND ');
  return `((${bi(gramsOf(parts.join(''), prefix))}) OR (${apart}))`;
}

/**
 * FTS5 expression for a keyword: every run must occur (spaces or punctuation between words mean
 * AND). Null when the keyword has no letter or digit, which then matches nothing.
 */
export function keywordMatch(keyword: string): string | null {
  const runs = runsOf(keyword);
  if (runs.length === 0) return null;
  return runs.map((run) => runMatch(run)).join(' AND ');
}

/**
 * The words of an exclusion list (排除词): separated by spaces or commas (either width) or
 * 、; each word as its runs. Words without a letter or digit are dropped.
 */
export function excludedWords(raw: string | undefined): string[][] {
  if (!raw) return [];
  return raw
    .split(/[\s,，、]+/u)
    .map(runsOf)
    .filter((runs) => runs.length > 0);
}

/**
 * FTS5 expression for one word given as runs (all must occur); with `county` (a county code) only
 * in that county's items, read from the county-scoped columns.
 */
export function runsMatch(runs: readonly string[], county?: string): string {
  if (county !== undefined && !TAG_VALUE.test(county)) throw new Error('bad county code');
  return runs.map((run) => runMatch(run, county)).join(' AND ');
}

/**
 * A looser expression than `runsMatch(runs, county)`: each run of three or more characters becomes
 * its first bigram alone instead of the phrase of all its bigrams. It matches every row
 * `runsMatch` matches (and maybe more), and FTS5 answers it without reading positions: a cheap way
 * to prove that a phrase combined with other conditions matches nothing. Null when
 * no run is a phrase, i.e. when it would be `runsMatch` itself.
 */
export function runsMatchLoose(runs: readonly string[], county?: string): string | null {
  // A phrase's first run of two or more characters stands for it (its first character otherwise).
  const lead = (run: string) => run.split(PHRASE_JOIN).find((part) => Array.from(part).length > 1) ?? run.split(PHRASE_JOIN)[0]!;
  if (!runs.some((run) => run.includes(PHRASE_JOIN) || Array.from(run).length > 2)) return null;
  return runsMatch(
    runs.map((run) => Array.from(lead(run)).slice(0, 2).join('')),
    county,
  );
}

/** Plain text of sanitised HTML for indexing: tags and entities become separators. */
export function htmlText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&[#a-z0-9]+;/gi, ' ');
}
