/** The calendar date `YYYY-MM-DD` in a time zone, now. */
export const ymdIn = (timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** The demo store group's time zone: its date is "today" on every screen. */
export const GROUP_ZONE = 'Asia/Taipei';

/**
 * A browser time zone whose date differs from the group's right now (one of the two always does), so
 * a screen that took the browser's clock for the group's shows the wrong day.
 */
export function zoneAwayFrom(timeZone = GROUP_ZONE): string {
  const zone = ymdIn('Pacific/Honolulu') !== ymdIn(timeZone) ? 'Pacific/Honolulu' : 'Pacific/Kiritimati';
  if (ymdIn(zone) === ymdIn(timeZone)) throw new Error(`no browser zone with another date than ${timeZone}`);
  return zone;
}
