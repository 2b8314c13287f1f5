import { useSyncExternalStore } from 'react';
import { runningRequests, subscribeLoading } from './loading';
import { COLORS } from './theme';

// Quick answers finish before the bar fades in, so it does not flicker on every click.
const SHOW_AFTER_MS = 150;

/** Seed §7 "global loading overlay": a thin bar over the top edge while any request runs. */
export function GlobalLoadingBar() {
  const running = useSyncExternalStore(subscribeLoading, runningRequests, runningRequests) > 0;
  return (
    <div
      data-testid="global-loading"
      data-loading={running ? 'true' : 'false'}
      role="progressbar"
      aria-hidden={!running}
      aria-busy={running}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        zIndex: 2000,
        overflow: 'hidden',
        pointerEvents: 'none',
        opacity: running ? 1 : 0,
        // The delay applies only when appearing; hiding is immediate.
        transition: `opacity 200ms ease ${running ? SHOW_AFTER_MS : 0}ms`,
      }}
    >
      {running ? <div className="gasops-loading-bar" style={{ height: '100%', width: '40%', background: COLORS.accent }} /> : null}
    </div>
  );
}
