import { useEffect, useRef } from 'react';
import EChartsReactCore from 'echarts-for-react/esm/core';
import type { EChartsReactProps } from 'echarts-for-react/esm/types';
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

/**
 * echarts-for-react on the ECharts parts above. Loaded by chart.tsx when a chart first shows (never import this
 * file from a screen: ECharts is 188 KB gzip, issue 16).
 */
export function ReactECharts(props: Omit<EChartsReactProps, 'echarts'>) {
  const chart = useRef<EChartsReactCore>(null);
  // The chart follows its box. echarts-for-react's own resizing (`autoResize`) skips the first size change it is told
  // of, to spare the first drawing's animation, and a box resized while the chart was starting (a phone turned, a
  // window narrowed as the chart's chunk arrived) was told of with that first one: the chart kept its old width, wider
  // than the page (the daily-loop suite at 390 px, once charts loaded with their first showing). Here a change is
  // acted on whenever the box and the drawn chart differ, and the chart is sized by its box ('auto'), not by the box's
  // width when it first drew.
  useEffect(() => {
    const box = chart.current?.ele;
    if (!box) return undefined;
    const observer = new ResizeObserver(() => {
      const drawn = chart.current?.getEchartsInstance();
      if (drawn && (drawn.getWidth() !== box.clientWidth || drawn.getHeight() !== box.clientHeight)) drawn.resize();
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return (
    <EChartsReactCore ref={chart} echarts={ECHARTS} {...props} autoResize={false} opts={{ width: 'auto', height: 'auto', ...props.opts }} />
  );
}
