/**
 * The store group's time zone, set from the session (session.ts, router.tsx). Apart from dates.ts,
 * which reads it: the entry chunk (the login page) then carries no dayjs utc/timezone plugins (issue 16).
 */
let groupTimeZone = 'Asia/Taipei';

export function setGroupTimeZone(timeZone: string | undefined | null): void {
  if (timeZone) groupTimeZone = timeZone;
}

/** The group's time zone ("today", wall-clock times: dates.ts). */
export const currentGroupTimeZone = (): string => groupTimeZone;
