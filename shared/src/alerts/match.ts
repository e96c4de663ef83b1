/**
 * How a subscription's keywords match, the one rule the forms' words and the backend's matching
 * share (docs/decisions/subscriptions.md): `any` — a notice containing any one of the words
 * matches (what a keyword list means to members of other tender sites, and the default); `all` —
 * every word must occur. A word is matched by its runs of letters and digits, every run occurring
 * (the search's keyword rule); the runs are the caller's (the backend's search tokens).
 */
import type { MemberLevel } from '../member/types';

export const MATCH_MODES = ['any', 'all'] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

export const DEFAULT_MATCH_MODE: MatchMode = 'any';

/** The choice as the forms show it. */
export const MATCH_MODE_LABELS: Record<MatchMode, string> = { any: '含任一关键词', all: '含全部关键词' };

/** What the choice means, said under the keyword field. */
export const MATCH_MODE_HINTS: Record<MatchMode, string> = {
  any: '标题、招标人、代理机构或正文含任一关键词即匹配',
  all: '标题、招标人、代理机构或正文须包含全部关键词才匹配',
};

/**
 * Whether a notice's text matches keywords given as words, each word its runs: `has(run)` says
 * whether one run occurs in the notice. No words: the keywords set no condition (true).
 */
export function keywordsMatch(mode: MatchMode, words: readonly (readonly string[])[], has: (run: string) => boolean): boolean {
  if (words.length === 0) return true;
  const wordOccurs = (runs: readonly string[]) => runs.every(has);
  return mode === 'any' ? words.some(wordOccurs) : words.every(wordOccurs);
}

/** Alert subscriptions a member may keep, by effective tier (the profile's own is not counted). */
export const SUBSCRIPTION_LIMITS = { '0': 10, '1': 10, '2': 30 } as const satisfies Record<MemberLevel, number>;

/** A subscription's text fields: the name, and the keywords or exclude words (space-separated). */
export const SUBSCRIPTION_TEXT_MAX = { name: 20, words: 50 } as const;
