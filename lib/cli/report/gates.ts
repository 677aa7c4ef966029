import type { GateResult, GateStatus } from "@/lib/gates/result";
import type { RunSummary } from "@/lib/engine/reducers";

export const STATUS_WORD: Record<GateStatus, string> = {
  pass: "PASS",
  fail: "FAIL",
  no_baseline: "NO BASELINE",
  not_measured: "NOT MEASURED",
};

/** Every gate on one line each: its status word, its name, the numbers behind it. */
export function gateLines(summary: Pick<RunSummary, "gates" | "baseline">): string[] {
  const width = Math.max(...Object.values(STATUS_WORD).map((w) => w.length));
  // The status word already says "no baseline" or "not measured": the detail need not repeat it.
  const name = (g: GateResult) => ((g.kind === "trend" || g.kind === "operational") && g.name !== g.kind ? `${g.kind} ${g.name}` : g.name);
  const lines = summary.gates.map(
    (g: GateResult) => `  ${STATUS_WORD[g.status].padEnd(width)}  ${name(g)}: ${g.detail.replace(/^(no baseline|not measured): /, "")}`,
  );
  if (summary.baseline) lines.unshift(`  ${summary.baseline.note}`);
  return lines;
}
