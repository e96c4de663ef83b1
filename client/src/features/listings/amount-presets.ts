/** The 金额 filters of the project and tender searches, shared by the desktop and mobile lists. */
import type { RangePreset } from './components/range-filters';

/** A band's edge in 万元 as the presets say it: 1000 → "1000万", 10000 → "1亿", 100000 → "10亿". */
function edgeText(wan: number): string {
  return wan >= 10000 ? `${wan / 10000}亿` : `${wan}万`;
}

/**
 * Consecutive bands cut at `edges` (万元, ascending): below the first, between each two, and above
 * the last — so the presets cannot leave a gap or overlap, and each is named by its own numbers.
 */
export function amountBands(edges: readonly [number, ...number[]]): RangePreset[] {
  const last = edges[edges.length - 1] ?? edges[0];
  return [
    { label: `${edgeText(edges[0])}以下`, max: edges[0] },
    ...edges.slice(1).map((max, i) => {
      const min = edges[i] ?? 0;
      return { label: `${edgeText(min)}-${edgeText(max)}`, min, max };
    }),
    { label: `${edgeText(last)}以上`, min: last },
  ];
}

/** 投资额 presets in 万元: the bands tender-portal users filter by. */
export const XMK_AMOUNT = {
  label: '投资额',
  min: 'minInvestment',
  max: 'maxInvestment',
  presets: amountBands([1000, 5000, 10000, 100000]),
} as const;

/** 金额 presets in 万元: tenders are smaller than whole projects. */
export const ZB_AMOUNT = {
  label: '金额',
  min: 'minAmount',
  max: 'maxAmount',
  presets: amountBands([100, 500, 1000, 5000]),
} as const;
