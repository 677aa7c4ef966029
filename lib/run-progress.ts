/**
 * The figures of a run in flight, from what is stored: how fast trials are being stored and when
 * the rest should be. Pure: the CLI (gavel wait) and the run page both read them.
 */
export interface ProgressCounts {
  done: number;
  total: number;
  /** When the first and the last stored trial finished (null before the first). */
  firstFinishedAt: Date | null;
  lastFinishedAt: Date | null;
}

export interface ProgressFigures {
  /** Trials stored per second between the first and the last; null until two are stored over a measurable span. */
  perSecond: number | null;
  /** Seconds until the rest are stored at that rate; null when the rate is unknown, 0 when nothing is left. */
  etaSeconds: number | null;
}

/**
 * perSecond = (done − 1) / (last − first): the first trial's own duration is not in the span, so it
 * is not counted either. The ETA extrapolates that rate from now: (total − done) / perSecond.
 */
export function progressFigures(p: ProgressCounts): ProgressFigures {
  const left = Math.max(0, p.total - p.done);
  if (!p.firstFinishedAt || !p.lastFinishedAt || p.done < 2) return { perSecond: null, etaSeconds: left === 0 ? 0 : null };
  const seconds = (p.lastFinishedAt.getTime() - p.firstFinishedAt.getTime()) / 1000;
  if (seconds <= 0) return { perSecond: null, etaSeconds: left === 0 ? 0 : null };
  const perSecond = (p.done - 1) / seconds;
  return { perSecond, etaSeconds: left / perSecond };
}

/** "45 s", "12 min", "2 h 05 min": an ETA or an age, to the unit that matters. */
export function roughDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 90) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 90) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}
