import { median } from "simple-statistics";
import type { RunMetrics } from "./run-metrics";
import type { GateConfig } from "./config";
import { pct, points, usd } from "@/lib/format";
import { exceeds, type GateResult } from "./result";

type Operational = NonNullable<GateConfig["operational"]>;

/** The median of the defined values; null when none is defined. */
export function medianOf(values: readonly (number | null)[]): number | null {
  const defined = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return defined.length ? median(defined) : null;
}

// Whole milliseconds always (lib/format's ms switches to seconds): gate details read "1500 ms > 1200 ms".
const ms = (x: number | null) => (x === null ? "n/a" : `${x.toFixed(0)} ms`);
const change = (value: number, base: number) =>
  base === 0 ? (value === 0 ? "±0%" : "from 0") : `${value >= base ? "+" : "−"}${Math.abs(((value - base) / base) * 100).toFixed(1)}%`;

interface Relative {
  id: string;
  name: string;
  value: number | null;
  window: readonly (number | null)[];
  maxIncrease: number;
  /** Rises smaller than this are noise, whatever their share (a sub-millisecond latency). */
  minDelta?: number;
  format: (x: number | null) => string;
  unmeasured: string;
}

/** value > median × (1 + max increase) fails; no comparable window is "no baseline", no value "not measured". */
function relativeGate(g: Relative): GateResult {
  const base = medianOf(g.window);
  const common = { kind: "operational" as const, id: `operational:${g.id}`, name: g.name, value: g.value, baseline: base };
  if (g.value === null) return { ...common, status: "not_measured", limit: null, detail: `not measured: ${g.unmeasured}` };
  if (base === null) {
    const why =
      g.window.length === 0
        ? "no comparable run yet"
        : `none of the ${g.window.length} comparable run${g.window.length === 1 ? "" : "s"} measured it`;
    return { ...common, status: "no_baseline", limit: null, detail: `no baseline: ${why} (this run ${g.format(g.value)})` };
  }
  const limit = Math.max(base * (1 + g.maxIncrease), base + (g.minDelta ?? 0));
  const over = exceeds(g.value, limit);
  const floor = g.minDelta && base + g.minDelta > base * (1 + g.maxIncrease) ? `, or +${g.format(g.minDelta)} whichever is more` : "";
  return {
    ...common,
    status: over ? "fail" : "pass",
    limit,
    detail: `${g.format(g.value)} vs median ${g.format(base)} of the last ${g.window.length} comparable run${g.window.length === 1 ? "" : "s"} (${change(g.value, base)}; fails above +${(g.maxIncrease * 100).toFixed(0)}%${floor} = ${g.format(limit)})`,
  };
}

function capGate(id: string, name: string, value: number | null, cap: number, format: (x: number | null) => string): GateResult {
  const common = { kind: "operational" as const, id: `operational:${id}`, name, value, baseline: null, limit: cap };
  if (value === null) return { ...common, status: "not_measured", detail: `not measured: this run has no ${name.replace(/ cap$/, "")}` };
  return {
    ...common,
    status: exceeds(value, cap) ? "fail" : "pass",
    detail: `${format(value)} ${exceeds(value, cap) ? "is over" : "is within"} the cap ${format(cap)}`,
  };
}

/** A metric gated against the median of the window and, where the config sets one, an absolute cap (`ID_cap`). */
function relativeWithCap(g: Relative, cap: number | null): GateResult[] {
  return [relativeGate(g), ...(cap !== null ? [capGate(`${g.id}_cap`, `${g.name} cap`, g.value, cap, g.format)] : [])];
}

/**
 * Operational gates (the seed design's table): cost per task p50 and latency p95 against the median
 * of the last N comparable runs, tool retries per task (absolute), flake rate in points against the
 * median. Each may also carry an absolute cap, checked with or without a baseline.
 */
export function evaluateOperational(config: Operational, metrics: RunMetrics, window: readonly RunMetrics[]): GateResult[] {
  const results: GateResult[] = [];
  if (config.costP50)
    results.push(
      ...relativeWithCap(
        {
          id: "cost_p50",
          name: "cost per task p50",
          value: metrics.costP50Usd,
          window: window.map((m) => m.costP50Usd),
          maxIncrease: config.costP50.maxIncrease,
          format: usd,
          unmeasured: "no trial reported a cost",
        },
        config.costP50.maxUsd,
      ),
    );
  if (config.latencyP95)
    results.push(
      ...relativeWithCap(
        {
          id: "latency_p95",
          name: "latency p95",
          value: metrics.latencyP95Ms,
          window: window.map((m) => m.latencyP95Ms),
          maxIncrease: config.latencyP95.maxIncrease,
          minDelta: config.latencyP95.minDeltaMs,
          format: ms,
          unmeasured: "no trial",
        },
        config.latencyP95.maxMs,
      ),
    );
  if (config.toolRetries) {
    const { max, taskId } = metrics.toolRetries;
    const limit = config.toolRetries.max;
    results.push({
      kind: "operational",
      id: "operational:tool_retries",
      name: "tool retries per task",
      status: max > limit ? "fail" : "pass",
      value: max,
      baseline: null,
      limit,
      detail:
        max > limit
          ? `${taskId} repeated a tool call ${max} times in one trial (more than ${limit})`
          : `at most ${max} repeated tool call${max === 1 ? "" : "s"} in any trial (limit ${limit})`,
    });
  }
  if (config.flakeRate) {
    const f = config.flakeRate;
    const value = metrics.flakeRate;
    const sameK = window.filter((m) => m.k >= 2);
    const base = medianOf(sameK.map((m) => m.flakeRate));
    const common = { kind: "operational" as const, id: "operational:flake_rate", name: "flake rate", value, baseline: base };
    if (value === null)
      results.push({
        ...common,
        status: "not_measured",
        limit: null,
        detail: `not measured: with ${metrics.k} trial per task no task can be flaky`,
      });
    else if (base === null)
      results.push({
        ...common,
        status: "no_baseline",
        limit: null,
        detail: `no baseline: no comparable run with 2 or more trials per task (this run ${pct(value)})`,
      });
    else {
      const limit = base + f.maxIncrease;
      const over = exceeds(value, limit);
      results.push({
        ...common,
        status: over ? "fail" : "pass",
        limit,
        detail: `${pct(value)} vs median ${pct(base)} of ${sameK.length} comparable run${sameK.length === 1 ? "" : "s"} (${points(value - base)}; fails above ${points(f.maxIncrease)})`,
      });
    }
    if (f.max !== null) {
      results.push(
        value === null
          ? {
              kind: "operational",
              id: "operational:flake_rate_cap",
              name: "flake rate cap",
              status: "not_measured",
              value,
              baseline: null,
              limit: f.max,
              detail: "not measured: one trial per task",
            }
          : {
              kind: "operational",
              id: "operational:flake_rate_cap",
              name: "flake rate cap",
              status: exceeds(value, f.max) ? "fail" : "pass",
              value,
              baseline: null,
              limit: f.max,
              detail: `${pct(value)} ${exceeds(value, f.max) ? "is over" : "is within"} the cap ${pct(f.max)}`,
            },
      );
    }
  }
  return results;
}
