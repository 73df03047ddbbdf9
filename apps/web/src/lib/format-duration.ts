/**
 * Viewing time as a rep reads it: '45s', '2m 05s', '1h 02m'. Seconds are padded after minutes
 * so the figures line up in a column; hours drop the seconds, which no longer matter.
 */
export function formatDuration(ms: number): string {
  // A glance shorter than half a second still happened: '0s' would read as never seen.
  if (ms > 0 && ms < 500) return '<1s';
  const totalSeconds = Math.round(Math.max(ms, 0) / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}m`;
  if (minutes > 0) return `${minutes}m ${String(seconds).padStart(2, '0')}s`;
  return `${seconds}s`;
}
