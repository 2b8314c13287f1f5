import EChartsReactCore from 'echarts-for-react/esm/core';
import type { EChartsReactProps } from 'echarts-for-react/esm/types';
import type { EChartsOption } from 'echarts';
import { dispose, getInstanceByDom, init, use as install } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// Only the parts of ECharts the screens draw with: bar, line and pie charts on a grid, with tooltip
// and legend, on canvas (each import registers itself). Imported one by one, not from the
// `echarts/charts` and `echarts/components` indexes: the build then reads only these modules.
// A screen needing another chart type or component adds its line here.
import 'echarts/lib/chart/bar';
import 'echarts/lib/chart/line';
import 'echarts/lib/chart/pie';
import 'echarts/lib/component/grid';
import 'echarts/lib/component/legend';
import 'echarts/lib/component/tooltip';

install([CanvasRenderer]);

// What echarts-for-react calls (not the whole `echarts/core` namespace, which would keep all of it).
const ECHARTS = { init, getInstanceByDom, dispose };

/** echarts-for-react on the ECharts parts above (use this, never `echarts-for-react` itself: it loads all of ECharts). */
export function ReactECharts(props: Omit<EChartsReactProps, 'echarts'>) {
  return <EChartsReactCore echarts={ECHARTS} {...props} />;
}

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
