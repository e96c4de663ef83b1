/**
 * One rule for "is this the same user name": registration, checkUserNameUnique, login
 * and the lockout all compare names through `userNameKey`, and the database holds the key in a
 * unique column (member.user_name_key), so two requests racing cannot both register look-alikes.
 *
 * The key is a skeleton in the spirit of Unicode TR39: compatibility forms folded (NFKC: fullwidth
 * `ｄｅｍｏ` → `demo`), Latin accents dropped (`Démo` → `Demo`), the Cyrillic and Greek letters
 * that are drawn like Latin ones replaced by them (`dеmo` with a Cyrillic е → `demo`), then lower
 * case. Chinese names pass through unchanged. Digits are left alone: `demo0` and `demoo` are
 * different names to a reader, and refusing them would only annoy.
 */

/** Letters drawn like a Latin letter in common fonts, upper and lower case as they look. */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  А: 'a',
  В: 'b',
  Е: 'e',
  К: 'k',
  М: 'm',
  Н: 'h',
  О: 'o',
  Р: 'p',
  С: 'c',
  Т: 't',
  У: 'y',
  Х: 'x',
  Ѕ: 's',
  І: 'i',
  Ј: 'j',
  Ԁ: 'd',
  Ԛ: 'q',
  Ԝ: 'w',
  Ү: 'y',
  Һ: 'h',
  Ӏ: 'l',
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ү: 'y',
  һ: 'h',
  ӏ: 'l',
  // Greek
  Α: 'a',
  Β: 'b',
  Ε: 'e',
  Ζ: 'z',
  Η: 'h',
  Ι: 'i',
  Κ: 'k',
  Μ: 'm',
  Ν: 'n',
  Ο: 'o',
  Ρ: 'p',
  Τ: 't',
  Υ: 'y',
  Χ: 'x',
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  // Latin letters that read as another one
  ı: 'i',
  ȷ: 'j',
  ɡ: 'g',
  ɑ: 'a',
  ʏ: 'y',
};

/** Combining diacritical marks (U+0300–U+036F): what NFD splits off accented Latin letters. */
const DIACRITICS = /[\u0300-\u036f]/g;

/** How a user name is written in the database: compatibility forms folded (fullwidth → ASCII). */
export function normalizeUserName(name: string): string {
  return name.normalize('NFKC');
}

/** The comparison key: names with the same key are the same name to a reader. */
export function userNameKey(name: string): string {
  const stripped = normalizeUserName(name).normalize('NFD').replace(DIACRITICS, '');
  let key = '';
  for (const ch of stripped) key += LOOK_ALIKES[ch] ?? ch;
  return key.toLowerCase().normalize('NFC');
}
