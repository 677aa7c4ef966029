import type { MetricUnit } from "@/lib/format";

/**
 * The run-level metrics the gates track and the diff compares (computed by lib/engine/metrics.ts):
 * each a plain number or null when undefined (nothing scored, no cost reported, fewer than two
 * trials per task for flakiness).
 */
export interface RunMetrics {
  /** k: trials per task (pass^k and flake rate only compare between runs with the same k). */
  k: number;
  /** passed / scored trials. */
  passRate: number | null;
  /** Mean of the tasks' pass^k, over tasks where it is defined. */
  passPowerK: number | null;
  /** Per grader kind: passed / scored counted verdicts (shadow verdicts never count). */
  graders: Record<string, number | null>;
  /** Per tag ("category=happy"): passed / scored trials of the tasks carrying it. */
  tags: Record<string, number | null>;
  /** Median cost of one attempt at a task (a trial), over trials that reported a cost. */
  costP50Usd: number | null;
  latencyP95Ms: number | null;
  /** Flaky tasks / tasks; undefined with one trial per task (nothing can be flaky). */
  flakeRate: number | null;
  /** The most retries of a tool call in any one trial, and the task it happened in. */
  toolRetries: { max: number; taskId: string | null };
}

export type { MetricUnit };

export interface MetricDefinition {
  /** How the UI and the CLI name it. */
  name: string;
  unit: MetricUnit;
  /** Which way is better: a fall of a "higher" metric is a regression (shown in red), a rise of a "lower" one. */
  better: "higher" | "lower";
  value(metrics: RunMetrics): number | null;
}

/**
 * The registry of run metrics: the one list the gates, the run diff, the web pages and the CLI read
 * names, units and directions from. Per-grader and per-tag pass rates are families (METRIC_FAMILIES).
 */
export const RUN_METRICS = {
  pass_rate: { name: "pass rate", unit: "rate", better: "higher", value: (m) => m.passRate },
  pass_power_k: { name: "pass^k", unit: "rate", better: "higher", value: (m) => m.passPowerK },
  cost_p50: { name: "cost per task p50", unit: "usd", better: "lower", value: (m) => m.costP50Usd },
  latency_p95: { name: "latency p95", unit: "ms", better: "lower", value: (m) => m.latencyP95Ms },
  flake_rate: { name: "flake rate", unit: "rate", better: "lower", value: (m) => m.flakeRate },
  tool_retries: { name: "most tool retries in a trial", unit: "count", better: "lower", value: (m) => m.toolRetries.max },
} as const satisfies Record<string, MetricDefinition>;

export type RunMetricId = keyof typeof RUN_METRICS;

/** Families of pass rates, one metric per grader kind or tag: id `grader:exact`, name "exact pass rate". */
export const METRIC_FAMILIES = {
  graders: { prefix: "grader:", of: (m: RunMetrics) => m.graders },
  tags: { prefix: "tag:", of: (m: RunMetrics) => m.tags },
} as const;

/** A metric's definition by id (a family member reads as a pass rate); null for an unknown id. */
export function metricDefinition(id: string): Pick<MetricDefinition, "unit" | "better"> | null {
  if (id in RUN_METRICS) return RUN_METRICS[id as RunMetricId];
  if (Object.values(METRIC_FAMILIES).some((f) => id.startsWith(f.prefix))) return { unit: "rate", better: "higher" };
  return null;
}
