/**
 * The firms behind a 中标人 or a candidate as publishers write them (docs/decisions/companies.md):
 * one firm, or a consortium (联合体) written
 *
 *   `A、B联合体`, `A、B（联合体）`                          — the lead is the firm named first;
 *   `A（牵头人）、B（成员）`                                — the lead is the one marked;
 *   `联合体牵头人：A；联合体成员：B、C`                       — labelled.
 *
 * Each member is credited on its own company page (maintain.ts); the lead is marked.
 */
import type { NoticeWinner } from '@shared/content/notices';
import { companyKey } from './names';

export type Firm = Pick<NoticeWinner, 'name' | 'lead'>;

const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;

/** A name as a publisher's cell may hold it: zero-width characters, `&nbsp;` and spacing runs out. */
export function cleanFirmName(name: string): string {
  return name
    .replace(ZERO_WIDTH, '')
    .replace(/&nbsp;?/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const LEAD_WORDS = '牵头人|牵头方|牵头单位|联合体牵头人|联合体牵头方|主办方|主办人';
const MEMBER_WORDS = '成员|成员方|成员单位|联合体成员|联合体成员方|联合体成员单位|参加方';
/** `（牵头人）`, `(成员)`: a role mark after a name, either bracket width. */
const ROLE_MARK = new RegExp(`[（(]\\s*(${LEAD_WORDS}|${MEMBER_WORDS})\\s*[)）]`, 'u');
const LEAD_MARK = new RegExp(`^(?:${LEAD_WORDS})$`, 'u');
/** `联合体牵头人：A`, `牵头人: A` up to the next `；` (or the end). */
const LEAD_LABEL = new RegExp(`(?:${LEAD_WORDS})\\s*[:：]\\s*([^；;。\\n]+)`, 'u');
const MEMBER_LABEL = new RegExp(`(?:${MEMBER_WORDS})\\s*[:：]\\s*([^；;。\\n]+)`, 'u');
/** What separates the firms of a consortium. */
const SEPARATOR = /[、，,；;／/＋+]/u;
/** `联合体` words around the list: `（联合体）`, `联合体` at the end, `联合体：` at the start. */
const CONSORTIUM_SUFFIX = /\s*(?:[（(]\s*联合体\s*[)）]|(?:组成的)?联合体)\s*$/u;
const CONSORTIUM_PREFIX = /^\s*联合体\s*[:：]\s*/u;

const split = (list: string) =>
  list
    .split(SEPARATOR)
    .map(cleanFirmName)
    .filter((name) => name !== '');

function unique(firms: Firm[]): Firm[] {
  const seen = new Set<string>();
  return firms.filter((firm) => {
    const key = companyKey(firm.name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The firms a 中标人 or candidate text names, the consortium's lead marked; [] for none. */
export function firmsOf(text: string | null | undefined): Firm[] {
  const written = cleanFirmName(text ?? '');
  if (written === '') return [];
  const lead = LEAD_LABEL.exec(written);
  const members = MEMBER_LABEL.exec(written);
  if (lead || members) {
    const firms = [
      ...(lead ? split(lead[1]!).map((name, i) => ({ name, lead: i === 0 })) : []),
      ...(members ? split(members[1]!).map((name) => ({ name, lead: false })) : []),
    ];
    return consortium(unique(firms));
  }
  const list = written.replace(CONSORTIUM_PREFIX, '').replace(CONSORTIUM_SUFFIX, '');
  const parts = split(list).map((part) => {
    const mark = ROLE_MARK.exec(part);
    const name = cleanFirmName(part.replace(ROLE_MARK, ''));
    return { name, lead: mark ? LEAD_MARK.test(mark[1]!) : false };
  });
  return consortium(unique(parts.filter((p) => p.name !== '')));
}

/** One firm is no consortium (never a lead); several have exactly one lead, the first unless marked. */
function consortium(firms: Firm[]): Firm[] {
  if (firms.length <= 1) return firms.map((f) => ({ name: f.name, lead: false }));
  const leadAt = Math.max(
    0,
    firms.findIndex((f) => f.lead),
  );
  return firms.map((f, i) => ({ name: f.name, lead: i === leadAt }));
}
