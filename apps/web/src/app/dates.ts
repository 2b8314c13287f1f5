import dayjs from 'dayjs';

/**
 * "Today" is the calendar date in the store group's time zone, the same day the server uses for
 * reports, the dashboard and order dates — not the browser's clock, which may be elsewhere.
 */
let groupTimeZone = 'Asia/Taipei';

export function setGroupTimeZone(timeZone: string | undefined | null): void {
  if (timeZone) groupTimeZone = timeZone;
}

/** Midnight of today's date in the group's time zone (as a local dayjs, for date pickers and formatting). */
export function groupToday(): dayjs.Dayjs {
  try {
    const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: groupTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    return dayjs(ymd);
  } catch {
    return dayjs().startOf('day');
  }
}
