import { useSyncExternalStore } from 'react';
import type { FieldActionEnvelope, FieldActionKind, FieldActionsResult, FieldResultStatus } from '@gasops/shared';
import { FIELD_LIMITS } from '@gasops/shared';
import { api, isApiError } from '../../app/api';
import { deleteEntry, outboxOf, pruneSynced, putEntry, type OutboxEntry, type OutboxState } from './store';

export type { OutboxState };

/**
 * The field app's outbox (issue 13, "offline-first, exactly once"): every action made on the phone
 * is stored in IndexedDB with a UUID made here and the device time, then sent to
 * POST /api/field/actions in order, in batches. The server applies each UUID once and answers a
 * repeat with the first result, so a retry after a lost answer never doubles anything.
 *
 * - Flushed at start, when the network returns (`online`), when the app becomes visible again, after
 *   each new action and on a timer while something waits.
 * - One tab at a time: the Web Locks API where the browser has it, else a short lease in
 *   localStorage.
 * - A conflict or a refusal is kept (shown to the user, the office sees conflicts as pending data)
 *   and never holds back the actions behind it; a network failure stops the round (the next
 *   trigger retries from the same action).
 */
export type FieldAction = FieldActionEnvelope & { kind: FieldActionKind };
export type QueueEntry = OutboxEntry<FieldAction>;

const LOCK = 'gasops-field-outbox';
const LEASE_KEY = 'gasops.fieldOutboxLease';
const LEASE_MS = 30_000;
const RETRY_MS = 20_000;
const CHANNEL = 'gasops-field-outbox';

let userId: number | null = null;
let entries: QueueEntry[] = [];
let syncing = false;
let lastError: string | null = null;
let lastSyncAt: number | null = null;
const listeners = new Set<() => void>();
let snapshot = makeSnapshot();
const tabId = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random());
const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(CHANNEL) : null;

export type OutboxSnapshot = {
  entries: QueueEntry[];
  waiting: number;
  conflicts: number;
  rejected: number;
  syncing: boolean;
  lastError: string | null;
  lastSyncAt: number | null;
};

function makeSnapshot(): OutboxSnapshot {
  return {
    entries,
    waiting: entries.filter((e) => e.state === 'queued').length,
    conflicts: entries.filter((e) => e.state === 'conflict').length,
    rejected: entries.filter((e) => e.state === 'rejected').length,
    syncing,
    lastError,
    lastSyncAt,
  };
}

function emit() {
  snapshot = makeSnapshot();
  listeners.forEach((l) => l());
}

async function reload() {
  if (userId === null) return;
  entries = (await outboxOf(userId)) as QueueEntry[];
  emit();
}

/** What the outbox holds now (re-renders on every change, in this tab or another). */
export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => snapshot,
  );
}

/** A UUID for a new action (crypto.randomUUID needs a secure context: https or localhost). */
export function newActionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The device time with its offset (the server keeps it beside its own). */
export function deviceTime(d = new Date()): string {
  const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
  const off = -d.getTimezoneOffset();
  const sign = off >= 0 ? '+' : '-';
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` +
    `.${String(d.getMilliseconds()).padStart(3, '0')}${sign}${pad(Math.trunc(off / 60))}:${pad(off % 60)}`
  );
}

/** Puts an action in the outbox and starts a flush; resolves once it is stored on the phone. */
export async function enqueue(kind: FieldActionKind, payload: Record<string, unknown>, label: string | null = null): Promise<QueueEntry> {
  if (userId === null) throw new Error('the outbox is not started');
  const now = new Date();
  const entry: QueueEntry = {
    id: newActionId(),
    userId,
    action: { id: '', kind, deviceTime: deviceTime(now), payload },
    label,
    state: 'queued',
    createdAt: now.getTime(),
    tries: 0,
    answeredAt: null,
    message: null,
  };
  entry.action.id = entry.id;
  await putEntry(entry);
  await reload();
  channel?.postMessage('changed');
  void flush();
  return entry;
}

/** Removes a conflict or refusal the user has read (synced ones go by themselves). */
export async function dismiss(id: string): Promise<void> {
  await deleteEntry(id);
  await reload();
  channel?.postMessage('changed');
}

/** An entry as the outbox knows it now (after a flush: its answer). */
export function entryOf(id: string): QueueEntry | undefined {
  return entries.find((e) => e.id === id);
}

function stateFor(status: FieldResultStatus): OutboxState {
  if (status === 'applied' || status === 'duplicate') return 'synced';
  return status;
}

/** Sends the queued actions in order; stops at a network failure (retried on the next trigger). */
async function sendQueued(): Promise<void> {
  if (userId === null) return;
  const queued = ((await outboxOf(userId)) as QueueEntry[]).filter((e) => e.state === 'queued');
  for (let i = 0; i < queued.length; i += FIELD_LIMITS.batch) {
    const batch = queued.slice(i, i + FIELD_LIMITS.batch);
    let answer: FieldActionsResult;
    try {
      answer = await api.post<FieldActionsResult>(
        '/field/actions',
        { actions: batch.map((e) => e.action) },
        { background: true, timeoutMs: 60_000 },
      );
    } catch (error) {
      lastError = isApiError(error) ? error.message : String(error);
      for (const e of batch) await putEntry({ ...e, tries: e.tries + 1 });
      // A 400 on the whole batch is a malformed envelope: send one by one so one bad action cannot hold the rest.
      if (isApiError(error) && error.status === 400 && batch.length > 1) {
        await sendOneByOne(batch);
        continue;
      }
      if (isApiError(error) && error.status === 400) {
        await putEntry({ ...batch[0]!, state: 'rejected', answeredAt: Date.now(), message: error.message, tries: batch[0]!.tries + 1 });
        continue;
      }
      return;
    }
    lastError = null;
    const now = Date.now();
    for (const e of batch) {
      const result = answer.results.find((r) => r.id === e.id);
      if (!result) continue;
      await putEntry({ ...e, state: stateFor(result.status), answeredAt: now, tries: e.tries + 1, message: resultMessage(result) });
    }
  }
  // Only what was sent changes the day (useFieldApp fetches it again then); an empty outbox's flush, as on
  // every start, would fetch the day a second time for nothing.
  if (queued.length > 0) lastSyncAt = Date.now();
}

async function sendOneByOne(batch: QueueEntry[]) {
  for (const e of batch) {
    try {
      const answer = await api.post<FieldActionsResult>('/field/actions', { actions: [e.action] }, { background: true });
      const result = answer.results.find((r) => r.id === e.id);
      if (result) await putEntry({ ...e, state: stateFor(result.status), answeredAt: Date.now(), message: resultMessage(result) });
    } catch (error) {
      if (isApiError(error) && error.status === 400)
        await putEntry({ ...e, state: 'rejected', answeredAt: Date.now(), message: error.message });
      else return;
    }
  }
}

type Result = FieldActionsResult['results'][number];
function resultMessage(result: Result): string | null {
  const parts: string[] = [];
  if ('message' in result && typeof result.message === 'string' && result.message) parts.push(result.message);
  if ('errors' in result && result.errors && typeof result.errors === 'object')
    for (const [field, msg] of Object.entries(result.errors as Record<string, unknown>))
      if (typeof msg === 'string') parts.push(`${field}: ${msg}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** Runs `work` in this tab only if no other tab is flushing. */
async function exclusively(work: () => Promise<void>): Promise<void> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (locks?.request) {
    await locks.request(LOCK, { ifAvailable: true }, async (lock) => {
      if (lock) await work();
    });
    return;
  }
  // Fallback: a lease in localStorage (browsers without Web Locks: Safari before 15.4).
  try {
    const held = JSON.parse(localStorage.getItem(LEASE_KEY) ?? 'null') as { tab: string; until: number } | null;
    if (held && held.tab !== tabId && held.until > Date.now()) return;
    localStorage.setItem(LEASE_KEY, JSON.stringify({ tab: tabId, until: Date.now() + LEASE_MS }));
    const mine = JSON.parse(localStorage.getItem(LEASE_KEY) ?? 'null') as { tab: string } | null;
    if (mine?.tab !== tabId) return;
  } catch {
    // No storage at all: this tab is the only one that can flush.
  }
  try {
    await work();
  } finally {
    try {
      localStorage.removeItem(LEASE_KEY);
    } catch {
      /* no storage */
    }
  }
}

let running: Promise<void> | null = null;
/** Sends what waits (one round at a time in this tab, one tab at a time). */
export function flush(): Promise<void> {
  if (userId === null) return Promise.resolve();
  running ??= (async () => {
    syncing = true;
    emit();
    try {
      await exclusively(sendQueued);
    } finally {
      syncing = false;
      running = null;
      await reload();
      channel?.postMessage('changed');
    }
  })();
  return running;
}

let timer: ReturnType<typeof setInterval> | null = null;
const onOnline = () => void flush();
const onVisible = () => {
  if (document.visibilityState === 'visible') void flush();
};

/**
 * Starts the outbox for the signed-in user (idempotent): loads what waits, flushes it, and listens
 * for the network, the tab's visibility and other tabs. Returns nothing: it runs while the app runs.
 */
export function startOutbox(forUser: number): void {
  if (userId === forUser) return;
  userId = forUser;
  entries = [];
  emit();
  void pruneSynced(forUser).then(reload).then(flush);
  if (timer) return;
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  channel?.addEventListener('message', () => void reload());
  timer = setInterval(() => {
    if (snapshot.waiting > 0) void flush();
  }, RETRY_MS);
  // Ask the browser to keep the outbox (Safari may clear the storage of a site unused for 7 days).
  void navigator.storage?.persist?.().catch(() => false);
}
