import dayjs from 'dayjs';

/** SPEC.md §2: 'Mon D, YYYY' (en-US short month). Accepts ISO timestamps and `YYYY-MM-DD`. */
export function formatShortDate(value: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format('MMM D, YYYY') : value;
}

/** The preview page's created line: 'Mon D, YYYY at h:mm A'. */
export function formatDateTime(value: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format('MMM D, YYYY [at] h:mm A') : value;
}

/** Today as the wizard's date field stores it (`YYYY-MM-DD`, local calendar day). */
export function todayIsoDate(): string {
  return dayjs().format('YYYY-MM-DD');
}

/** A recent moment, where the year goes without saying: 'Nov 23, 2:15 PM'. */
export function formatMonthDayTime(value: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format('MMM D, h:mm A') : value;
}

/** The end of a local calendar day (`YYYY-MM-DD`) as an ISO instant: an expiry that lasts the day. */
export function endOfLocalDayIso(day: string): string {
  return dayjs(day).endOf('day').toISOString();
}
