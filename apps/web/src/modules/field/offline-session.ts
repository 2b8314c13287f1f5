import type { Me } from '@gasops/shared';
import { readCookie } from '../../app/cookies';

/**
 * Opening the field app with no network (issue 13: "keeps the session"): the session itself is the
 * httpOnly cookie, which the browser keeps; what the app cannot get offline is /auth/me. The field
 * screens keep a copy of it here, and the /mobile route's loader uses it when /auth/me fails for
 * want of a network, and, online, to open at once while /auth/me is asked (guards.ts). Only while
 * the session's readable `csrf` cookie is there: after a logout (which clears it) the copy is not
 * used, and the login page shows instead. A login writes the new user's copy and a logout forgets it
 * (session.ts), so the copy is always the user of the current session: never another user's, whose
 * outbox would then be synced with this session.
 *
 * A file of its own, imported by the router (entry chunk): localStorage only, no other code.
 */
const KEY = 'gasops.fieldUser';

export function rememberFieldUser(me: Me): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(me));
  } catch {
    // Storage blocked: the app still works online.
  }
}

/** Forgets the copy (logout, a session ended by the server): the next user of the phone never opens with it. */
export function forgetFieldUser(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/** The signed-in user as last seen online, if the session is still there. */
export function offlineFieldUser(): Me | null {
  if (!readCookie('csrf')) return null;
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Me) : null;
  } catch {
    return null;
  }
}
