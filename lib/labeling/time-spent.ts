/**
 * Time on labels as people read it: "42 s", "3 min 5 s", "2 h 10 min". The mean per label is
 * undefined with no timed labels (null, shown as "—"), never 0.
 */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

export function meanPerLabel(totalMs: number, timed: number): number | null {
  return timed > 0 ? totalMs / timed : null;
}

export function formatMean(totalMs: number, timed: number): string {
  const mean = meanPerLabel(totalMs, timed);
  return mean === null ? "—" : formatDuration(mean);
}
