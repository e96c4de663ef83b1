import { describe, expect, it } from 'vitest';
import { cityCodeOf, isCityCode, isCountyCode } from './regions';

describe('region codes of dict cms_region', () => {
  it('finds a county’s city from its first four digits', () => {
    expect(cityCodeOf('370112')).toBe('370100');
    expect(cityCodeOf('370100')).toBe('370100');
    expect(cityCodeOf('371728')).toBe('371700');
  });

  it('tells cities from counties', () => {
    expect(['370100', '370200', '371700'].every(isCityCode)).toBe(true);
    expect(['370102', '370112', '371728'].some(isCityCode)).toBe(false);
    expect(['370102', '370112', '371728'].every(isCountyCode)).toBe(true);
    expect(['370100', '370000', '3701', '37010a', '3701020'].some(isCountyCode)).toBe(false);
    // Not a code at all: neither.
    expect(isCityCode('100')).toBe(false);
    expect(isCityCode('37010000')).toBe(false);
  });
});
