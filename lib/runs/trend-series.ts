/**
 * A suite's runs as chart series: one per branch and agent label, so a PR's runs are never joined
 * to main's on one line (100 → 71 → 100 read as a dip that never happened on main). Each run is its
 * own x position with a label that tells runs apart: the date and time, to the second when two
 * runs share a minute, and the run id's tail when they share the second.
 */
export interface TrendRun {
  id: string;
  startedAt: Date;
  gitBranch: string | null;
  agentLabel: string | null;
  onDefaultBranch: boolean;
  passRate: number | null;
  costUsd: number | null;
  latencyP95Ms: number | null;
}

export interface TrendSeriesInfo {
  key: string;
  label: string;
  /** Runs on the default branch: a solid line; any other branch: points only. */
  line: boolean;
}

export interface TrendSeries {
  rows: Record<string, string | number | null>[];
  series: TrendSeriesInfo[];
  /** No run reported a cost: the cost chart says so instead of drawing nothing. */
  costReported: boolean;
}

const minute = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");
const second = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");

/** x labels that differ whenever the runs do. */
export function xLabels(runs: readonly Pick<TrendRun, "id" | "startedAt">[]): string[] {
  const byMinute = new Map<string, number>();
  for (const r of runs) byMinute.set(minute(r.startedAt), (byMinute.get(minute(r.startedAt)) ?? 0) + 1);
  const labels = runs.map((r) => (byMinute.get(minute(r.startedAt))! > 1 ? second(r.startedAt) : minute(r.startedAt)));
  const seen = new Map<string, number>();
  for (const l of labels) seen.set(l, (seen.get(l) ?? 0) + 1);
  return labels.map((l, i) => (seen.get(l)! > 1 ? `${l} · ${runs[i]!.id.slice(-6)}` : l));
}

/** Rows (one per run, in time order) with one pass-rate column per branch/label series. */
export function trendSeries(runs: readonly TrendRun[]): TrendSeries {
  const ordered = [...runs].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  const labels = xLabels(ordered);
  const series = new Map<string, TrendSeriesInfo>();
  const rows = ordered.map((r, i) => {
    const name = `${r.onDefaultBranch ? (r.gitBranch ?? "default branch") : (r.gitBranch ?? "no branch")} · ${r.agentLabel ?? "no label"}`;
    const key = `s${[...series.keys()].indexOf(name) === -1 ? series.size : [...series.keys()].indexOf(name)}`;
    if (!series.has(name)) series.set(name, { key, label: name, line: r.onDefaultBranch });
    return { run: labels[i]!, runId: r.id, [series.get(name)!.key]: r.passRate, costUsd: r.costUsd, latencyP95Ms: r.latencyP95Ms };
  });
  // The default branch's series first: the solid lines are what the eye should read.
  const list = [...series.values()].sort((a, b) => Number(b.line) - Number(a.line));
  return { rows, series: list, costReported: ordered.some((r) => r.costUsd !== null) };
}
