import { quantile } from "simple-statistics";
import { gateVerdict, thresholdGates } from "@/lib/gates/evaluate";
import type { BaselineInfo, GateResult } from "@/lib/gates/result";
import { passAtK, passPowerK } from "@/lib/stats/pass-at-k";
import type { RunMetrics } from "@/lib/gates/run-metrics";
import type { TrialResult, VerdictStatus } from "../trial/types";

/** A reducer folds the k trials of one task. */
export interface TaskStats {
  /** Scored trials (pass or fail): skipped and errored trials are not evidence either way. */
  n: number;
  /** Passed trials. */
  c: number;
  k: number;
  verdicts: VerdictStatus[];
  skipped: number;
  errors: number;
  /** null when n < k: undefined, never 1.0. */
  passAtK: number | null;
  passPowerK: number | null;
  /** Some scored trials passed and some failed. */
  flaky: boolean;
  meanScore: number | null;
  status: "pass" | "fail" | "flaky" | "skipped" | "error";
}

export function reduceTask(trials: readonly TrialResult[], k: number): TaskStats {
  const verdicts = [...trials].sort((a, b) => a.trialIndex - b.trialIndex).map((t) => t.verdict);
  const count = (v: VerdictStatus) => verdicts.filter((x) => x === v).length;
  const c = count("pass");
  const n = c + count("fail");
  const errors = count("error");
  const scores = trials.map((t) => t.score).filter((s): s is number => s !== null);
  const flaky = c > 0 && c < n;
  const status = errors > 0 ? "error" : n === 0 ? "skipped" : c === n ? "pass" : c === 0 ? "fail" : "flaky";
  return {
    n,
    c,
    k,
    verdicts,
    skipped: count("skipped"),
    errors,
    passAtK: passAtK(n, c, k),
    passPowerK: passPowerK(n, c, k),
    flaky,
    meanScore: scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null,
    status,
  };
}

export interface Gate {
  passed: boolean;
  /** Why it passed or failed, one line each. */
  reasons: string[];
}

/** A metric folds many trials: the run's pass rate, costs and latencies, and the suite gate. */
export interface RunSummary {
  tasks: number;
  trials: number;
  scored: number;
  passed: number;
  failed: number;
  skipped: number;
  errors: number;
  /** passed / scored; null when nothing was scored. */
  passRate: number | null;
  threshold: number;
  /** The verdict over every gate below: passed when none failed. */
  gate: Gate;
  /** Every gate with its numbers: threshold, errors, hard, then (once stored) operational and trend. */
  gates: GateResult[];
  /** What the operational and trend gates compared with; null until the run is stored. */
  baseline: BaselineInfo | null;
  /** The tracked metrics the gates and the diff read. */
  metrics: RunMetrics;
  flakyTasks: string[];
  /** Flaky tasks / tasks. */
  flakeRate: number | null;
  /** Verdicts of an unapproved judge: recorded, not counted. */
  shadowVerdicts: number;
  costUsd: number | null;
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
  notes: string[];
}

/** The threshold gate alone (pass rate at or above it, no errored trial). */
export function suiteGate(passRate: number | null, threshold: number, errors: number): Gate {
  return gateVerdict(thresholdGates(passRate, threshold, errors));
}

export function summarizeRun(
  trials: readonly TrialResult[],
  stats: ReadonlyMap<string, TaskStats>,
  threshold: number,
  judge: { label: string; approved: boolean; approvalReason?: string } | null,
  extra: { metrics: RunMetrics; gates?: GateResult[] },
): RunSummary {
  const count = (v: VerdictStatus) => trials.filter((t) => t.verdict === v).length;
  const passed = count("pass");
  const failed = count("fail");
  const scored = passed + failed;
  const errors = count("error");
  const passRate = scored === 0 ? null : passed / scored;
  const flakyTasks = [...stats].filter(([, s]) => s.flaky).map(([id]) => id);
  const costs = trials.map((t) => t.costUsd).filter((c): c is number => c !== null);
  const latencies = trials.map((t) => t.latencyMs);
  const shadowVerdicts = trials.reduce((sum, t) => sum + t.graders.filter((g) => g.shadow).length, 0);

  const gates = [...thresholdGates(passRate, threshold, errors), ...(extra.gates ?? [])];
  const notes: string[] = [];
  const skipReasons = new Map<string, number>();
  for (const t of trials.filter((t) => t.verdict === "skipped")) skipReasons.set(t.reason, (skipReasons.get(t.reason) ?? 0) + 1);
  for (const [reason, n] of skipReasons) notes.push(`${n} trial${n === 1 ? "" : "s"} skipped, not scored: ${reason}`);
  if (judge && !judge.approved) {
    const why = judge.approvalReason ? ` (${judge.approvalReason})` : "";
    notes.push(
      `judge ${judge.label} is not approved${why}: its ${shadowVerdicts} verdict${shadowVerdicts === 1 ? " was" : "s were"} recorded as shadow and not counted`,
    );
  }

  return {
    tasks: stats.size,
    trials: trials.length,
    scored,
    passed,
    failed,
    skipped: count("skipped"),
    errors,
    passRate,
    threshold,
    gate: gateVerdict(gates),
    gates,
    baseline: null,
    metrics: extra.metrics,
    flakyTasks,
    flakeRate: stats.size ? flakyTasks.length / stats.size : null,
    shadowVerdicts,
    costUsd: costs.length ? costs.reduce((a, b) => a + b, 0) : null,
    latencyP50Ms: latencies.length ? quantile(latencies, 0.5) : null,
    latencyP95Ms: latencies.length ? quantile(latencies, 0.95) : null,
    notes,
  };
}
