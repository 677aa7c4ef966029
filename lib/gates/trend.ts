import { METRIC_FAMILIES, RUN_METRICS, type RunMetrics } from "./run-metrics";
import type { GateConfig } from "./config";
import { pct, points } from "@/lib/format";
import { exceeds, type GateResult } from "./result";

type Trend = NonNullable<GateConfig["trend"]>;

/** Every tracked metric of a run by id: pass rate, pass^k, each grader's and each tag's pass rate. */
export function trackedMetrics(m: RunMetrics, families: Trend["metrics"]): Map<string, { name: string; value: number | null }> {
  const out = new Map<string, { name: string; value: number | null }>();
  if (families.includes("pass_rate")) out.set("pass_rate", { name: RUN_METRICS.pass_rate.name, value: RUN_METRICS.pass_rate.value(m) });
  // pass^k names its k: pass^5.
  if (families.includes("pass_power_k")) out.set("pass_power_k", { name: `pass^${m.k}`, value: RUN_METRICS.pass_power_k.value(m) });
  for (const family of ["graders", "tags"] as const) {
    if (!families.includes(family)) continue;
    const { prefix, of } = METRIC_FAMILIES[family];
    for (const [key, v] of Object.entries(of(m))) out.set(`${prefix}${key}`, { name: `${key} pass rate`, value: v });
  }
  return out;
}

/**
 * Trend gates: each tracked metric may fall at most `margin` (in points) against the previous
 * comparable run. A metric only this run has is "no baseline"; one only the baseline has, or one
 * this run left undefined, is "not measured" (shown, never a silent pass). pass^k compares only
 * between runs with the same k.
 */
export function evaluateTrend(config: Trend, metrics: RunMetrics, previous: { runId: string; metrics: RunMetrics } | null): GateResult[] {
  if (!previous) {
    return [
      {
        kind: "trend",
        id: "trend",
        name: "trend",
        status: "no_baseline",
        value: null,
        baseline: null,
        limit: config.margin,
        detail: "no baseline: no previous comparable run to compare with",
      },
    ];
  }
  const now = trackedMetrics(metrics, config.metrics);
  const before = trackedMetrics(previous.metrics, config.metrics);
  const ids = [...new Set([...now.keys(), ...before.keys()])];
  return ids.map((id) => {
    const cur = now.get(id);
    const prev = before.get(id);
    const name = cur?.name ?? prev!.name;
    const value = cur?.value ?? null;
    const base = prev?.value ?? null;
    const common = { kind: "trend" as const, id: `trend:${id}`, name, value, baseline: base };
    if (id === "pass_power_k" && metrics.k !== previous.metrics.k) {
      return {
        ...common,
        status: "not_measured" as const,
        limit: null,
        detail: `not compared: run ${previous.runId} had ${previous.metrics.k} trials per task, this run ${metrics.k}`,
      };
    }
    if (value === null && base === null)
      return {
        ...common,
        status: "not_measured" as const,
        limit: null,
        detail: `not measured: undefined in this run and in run ${previous.runId}`,
      };
    if (value === null)
      return {
        ...common,
        status: "not_measured" as const,
        limit: null,
        detail: `not measured: undefined in this run (${pct(base)} in run ${previous.runId})`,
      };
    if (base === null)
      return {
        ...common,
        status: "no_baseline" as const,
        limit: null,
        detail: `no baseline: ${prev ? "undefined" : "absent"} in run ${previous.runId} (this run ${pct(value)})`,
      };
    const limit = base - config.margin;
    const fell = exceeds(base - value, config.margin);
    return {
      ...common,
      status: fell ? ("fail" as const) : ("pass" as const),
      limit,
      detail: `${pct(value)} vs ${pct(base)} in run ${previous.runId} (${points(value - base)}; fails below ${points(-config.margin)})`,
    };
  });
}
