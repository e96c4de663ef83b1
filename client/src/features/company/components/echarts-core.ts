/** The ECharts modules the company chart needs, and nothing else (tree-shaken echarts/core). */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { CompanyYear } from '@shared/company/types';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/**
 * Draws the years into `element`, sized from the element itself and resized whenever it changes
 * size (a ResizeObserver, not the window's resize: the layout can change without the window);
 * returns what disposes of the chart and its observer. The element must be laid out when called.
 */
export function drawYears(element: HTMLElement, years: readonly CompanyYear[]): () => void {
  const chart = echarts.init(element);
  chart.setOption({
    tooltip: { trigger: 'axis' },
    legend: { data: ['招标数', '中标数', '中标金额（万元）', '所招项目中标金额（万元）'], bottom: 0 },
    grid: { left: 48, right: 64, top: 24, bottom: 56 },
    xAxis: { type: 'category', data: years.map((y) => String(y.year)) },
    yAxis: [
      { type: 'value', name: '条/次', minInterval: 1 },
      { type: 'value', name: '万元' },
    ],
    series: [
      { name: '招标数', type: 'bar', data: years.map((y) => y.tenders) },
      { name: '中标数', type: 'bar', data: years.map((y) => y.wins) },
      // A year whose wins are all rates (下浮率) has no sum: a gap in the line, not a 0.
      {
        name: '中标金额（万元）',
        type: 'line',
        yAxisIndex: 1,
        data: years.map((y) => (y.wins > (y.winsWithoutAmount ?? 0) ? y.winAmount : null)),
      },
      { name: '所招项目中标金额（万元）', type: 'line', yAxisIndex: 1, data: years.map((y) => y.awardedAmount) },
    ],
  });
  const observer = new ResizeObserver(() => chart.resize());
  observer.observe(element);
  return () => {
    observer.disconnect();
    chart.dispose();
  };
}
