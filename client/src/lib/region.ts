/** The entries of dict `cms_region` (flat GB/T 2260 codes) as the filters and pages show them. */
import { cityCodeOf, isCityCode } from '@shared/system/regions';
import type { DictEntry } from '@shared/system/types';

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
