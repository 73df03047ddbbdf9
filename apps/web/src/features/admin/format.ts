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

/** At most two letters (SPEC.md section 9): the first and last names' initials. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const picked = words.length === 1 ? [words[0]!] : [words[0]!, words.at(-1)!];
  return picked
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase()
    .slice(0, 2);
}
