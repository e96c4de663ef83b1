/**
 * Regions of dict `cms_region`: GB/T 2260 codes, flat. A city's code ends in "00"; a county's city
 * is its first four digits + "00" (shared/src/contract/system.ts).
 */
import type { DictEntry } from '@shared/contract/system';

export function cityCodeOf(areaCode: string): string {
  return `${areaCode.slice(0, 4)}00`;
}

export function isCityCode(areaCode: string): boolean {
  return /^\d{4}00$/.test(areaCode);
}

export function citiesOf(regions: readonly DictEntry[]): DictEntry[] {
  return regions.filter((entry) => isCityCode(entry.dictValue));
}

export function countiesOf(regions: readonly DictEntry[], cityCode: string): DictEntry[] {
  return regions.filter((entry) => !isCityCode(entry.dictValue) && cityCodeOf(entry.dictValue) === cityCode);
}

/**
 * "济南市 历下区" for a county, "济南市" for a city; a code the dictionary does not know shows as
 * itself (spec §3: without a match the raw code is shown).
 */
export function regionName(regions: readonly DictEntry[], areaCode: string): string {
  if (!areaCode) return '';
  const label = (code: string) => regions.find((entry) => entry.dictValue === code)?.dictLabel;
  const own = label(areaCode) ?? areaCode;
  if (isCityCode(areaCode)) return own;
  const city = label(cityCodeOf(areaCode));
  return city ? `${city} ${own}` : own;
}
