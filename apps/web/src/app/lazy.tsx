import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Spin } from 'antd';

/**
 * A component loaded on its first render, in a chunk of its own, with a small spinner of its own
 * meanwhile: for a heavy part of a screen that is not always shown (a map loads Leaflet only when
 * the map is on screen). Used as `const Map = lazyComponent(() => import('./map'), (m) => m.Map)`; `fallback` (a node, or
 * one made from the props) stands in while it loads.
 */
export function lazyComponent<P extends object, M>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
  fallback?: ReactNode | ((props: P) => ReactNode),
) {
  const Lazy = lazy(() => load().then((m) => ({ default: pick(m) })));
  return function LazyComponent(props: P) {
    const shown = typeof fallback === 'function' ? fallback(props) : fallback;
    return (
      <Suspense fallback={shown ?? <Spin size="small" style={{ display: 'block', margin: '24px auto' }} />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

/**
 * A dialog loaded on its first opening, in a chunk of its own with what only it needs (the form, its zod
 * rules, its inputs): a list screen loads its table first (issue 16). The chunk is asked for once the browser is
 * idle after the screen first showed, so a click almost always finds it loaded and the dialog opens at once. A click
 * before that opens it when the chunk arrives; nothing stands in meanwhile. A stand-in dialog would take the focus
 * and drop it when it went, so the real one would give the focus back to the page instead of to what opened it.
 *
 * A dialog that stays rendered while closed (an `open` prop, or `shownWhen` telling from its props) is rendered
 * from its first opening on and stays so: it closes with its motion and gives the focus back to what opened it (a
 * dialog in a drawer: Escape then closes the drawer). One rendered only while open (`{editing ? <X … /> : null}`)
 * needs neither.
 */
export function lazyDialog<P extends object, M>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
  { shownWhen = (props: P) => (props as { open?: boolean }).open !== false }: { shownWhen?: (props: P) => boolean } = {},
) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const once = () => (loading ??= load().then((m) => (loaded = pick(m))));
  const Lazy = lazy(() => once().then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    const shown = shownWhen(props);
    const [opened, setOpened] = useState(shown);
    // Chosen once per use: switching from the lazy wrapper to the loaded component would open the dialog anew.
    const [Direct] = useState(() => loaded);
    if (shown && !opened) setOpened(true);
    if (!shown && !opened) return null;
    if (Direct) return <Direct {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  // Created when its screen's module runs, before the screen first renders: the idle callback comes after that.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => void once(), { timeout: 5000 });
  else window.setTimeout(() => void once(), 2000);
  return LazyDialog;
}
