import type { CSSProperties } from 'react';
import { Spin } from 'antd';
import type { EChartsReactProps } from 'echarts-for-react/esm/types';
import type { EChartsOption } from 'echarts';
import { lazyComponent } from '../app/lazy';

/**
 * Charts load ECharts (188 KB gzip) when one first shows, in a chunk of its own (echarts-chart.tsx): a screen with
 * charts shows its cards and tables without waiting for it (issue 16), and the chart's box keeps its height meanwhile,
 * so nothing below it moves when the chart arrives. The chunk is asked for as the screen's first render asks for the
 * chart, so it loads alongside the screen's data.
 */
const chartBox = (style?: CSSProperties) => (
  <div style={{ ...style, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
    <Spin size="small" />
  </div>
);

/** echarts-for-react on the app's ECharts parts (use this, never `echarts-for-react` itself: it loads all of ECharts). */
export const ReactECharts = lazyComponent(
  () => import('./echarts-chart'),
  (m) => m.ReactECharts,
  (props: Omit<EChartsReactProps, 'echarts'>) => chartBox(props.style),
);

/** An ECharts chart sized to its card (the seed §9 theme colours first). */
const CHART_COLORS = ['#2f4b7c', '#14a098', '#f0a500', '#d1495b', '#7a5195', '#58a4b0', '#8c9bab'];

export function Chart({ option, height = 300, testId }: { option: EChartsOption; height?: number; testId?: string }) {
  return (
    <div data-testid={testId}>
      <ReactECharts
        option={{
          color: CHART_COLORS,
          ...option,
          ...(option.legend && !Array.isArray(option.legend) ? { legend: { top: 0, ...option.legend } } : {}),
        }}
        style={{ height, width: '100%' }}
        notMerge
        lazyUpdate
      />
    </div>
  );
}

type DailySeries = { name: string; type: 'bar' | 'line'; data: number[]; yAxisIndex?: number };

/**
 * Figures per day: the days along the bottom, a bar or a line per figure (named in the legend). Two
 * `yAxis` give a figure in other units its own axis (`yAxisIndex: 1`); `right` makes room for it.
 */
export function DailyChart({
  days,
  series,
  yAxis = { type: 'value' },
  right = 20,
  valueFormatter,
  height,
  testId,
}: {
  days: string[];
  series: DailySeries[];
  yAxis?: EChartsOption['yAxis'];
  right?: number;
  /** How the tooltip shows a value (by default as it is). */
  valueFormatter?: (value: number) => string;
  height?: number;
  testId?: string;
}) {
  return (
    <Chart
      testId={testId}
      height={height}
      option={{
        tooltip: { trigger: 'axis', ...(valueFormatter ? { valueFormatter: (v) => valueFormatter(Number(v)) } : {}) },
        legend: { data: series.map((s) => s.name) },
        grid: { left: 60, right, top: 40, bottom: 30 },
        xAxis: { type: 'category', data: days },
        yAxis,
        series: series.map((s) => (s.type === 'bar' ? { ...s, type: 'bar' as const } : { ...s, type: 'line' as const })),
      }}
    />
  );
}
