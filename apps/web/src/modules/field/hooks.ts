import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_MAX_CYLINDER_ENTRIES,
  FIELD_SUCCESS_KEYS,
  normaliseCode,
  type FieldActionKind,
  type FieldCylinder,
  type FieldCylinderLookup,
  type FieldToday,
} from '@gasops/shared';
import { api, isApiError } from '../../app/api';
import { showError, showSuccess, showWarning } from '../../app/feedback';
import { canView } from '../../app/permissions';
import { queryClient } from '../../app/query-client';
import { meQuery, useMe } from '../../app/session';
import { rememberFieldUser } from './offline-session';
import { enqueue, entryOf, flush, startOutbox, useOutbox, type QueueEntry } from './outbox';
import { readCache, writeCache } from './store';
import { registerFieldWorker } from './worker';

/**
 * Query keys and data of the field app (/api/field…). Answers are kept in IndexedDB: when the
 * network is gone the screens show what was fetched last, with its time.
 */
export const fieldKeys = {
  all: ['field'] as const,
  today: (userId: number) => [...fieldKeys.all, 'today', userId] as const,
};

/** An answer and whether it came from the phone's copy (offline) and when it was fetched. */
export type Fetched<T> = { value: T; fetchedAt: number; fromCache: boolean };

const cacheKey = (userId: number, what: string) => `${userId}:${what}`;

/** A request that failed for want of a network (not an answer of the server). */
export const isOffline = (error: unknown) =>
  isApiError(error) && (error.kind === 'offline' || error.kind === 'network' || error.kind === 'timeout');

/**
 * Starts what every field screen needs once: the outbox of the signed-in user, the service worker,
 * and the copy of the session for opening offline.
 */
export function useFieldApp() {
  const me = useMe();
  const qc = useQueryClient();
  const { lastSyncAt } = useOutbox();
  useEffect(() => {
    if (!me) return;
    rememberFieldUser(me);
    startOutbox(me.id);
    registerFieldWorker();
  }, [me]);
  // Synced actions change the day (orders delivered, cylinders moved): fetch it again.
  useEffect(() => {
    if (lastSyncAt) void qc.invalidateQueries({ queryKey: fieldKeys.all });
  }, [lastSyncAt, qc]);
  return me;
}

/** GET /field/today of a user: the person's day (orders in route order, inspections due, the cylinders it needs). */
const fieldTodayQuery = (userId: number) =>
  queryOptions({
    queryKey: fieldKeys.today(userId),
    enabled: userId > 0,
    // Runs offline too: the answer then comes from IndexedDB.
    networkMode: 'always',
    refetchInterval: 60_000,
    queryFn: async ({ signal }): Promise<Fetched<FieldToday>> => {
      try {
        const value = await api.get<FieldToday>('/field/today', { signal, silent: true, loading: false });
        const saved = await writeCache(cacheKey(userId, 'today'), value);
        return { value, fetchedAt: saved.fetchedAt, fromCache: false };
      } catch (error) {
        if (!isOffline(error)) throw error;
        const cached = await readCache<FieldToday>(cacheKey(userId, 'today'));
        if (!cached) throw error;
        return { value: cached.value, fetchedAt: cached.fetchedAt, fromCache: true };
      }
    },
  });

/** The signed-in person's day (see fieldTodayQuery). */
export function useFieldToday() {
  const me = useMe();
  return useQuery(fieldTodayQuery(me?.id ?? 0));
}

/**
 * Asks for the signed-in person's day while a field screen's code still loads (field-router.tsx), so the
 * screen finds it on its way instead of asking only once it has rendered. The user is the session's as
 * the route's session check has it (on a phone opened again: the copy it last saw online).
 */
export async function prefetchFieldToday(): Promise<void> {
  const me = await queryClient.ensureQueryData(meQuery).catch(() => undefined);
  // Only for a user the field home is open to (GET /field/today's permission): any other gets its 403, which ends the
  // session (seed §6), before the screen guard could show "no access" (an office account at the field login).
  if (me && canView(me, 'mobileIndex')) await queryClient.prefetchQuery(fieldTodayQuery(me.id));
}

/** MAX_CYLINDER_ENTRIES as the server said it (the group's parameter), else the shared default. */
export const maxEntriesOf = (today: FieldToday | undefined) => today?.maxCylinderEntries ?? DEFAULT_MAX_CYLINDER_ENTRIES;

/** What a scanned code is: a known cylinder, no cylinder at all ("no matching field"), or not checkable now (offline). */
export type Lookup = { kind: 'found'; cylinder: FieldCylinder } | { kind: 'unknown' } | { kind: 'unchecked' };

const matches = (c: FieldCylinder, code: string) => c.containerNo === code || (c.labelNo !== null && normaliseCode(c.labelNo) === code);

/**
 * Looks a code up: in the day's cylinders, then in the phone's earlier lookups, then on the server
 * (GET /field/cylinders?codes=), whose answer is kept for next time. Offline and unknown locally:
 * `unchecked` (the server checks it when the action syncs; a cylinder it cannot move waits in
 * pending data).
 */
export async function lookUpCylinder(userId: number, today: FieldToday | undefined, raw: string): Promise<Lookup> {
  const code = normaliseCode(raw);
  const inDay = today?.cylinders.find((c) => matches(c, code));
  if (inDay) return { kind: 'found', cylinder: inDay };
  try {
    const answer = await api.get<FieldCylinderLookup>('/field/cylinders', {
      query: { codes: code },
      silent: true,
      loading: false,
      timeoutMs: 8000,
    });
    const found = answer.items.find((c) => matches(c, code)) ?? answer.items[0];
    if (found) {
      await writeCache(cacheKey(userId, `cylinder:${code}`), found);
      return { kind: 'found', cylinder: found };
    }
    return { kind: 'unknown' };
  } catch (error) {
    if (!isOffline(error)) throw error;
    const cached = await readCache<FieldCylinder>(cacheKey(userId, `cylinder:${code}`));
    return cached ? { kind: 'found', cylinder: cached.value } : { kind: 'unchecked' };
  }
}

/**
 * The screens' one way to write: the action is stored in the outbox (kept on the phone), then sent
 * at once when it can be. The answer is said the seed's way: its success message when the server
 * applied it, the conflict or the refusal as the server worded it, or "saved on the phone" when it
 * waits for the network. Resolves with the entry as it stands after that first attempt.
 */
export function useSubmitAction() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return async (kind: FieldActionKind, payload: Record<string, unknown>, label: string | null): Promise<QueueEntry> => {
    const queued = await enqueue(kind, payload, label);
    await flush();
    const entry = entryOf(queued.id) ?? queued;
    if (entry.state === 'synced') showSuccess(t(FIELD_SUCCESS_KEYS[kind]));
    else if (entry.state === 'conflict') showWarning(entry.message ?? t('field.status.conflict'));
    else if (entry.state === 'rejected') showError(entry.message ?? t('field.status.rejected'));
    else showWarning(t('fieldApp.sync.savedOnPhone'));
    if (entry.state !== 'queued') void qc.invalidateQueries({ queryKey: fieldKeys.all });
    return entry;
  };
}
