import type { RunMetrics } from "./run-metrics";

/**
 * One gate's verdict with the numbers behind it. Only "fail" blocks. An undefined comparison is
 * never a silent pass or fail: it is "no_baseline" (nothing comparable to hold this run against)
 * or "not_measured" (this run has no value for the metric), shown with why.
 */
export type GateStatus = "pass" | "fail" | "no_baseline" | "not_measured";

export type GateKind = "threshold" | "errors" | "hard" | "operational" | "trend";

export interface GateResult {
  kind: GateKind;
  /** Stable within a suite: "threshold", "hard:golden", "operational:cost_p50", "trend:tag:category=happy". */
  id: string;
  /** For people: "cost per task p50". */
  name: string;
  status: GateStatus;
  /** This run's value, the baseline's, and the bound the value was held to (null when there is none). */
  value: number | null;
  baseline: number | null;
  limit: number | null;
  /** One line with the numbers. */
  detail: string;
}

/** What a run was compared with: the previous comparable run (trend) and the window (operational). */
export interface BaselineInfo {
  mode: "auto" | "run" | "none";
  /** The run the trend gates compared with. */
  previousRunId: string | null;
  /** The runs the operational medians were taken over, newest first. */
  windowRunIds: string[];
  /** Why there is no baseline, or where it came from, in one line. */
  note: string;
  /** The trend baseline as people recognise it: where and when it was made. */
  previous?: { runId: string; branch: string | null; commit: string | null; finishedAt: string | null } | null;
  /** Why this run itself can never be a baseline (no label, not on the default branch), when it cannot. */
  notABaseline?: string | null;
}

/** The comparable history a run's baseline gates read (lib/db/baselines.ts finds it). */
export interface Baseline {
  info: BaselineInfo;
  previous: { runId: string; metrics: RunMetrics } | null;
  /** Metrics of the window's runs, newest first. */
  window: RunMetrics[];
}

export function noBaseline(note: string, mode: Baseline["info"]["mode"] = "none"): Baseline {
  return { info: { mode, previousRunId: null, windowRunIds: [], note }, previous: null, window: [] };
}

export const blocking = (results: readonly GateResult[]) => results.filter((r) => r.status === "fail");

/**
 * value > limit, allowing for floating-point error at the boundary (0.011 × 1.2 is 0.013199999…):
 * a value that equals its limit to 12 significant digits is at the limit, not over it.
 */
export const exceeds = (value: number, limit: number) => value - limit > 1e-12 * Math.max(1, Math.abs(limit));
