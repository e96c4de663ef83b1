/**
 * Region codes of dict `cms_region` (GB/T 2260, six digits): a city's code ends in "00", a county's
 * city is its first four digits + "00". The province's own code (ending in "0000") is not an entry
 * of the dictionary; where it appears it stands for the whole province.
 */

/** A county's city, or a city's own code. */
export function cityCodeOf(areaCode: string): string {
  return `${areaCode.slice(0, 4)}00`;
}

export function isCityCode(areaCode: string): boolean {
  return /^\d{4}00$/.test(areaCode);
}

/** A county's code: six digits, not a city's (nor the province's). */
export function isCountyCode(areaCode: string): boolean {
  return /^\d{6}$/.test(areaCode) && !isCityCode(areaCode);
}
