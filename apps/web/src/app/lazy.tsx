import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Modal, Spin } from 'antd';

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

/**
 * A dialog loaded on its first opening, in a chunk of its own with what only it needs (the form, its zod
 * rules, its inputs): a list screen loads its table first (issue 16). Until the chunk is there, an empty
 * dialog with a loading skeleton stands in. The chunk is asked for once the browser is idle after the
 * screen first showed, so that a later click usually finds it loaded.
 */
export function lazyDialog<P extends object, M>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>) {
  let loading: Promise<M> | undefined;
  const once = () => (loading ??= load());
  const Lazy = lazy(() => once().then((m) => ({ default: pick(m) })));
  function LazyDialog(props: P) {
    return (
      <Suspense fallback={<Modal open loading footer={null} />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  // Created when its screen's module runs, before the screen first renders: the idle callback comes after that.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => void once(), { timeout: 5000 });
  else window.setTimeout(() => void once(), 2000);
  return LazyDialog;
}
