/** Counts running requests so one indicator can show while any of them runs (seed §7). */
let running = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

/** Marks a request as started; call the returned function once when it ends (extra calls are ignored). */
export function beginLoading(): () => void {
  running += 1;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    running = Math.max(0, running - 1);
    emit();
  };
}

export function subscribeLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function runningRequests(): number {
  return running;
}
