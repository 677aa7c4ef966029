import type { RunMetrics } from "./run-metrics";
import type { GateConfig } from "./config";
import { evaluateOperational } from "./operational";
import { pct } from "@/lib/format";
import { blocking, type Baseline, type BaselineInfo, type GateResult } from "./result";
import { evaluateTrend } from "./trend";

/** The pass-rate threshold and "no errored trial": the gates every run has. */
export function thresholdGates(passRate: number | null, threshold: number, errors: number): GateResult[] {
  const t: GateResult =
    passRate === null
      ? {
          kind: "threshold",
          id: "threshold",
          name: "pass rate ≥ threshold",
          status: "fail",
          value: null,
          baseline: null,
          limit: threshold,
          detail: "not measured: no trial was scored, and an undefined pass rate never passes",
        }
      : {
          kind: "threshold",
          id: "threshold",
          name: "pass rate ≥ threshold",
          status: passRate >= threshold ? "pass" : "fail",
          value: passRate,
          baseline: null,
          limit: threshold,
          detail: `pass rate ${pct(passRate)} ${passRate >= threshold ? "meets" : "is below"} the threshold ${pct(threshold)}`,
        };
  const e: GateResult = {
    kind: "errors",
    id: "errors",
    name: "no errored trial",
    status: errors > 0 ? "fail" : "pass",
    value: errors,
    baseline: null,
    limit: 0,
    detail:
      errors > 0 ? `${errors} trial${errors === 1 ? "" : "s"} ended in an error (an error is never a pass)` : "no trial ended in an error",
  };
  return [t, e];
}

/** Operational and trend gates against the baseline. */
export function evaluateBaselineGates(config: GateConfig, metrics: RunMetrics, baseline: Baseline): GateResult[] {
  return [
    ...(config.operational ? evaluateOperational(config.operational, metrics, baseline.window) : []),
    ...(config.trend ? evaluateTrend(config.trend, metrics, baseline.previous) : []),
  ];
}

/** The run's verdict: it passes when no gate failed. The reasons name every failing gate, or why it passed. */
export function gateVerdict(results: readonly GateResult[]): { passed: boolean; reasons: string[] } {
  const failed = blocking(results);
  if (failed.length)
    return {
      passed: false,
      reasons: failed.map((r) => (r.kind === "threshold" || r.kind === "errors" ? r.detail : `${r.name}: ${r.detail}`)),
    };
  return { passed: true, reasons: [results.find((r) => r.kind === "threshold")?.detail ?? "every gate passed"] };
}

/**
 * The summary once the baseline gates are in: every gate, the verdict over all of them, and what
 * the run was compared with. Called only by applyBaselineGates.
 */
function withBaselineGates<
  S extends { gates: GateResult[]; gate: { passed: boolean; reasons: string[] }; metrics: RunMetrics; baseline: BaselineInfo | null },
>(summary: S, config: GateConfig, baseline: Baseline): S {
  const core = summary.gates.filter((g) => g.kind !== "operational" && g.kind !== "trend");
  const gates = [...core, ...evaluateBaselineGates(config, summary.metrics, baseline)];
  return { ...summary, gates, gate: gateVerdict(gates), baseline: baseline.info };
}

/** How many recent comparable runs the operational medians are taken over when the suite names no window. */
export const DEFAULT_BASELINE_WINDOW = 10;

/**
 * The baseline gates, applied in one place for every way a run ends: `find` reads the history (where it lives —
 * the CLI's database for a local or distributed run, the server's for an uploaded one, none in memory) over the
 * window the suite asks for, and the summary is gated against it. Callers: the engine's fold
 * (lib/engine/run-suite.ts `foldRun`, with its deps' finder) and the server when an uploaded run finishes
 * (lib/running/finish-upload.ts).
 */
export async function applyBaselineGates<S extends Parameters<typeof withBaselineGates>[0]>(
  summary: S,
  config: GateConfig,
  find: (window: number) => Promise<Baseline>,
): Promise<{ summary: S; baseline: Baseline }> {
  const baseline = await find(config.operational?.window ?? DEFAULT_BASELINE_WINDOW);
  return { summary: withBaselineGates(summary, config, baseline), baseline };
}
