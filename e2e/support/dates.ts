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
