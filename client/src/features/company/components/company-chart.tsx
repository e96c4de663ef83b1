/**
 * Counts and amounts by year: a plain table in the server's HTML and before the chart
 * has loaded (and for readers without canvas), then an ECharts chart drawn by the client. ECharts
 * is loaded lazily, only its bar and line charts and the components they use (echarts-core.ts),
 * so neither the server nor any other page pays for it.
 */
import { useEffect, useRef, useState } from 'react';
import type { CompanyYear } from '@shared/company/types';
import { formatWan } from '@shared/format';
import { winAmountOf } from '../company-page-data';
import type * as EchartsCore from './echarts-core';

type ChartsModule = typeof EchartsCore;

export function YearTable({ years }: { years: readonly CompanyYear[] }) {
  return (
    <table className="company-years">
      <caption className="visually-hidden">年度统计</caption>
      <thead>
        <tr>
          <th scope="col">年份</th>
          <th scope="col">招标（条）</th>
          <th scope="col">中标（次）</th>
          <th scope="col">中标金额</th>
          <th scope="col">所招项目中标金额</th>
        </tr>
      </thead>
      <tbody>
        {years.map((y) => (
          <tr key={y.year}>
            <th scope="row">{y.year}</th>
            <td>{y.tenders}</td>
            <td>{y.wins}</td>
            <td>{winAmountOf(y)}</td>
            <td>{formatWan(y.awardedAmount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CompanyChart({ years }: { years: readonly CompanyYear[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [charts, setCharts] = useState<ChartsModule | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('./echarts-core').then((loaded) => {
      if (!cancelled) setCharts(loaded);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  // Drawn once the box is shown (the render after the module arrived): ECharts reads the box's size
  // at init, and a hidden box would give it none (it falls back to 100 px).
  useEffect(() => {
    if (!charts || !box.current) return;
    return charts.drawYears(box.current, years);
  }, [charts, years]);
  return (
    <div className="company-chart-wrap">
      <div
        ref={box}
        className={charts ? 'company-chart' : 'company-chart company-chart-pending'}
        role="img"
        aria-label="按年份的招标数、中标数与金额图表"
      />
      <YearTable years={years} />
    </div>
  );
}
