import dayjs from 'dayjs';
import { dateIn } from '@gasops/shared';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { currentGroupTimeZone } from './time-zone';

export { setGroupTimeZone } from './time-zone';

dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * "Today" is the calendar date in the store group's time zone (time-zone.ts), the same day the server
 * uses for reports, the dashboard and order dates — not the browser's clock, which may be elsewhere.
 */

/** Midnight of today's date in the group's time zone (as a local dayjs, for date pickers and formatting). */
export function groupToday(): dayjs.Dayjs {
  try {
    return dayjs(dateIn(currentGroupTimeZone()));
  } catch {
    return dayjs().startOf('day');
  }
}

/** Today's date in the group's time zone as YYYY-MM-DD (the default of every date field). */
export const groupTodayIso = (): string => groupToday().format('YYYY-MM-DD');

function formatMoment(iso: string | null | undefined, pattern: string): string {
  if (!iso) return '';
  const at = dayjs(iso);
  if (!at.isValid()) return '';
  try {
    return at.tz(currentGroupTimeZone()).format(pattern);
  } catch {
    return at.format(pattern);
  }
}

/**
 * A moment from the server (ISO 8601) as the store group's wall-clock time, YYYY-MM-DD HH:mm: the
 * same form in every language, and the same day the reports count it in, wherever the browser is.
 * One argument only, so it can be a table column's render.
 */
export const formatDateTime = (iso: string | null | undefined): string => formatMoment(iso, 'YYYY-MM-DD HH:mm');

/** The same with seconds, for logs where the order of events within a minute matters. */
export const formatDateTimeSeconds = (iso: string | null | undefined): string => formatMoment(iso, 'YYYY-MM-DD HH:mm:ss');

/** The time of day HH:mm of a moment in the group's time zone. */
export const formatTime = (iso: string | null | undefined): string => formatMoment(iso, 'HH:mm');

/**
 * A moment as a dayjs whose local fields read the group's wall-clock time: what a date-time picker
 * shows, so a manager whose browser is in another zone still sees and picks the shop's time.
 */
export function toGroupClock(iso: string | null | undefined): dayjs.Dayjs | null {
  const wall = formatMoment(iso, 'YYYY-MM-DDTHH:mm:ss');
  return wall ? dayjs(wall) : null;
}

/** The moment (ISO 8601) whose wall-clock time in the group's zone is what the picker's value reads. */
export function fromGroupClock(picked: dayjs.Dayjs): string {
  try {
    return dayjs.tz(picked.format('YYYY-MM-DDTHH:mm:ss'), currentGroupTimeZone()).toISOString();
  } catch {
    return picked.toISOString();
  }
}
