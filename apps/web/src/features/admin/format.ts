// SPEC.md section 2: dates on /admin are shown in en-US format.
const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** `Nov 2, 2026`. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** `Nov 2, 2026, 9:05 AM`. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

export { initials } from '../../lib/initials.ts';
