/**
 * The 招标订阅 of a member's profile, as both sites edit it (desktop: /user/member#subscription;
 * phone: 订阅招标): how it is stored and read, and what the backend accepts. Limits are the
 * contract's (shared/src/constants.ts): ≤ 10 keywords of 1–20 characters with a letter or digit,
 * ≤ 20 regions. No UI kit here: the phone's page uses it too.
 */
import { MAX_KEYWORD_LENGTH, MAX_KEYWORDS, MAX_REGIONS } from '@shared/constants';
import type { MemberUser } from '@shared/member/types';

/** The backend ignores punctuation in keywords: one made of nothing else would match nothing. */
const HAS_TEXT = /[\p{L}\p{N}]/u;

/** The subscription as lists: comma-separated in the profile (ASCII or full-width commas). */
export function subscriptionOf(user: Pick<MemberUser, 'subscribeKeywords' | 'subscribeRegions'> | null) {
  const split = (text: string | undefined) =>
    (text ?? '')
      .split(/[,，]/)
      .map((part) => part.trim())
      .filter(Boolean);
  return { keywords: split(user?.subscribeKeywords), regions: split(user?.subscribeRegions) };
}

/** Keywords typed as one line: separated by commas (either width), 、 or spaces; each once. */
export function parseKeywords(text: string): string[] {
  return [...new Set(text.split(/[,，、\s]+/u).filter(Boolean))];
}

/** Why the keywords are refused, or null. */
export function keywordsProblem(keywords: readonly string[]): string | null {
  if (keywords.length > MAX_KEYWORDS) return `最多 ${MAX_KEYWORDS} 个关键词`;
  const bad = keywords.find((k) => {
    const length = Array.from(k.trim()).length;
    return length < 1 || length > MAX_KEYWORD_LENGTH || !HAS_TEXT.test(k);
  });
  return bad === undefined ? null : `关键词“${bad}”无效：每个 1 到 ${MAX_KEYWORD_LENGTH} 个字，且须包含文字或数字`;
}

/** Why the regions are refused, or null. */
export function regionsProblem(regions: readonly string[]): string | null {
  return regions.length > MAX_REGIONS ? `最多选择 ${MAX_REGIONS} 个地区` : null;
}

/** The profile fields to save. */
export function subscriptionBody(keywords: readonly string[], regions: readonly string[]) {
  return { subscribeKeywords: [...new Set(keywords.map((k) => k.trim()).filter(Boolean))].join(','), subscribeRegions: regions.join(',') };
}
