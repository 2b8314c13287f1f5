import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The field app's IndexedDB database (`gasops-field`): the outbox of actions made on the phone and
 * the last answers the app fetched (today's work, the cylinders lookup), so the app keeps working
 * and shows what it last knew when the network is gone. Everything is per signed-in user.
 */
export type OutboxState = 'queued' | 'synced' | 'conflict' | 'rejected';

export type OutboxEntry<A = unknown> = {
  /** The action's UUID (made on the phone, sent on every retry: the server applies it once). */
  id: string;
  userId: number;
  action: A;
  /** What the person sees for it in the queue (a customer's name…); never sent. */
  label: string | null;
  state: OutboxState;
  /** When the action was made (device clock, ms), the queue's order. */
  createdAt: number;
  tries: number;
  /** When the server last answered for it (ms). */
  answeredAt: number | null;
  /** The server's message for a conflict or a refusal. */
  message: string | null;
};

export type CachedAnswer<T = unknown> = { key: string; value: T; fetchedAt: number };

type FieldDb = DBSchema & {
  outbox: { key: string; value: OutboxEntry; indexes: { byUser: number } };
  cache: { key: string; value: CachedAnswer };
};

const DB_NAME = 'gasops-field';
let dbPromise: Promise<IDBPDatabase<FieldDb>> | null = null;

export function fieldDb(): Promise<IDBPDatabase<FieldDb>> {
  dbPromise ??= openDB<FieldDb>(DB_NAME, 1, {
    upgrade(db) {
      const outbox = db.createObjectStore('outbox', { keyPath: 'id' });
      outbox.createIndex('byUser', 'userId');
      db.createObjectStore('cache', { keyPath: 'key' });
    },
    // Another tab opened a newer version: let it upgrade, reopen on the next call.
    blocking() {
      void dbPromise?.then((db) => db.close());
      dbPromise = null;
    },
  });
  return dbPromise;
}

export async function readCache<T>(key: string): Promise<CachedAnswer<T> | undefined> {
  const db = await fieldDb();
  return (await db.get('cache', key)) as CachedAnswer<T> | undefined;
}

export async function writeCache<T>(key: string, value: T): Promise<CachedAnswer<T>> {
  const entry = { key, value, fetchedAt: Date.now() };
  const db = await fieldDb();
  await db.put('cache', entry);
  return entry;
}

export async function outboxOf(userId: number): Promise<OutboxEntry[]> {
  const db = await fieldDb();
  const rows = await db.getAllFromIndex('outbox', 'byUser', userId);
  return rows.sort((a, b) => a.createdAt - b.createdAt);
}

export async function putEntry(entry: OutboxEntry): Promise<void> {
  const db = await fieldDb();
  await db.put('outbox', entry);
}

export async function getEntry(id: string): Promise<OutboxEntry | undefined> {
  const db = await fieldDb();
  return db.get('outbox', id);
}

/** Synced entries older than this are dropped (the server has them); conflicts and refusals stay until dismissed. */
export const KEEP_SYNCED_MS = 2 * 24 * 3600_000;

export async function pruneSynced(userId: number, now = Date.now()): Promise<void> {
  const db = await fieldDb();
  const tx = db.transaction('outbox', 'readwrite');
  for (const entry of await tx.store.index('byUser').getAll(userId)) {
    if (entry.state === 'synced' && (entry.answeredAt ?? 0) < now - KEEP_SYNCED_MS) await tx.store.delete(entry.id);
  }
  await tx.done;
}

export async function deleteEntry(id: string): Promise<void> {
  const db = await fieldDb();
  await db.delete('outbox', id);
}
