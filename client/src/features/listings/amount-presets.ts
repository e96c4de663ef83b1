/** The 金额 filters of the project and tender searches, shared by the desktop and mobile lists. */

/** 投资额 presets in 万元: the bands tender-portal users filter by. */
export const XMK_AMOUNT = {
  label: '投资额',
  min: 'minInvestment',
  max: 'maxInvestment',
  presets: [
    { label: '1000万以下', max: 1000 },
    { label: '1000万-5000万', min: 1000, max: 5000 },
    { label: '5000万-1亿', min: 5000, max: 10000 },
    { label: '1亿-10亿', min: 10000, max: 100000 },
    { label: '10亿以上', min: 100000 },
  ],
} as const;

/** 金额 presets in 万元: tenders are smaller than whole projects. */
export const ZB_AMOUNT = {
  label: '金额',
  min: 'minAmount',
  max: 'maxAmount',
  presets: [
    { label: '100万以下', max: 100 },
    { label: '100万-500万', min: 100, max: 500 },
    { label: '500万-1000万', min: 500, max: 1000 },
    { label: '1000万-5000万', min: 1000, max: 5000 },
    { label: '5000万以上', min: 5000 },
  ],
} as const;
