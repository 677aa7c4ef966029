import type { RunMetrics } from "@/lib/engine/metrics";
import type { TaskStats } from "@/lib/engine/reducers";
import { trackedMetrics } from "@/lib/gates/trend";
import { RUN_METRICS, type MetricUnit } from "@/lib/gates/run-metrics";
import { pairedDifference, type PairedDifference } from "@/lib/stats/paired";

export type TaskStatus = TaskStats["status"];

/** What the diff reads of one task in one run. */
export interface CompareTask {
  id: string;
  contractHash: string | null;
  status: TaskStatus;
  /** Scored and passed trials. */
  n: number;
  c: number;
  verdicts: string[];
}

export interface CompareRun {
  runId: string;
  suiteName: string;
  suiteHash: string;
  agentSpec: string;
  agentLabel: string | null;
  branch: string | null;
  startedAt: string;
  k: number;
  passRate: number | null;
  metrics: RunMetrics | null;
  tasks: CompareTask[];
}

export interface TaskChange {
  taskId: string;
  from: TaskStatus;
  to: TaskStatus;
  base: { c: number; n: number; verdicts: string[] };
  head: { c: number; n: number; verdicts: string[] };
  /** The contract differs between the runs: the "same" task asks something else now. */
  contractChanged: boolean;
}

export interface MetricDelta {
  id: string;
  name: string;
  base: number | null;
  head: number | null;
  /** head − base; null when either is undefined. */
  delta: number | null;
  /** How the delta reads: a rate in points, or a relative change for cost and latency. */
  unit: MetricUnit;
}

export interface Comparison {
  base: Omit<CompareRun, "tasks">;
  head: Omit<CompareRun, "tasks">;
  sameSuiteVersion: boolean;
  newlyFailing: TaskChange[];
  newlyPassing: TaskChange[];
  newlyFlaky: TaskChange[];
  /** Status changed in another way (pass → skipped, fail → error, …). */
  otherChanges: TaskChange[];
  unchanged: string[];
  /** Only in the head run / only in the base run. */
  added: string[];
  removed: string[];
  metrics: MetricDelta[];
  /** Per-task pass rate (c / n), head − base, over tasks scored in both runs with the same contract. */
  passRateDifference: PairedDifference;
}

const FAILING: ReadonlySet<TaskStatus> = new Set(["fail", "error"]);

/** Which list a changed task belongs to: every task whose status changed is in exactly one. */
export function classify(from: TaskStatus, to: TaskStatus): "newlyFailing" | "newlyPassing" | "newlyFlaky" | "otherChanges" | "unchanged" {
  if (from === to) return "unchanged";
  if (FAILING.has(to) && !FAILING.has(from)) return "newlyFailing";
  if (to === "pass") return "newlyPassing";
  if (to === "flaky") return "newlyFlaky";
  return "otherChanges";
}

function metricDeltas(base: RunMetrics | null, head: RunMetrics | null): MetricDelta[] {
  const families = ["pass_rate", "pass_power_k", "graders", "tags"] as const;
  const b = base ? trackedMetrics(base, [...families]) : new Map<string, { name: string; value: number | null }>();
  const h = head ? trackedMetrics(head, [...families]) : new Map<string, { name: string; value: number | null }>();
  const rows: MetricDelta[] = [...new Set([...b.keys(), ...h.keys()])].map((id) => {
    const bv = b.get(id)?.value ?? null;
    const hv = h.get(id)?.value ?? null;
    // pass^k of runs with different k are different statistics.
    const comparable = id !== "pass_power_k" || base?.k === head?.k;
    return {
      id,
      name: (h.get(id) ?? b.get(id))!.name,
      base: bv,
      head: hv,
      delta: bv === null || hv === null || !comparable ? null : hv - bv,
      unit: "rate",
    };
  });
  for (const id of ["cost_p50", "latency_p95", "flake_rate", "tool_retries"] as const) {
    const { name, unit, value } = RUN_METRICS[id];
    const bv = base ? value(base) : null;
    const hv = head ? value(head) : null;
    rows.push({ id, name, base: bv, head: hv, delta: bv === null || hv === null ? null : hv - bv, unit });
  }
  return rows;
}

/** The run-to-run diff: which tasks changed status and how, the metric deltas, and the paired pass-rate difference. */
export function compareRuns(base: CompareRun, head: CompareRun): Comparison {
  const before = new Map(base.tasks.map((t) => [t.id, t]));
  const after = new Map(head.tasks.map((t) => [t.id, t]));
  const { tasks: _baseTasks, ...baseInfo } = base;
  const { tasks: _headTasks, ...headInfo } = head;
  const out: Comparison = {
    base: baseInfo,
    head: headInfo,
    sameSuiteVersion: base.suiteHash === head.suiteHash,
    newlyFailing: [],
    newlyPassing: [],
    newlyFlaky: [],
    otherChanges: [],
    unchanged: [],
    added: head.tasks.filter((t) => !before.has(t.id)).map((t) => t.id),
    removed: base.tasks.filter((t) => !after.has(t.id)).map((t) => t.id),
    metrics: metricDeltas(base.metrics, head.metrics),
    passRateDifference: pairedDifference([], []),
  };
  const pairs: [number, number][] = [];
  for (const h of head.tasks) {
    const b = before.get(h.id);
    if (!b) continue;
    const contractChanged = b.contractHash !== null && h.contractHash !== null && b.contractHash !== h.contractHash;
    if (!contractChanged && b.n > 0 && h.n > 0) pairs.push([b.c / b.n, h.c / h.n]);
    const kind = classify(b.status, h.status);
    if (kind === "unchanged") {
      out.unchanged.push(h.id);
      continue;
    }
    out[kind].push({
      taskId: h.id,
      from: b.status,
      to: h.status,
      base: { c: b.c, n: b.n, verdicts: b.verdicts },
      head: { c: h.c, n: h.n, verdicts: h.verdicts },
      contractChanged,
    });
  }
  out.passRateDifference = pairedDifference(
    pairs.map(([b]) => b),
    pairs.map(([, h]) => h),
  );
  return out;
}
