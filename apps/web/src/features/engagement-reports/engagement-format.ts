/**
 * Attention as a rep reads it: "3 min 40 s", "45 s", "1 h 05 min". Hours drop the seconds,
 * which no longer matter at that size.
 */
export function formatSeconds(seconds: number): string {
  const whole = Math.round(Math.max(seconds, 0));
  if (seconds > 0 && whole === 0) return 'under 1 s';
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return `${minutes} min ${rest} s`;
  return `${rest} s`;
}

/** A wait from first open to acceptance: "45 min", "6 h", "3.5 days". */
export function formatHours(hours: number): string {
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${Math.round(hours * 10) / 10} h`;
  return `${Math.round((hours / 24) * 10) / 10} days`;
}
