import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Spin } from 'antd';

/**
 * A component loaded on its first render, in a chunk of its own, with a small spinner of its own
 * meanwhile: for a heavy part of a screen that is not always shown (a map loads Leaflet only when
 * the map is on screen). Used as `const Map = lazyComponent(() => import('./map'), (m) => m.Map)`.
 */
export function lazyComponent<P extends object, M>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>, fallback?: ReactNode) {
  const Lazy = lazy(() => load().then((m) => ({ default: pick(m) })));
  return function LazyComponent(props: P) {
    return (
      <Suspense fallback={fallback ?? <Spin size="small" style={{ display: 'block', margin: '24px auto' }} />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
