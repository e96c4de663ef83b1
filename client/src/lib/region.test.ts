import { describe, expect, it } from 'vitest';
import type { DictData } from '@shared/system/types';
import { citiesOf, countiesOf, regionName } from './region';

const entry = (dictValue: string, dictLabel: string, dictSort: number): DictData => ({
  dictCode: dictSort,
  dictSort,
  dictLabel,
  dictValue,
  dictType: 'cms_region',
  cssClass: null,
  listClass: null,
  isDefault: 'N',
  status: '0',
  remark: null,
});

const REGIONS = [
  entry('370100', '济南市', 1),
  entry('370102', '历下区', 2),
  entry('370112', '历城区', 3),
  entry('370200', '青岛市', 4),
  entry('370202', '市南区', 5),
];

describe('regions of dict cms_region', () => {
  it('lists cities, and the counties of one city', () => {
    expect(citiesOf(REGIONS).map((r) => r.dictLabel)).toEqual(['济南市', '青岛市']);
    expect(countiesOf(REGIONS, '370100').map((r) => r.dictLabel)).toEqual(['历下区', '历城区']);
  });

  it('names a county with its city, and shows an unknown code as itself', () => {
    expect(regionName(REGIONS, '370102')).toBe('济南市 历下区');
    expect(regionName(REGIONS, '370200')).toBe('青岛市');
    expect(regionName(REGIONS, '379999')).toBe('379999');
    expect(regionName([], '370102')).toBe('370102');
  });
});
