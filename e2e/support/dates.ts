import { dateIn } from '@gasops/shared';

/** The demo store group's time zone: its date is "today" on every screen. */
export const GROUP_ZONE = 'Asia/Taipei';

/** Today's date (YYYY-MM-DD) on the demo group's calendar. */
export const groupToday = (): string => dateIn(GROUP_ZONE);

/**
 * A browser time zone whose date differs from the group's right now (one of the two always does), so
 * a screen that took the browser's clock for the group's shows the wrong day.
 */
export function zoneAwayFrom(timeZone = GROUP_ZONE): string {
  const zone = dateIn('Pacific/Honolulu') !== dateIn(timeZone) ? 'Pacific/Honolulu' : 'Pacific/Kiritimati';
  if (dateIn(zone) === dateIn(timeZone)) throw new Error(`no browser zone with another date than ${timeZone}`);
  return zone;
}

/** Milliseconds since midnight on the demo group's clock: readings made "today" must not start before it. */
export function sinceGroupMidnight(at: Date = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: GROUP_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + at.getMilliseconds();
}
