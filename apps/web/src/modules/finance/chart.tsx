import ReactECharts from 'echarts-for-react';
import type { EChartsOption } from 'echarts';

/** An ECharts chart sized to its card (the seed §9 theme colours first). */
export const CHART_COLORS = ['#2f4b7c', '#14a098', '#f0a500', '#d1495b', '#7a5195', '#58a4b0', '#8c9bab'];

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
