/**
 * LINE channels read for a moment (CHANNEL_TTL_MS) by the webhook and the event handling: under a
 * burst of deliveries a channel is read once, not once a request or an event. A change made in this
 * process forgets them at once (`forgetChannels`, called once a change of a channel has committed, see
 * save-line-channel.ts); one made by another process is seen within the TTL. Kept per database, so
 * two databases in one process (tests) never see each other's channels.
 */
const CHANNEL_TTL_MS = 2_000;
const MAX_ENTRIES = 1_000;

type Entry = { at: number; generation: number; value: Promise<unknown> };
/** Bumped by forgetChannels: entries of an older generation are stale. */
let generation = 0;
const caches = new WeakMap<object, Map<string, Entry>>();

/** The cached value of `key` in `db`'s cache, else `load()` (one load for concurrent callers; a failure is not kept). */
export function rememberChannel<T>(db: object, key: string, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && hit.generation === generation && performance.now() - hit.at < CHANNEL_TTL_MS) return hit.value as Promise<T>;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const value = load();
  const entry = { at: performance.now(), generation, value };
  cache.set(key, entry);
  const store = cache;
  value.catch(() => {
    if (store.get(key) === entry) store.delete(key);
  });
  return value;
}

/** Forgets every cached channel (of every database: a change is rare, a re-read cheap). */
export function forgetChannels(): void {
  generation++;
}
