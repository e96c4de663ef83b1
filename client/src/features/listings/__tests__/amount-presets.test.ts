import { describe, expect, it } from 'vitest';
import { XMK_AMOUNT, ZB_AMOUNT, amountBands } from '../amount-presets';

describe('amount presets', () => {
  it('offers the projects’ 投资额 bands, named in 万 and 亿', () => {
    expect(XMK_AMOUNT.presets).toEqual([
      { label: '1000万以下', max: 1000 },
      { label: '1000万-5000万', min: 1000, max: 5000 },
      { label: '5000万-1亿', min: 5000, max: 10000 },
      { label: '1亿-10亿', min: 10000, max: 100000 },
      { label: '10亿以上', min: 100000 },
    ]);
  });

  it('offers the tenders’ 金额 bands', () => {
    expect(ZB_AMOUNT.presets).toEqual([
      { label: '100万以下', max: 100 },
      { label: '100万-500万', min: 100, max: 500 },
      { label: '500万-1000万', min: 500, max: 1000 },
      { label: '1000万-5000万', min: 1000, max: 5000 },
      { label: '5000万以上', min: 5000 },
    ]);
  });

  it('leaves no gap and no overlap between bands', () => {
    const bands = amountBands([50, 200, 15000]);
    for (let i = 1; i < bands.length; i++) expect(bands[i]?.min).toBe(bands[i - 1]?.max);
    expect(bands.map((b) => b.label)).toEqual(['50万以下', '50万-200万', '200万-1.5亿', '1.5亿以上']);
  });
});
