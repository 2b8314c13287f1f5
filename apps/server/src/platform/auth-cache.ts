import type { FastifyInstance } from 'fastify';
import { loadAuthUser, type AuthSession, type SessionOf } from './auth.js';
import type { Database, Executor } from './db.js';

/** The channel migration 0004's triggers notify on any change to users, roles, stores, their links or sessions. */
export const AUTH_CHANNEL = 'gasops_auth_changed';

/** Routes whose writes change who a user is or what they may do (users, roles, stores, sign-ins). */
const AUTH_WRITE_PREFIXES = ['/api/auth/', '/api/system/users', '/api/system/roles', '/api/store'];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The signed-in user of each request without a database round trip: the answer of `loadAuthUser`
 * (user, role menu, stores, session) kept for a few seconds per (user, token version, session, place).
 *
 * Correct with several server processes: the database notifies every process of any change to the
 * tables that answer is made of (migration 0004's triggers, LISTEN/NOTIFY), and each process drops its
 * whole cache on a notification. A process caches only while its listener is connected (a lost
 * connection could lose notifications); in the process that made a change, the cache is also dropped
 * before the answer of the write goes out, so the writer's next request never sees the old user.
 * A lookup that began before a drop does not store its (possibly old) answer.
 */
export class AuthCache {
  private readonly entries = new Map<string, { session: AuthSession; at: number }>();
  private generation = 0;
  private listening = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.listening && this.ttlMs > 0;
  }

  async load(db: Executor, s: SessionOf): Promise<AuthSession | null> {
    const key = `${s.userId}:${s.tokenVersion}:${s.sessionId}:${s.place}`;
    if (this.enabled) {
      const hit = this.entries.get(key);
      if (hit && this.now() - hit.at < this.ttlMs) return hit.session;
      if (hit) this.entries.delete(key);
    }
    const generation = this.generation;
    const session = await loadAuthUser(db, s);
    if (session && this.enabled && generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { session, at: this.now() });
    }
    return session;
  }

  /** Forgets every user (a change was made here or notified from another process). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** The change listener connected (caching allowed) or lost (nothing cached until it is back). */
  setListening(on: boolean): void {
    this.listening = on;
    this.clear();
  }
}

/**
 * Creates the app's cache, subscribes it to the database's change notifications, and drops it after
 * every successful write to the users, roles, stores or sign-in routes of this process.
 */
export async function installAuthCache(app: FastifyInstance, database: Database, ttlSeconds: number): Promise<AuthCache> {
  const cache = new AuthCache(ttlSeconds * 1000);
  if (ttlSeconds > 0) {
    const stop = await database.listen(
      AUTH_CHANNEL,
      () => cache.clear(),
      (connected) => cache.setListening(connected),
    );
    app.addHook('onClose', async () => stop());
    app.addHook('onSend', async (req, _reply, payload) => {
      if (WRITE_METHODS.has(req.method) && AUTH_WRITE_PREFIXES.some((p) => req.url.startsWith(p))) cache.clear();
      return payload;
    });
  }
  return cache;
}
