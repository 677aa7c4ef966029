import "server-only";
import type { RunSummary } from "../engine/reducers";
import { emitWebhookEvent } from "./emit";

export interface FinishedRun {
  runId: string;
  suite: string;
  agentLabel: string | null;
  summary: Pick<RunSummary, "gate" | "passRate" | "scored" | "passed" | "threshold"> & {
    gates: { id: string; status: string; name?: string }[];
  };
  /** The run's page, when the finisher knows the public address. */
  url: string | null;
  /** False in a CLI: the app's dispatcher delivers what it queued. */
  deliverNow?: boolean;
}

const percent = (rate: number | null) => (rate === null ? "undefined (nothing scored)" : `${(rate * 100).toFixed(1)}%`);

/** run.finished for every finished run, and gate.failed besides when its suite gate failed. */
export async function emitRunFinished(run: FinishedRun): Promise<void> {
  const verdict = run.summary.gate.passed ? "passed" : "FAILED";
  const data = {
    runId: run.runId,
    suite: run.suite,
    agentLabel: run.agentLabel,
    gatePassed: run.summary.gate.passed,
    passRate: run.summary.passRate,
    scored: run.summary.scored,
    passed: run.summary.passed,
    threshold: run.summary.threshold,
    url: run.url,
  };
  const who = `suite ${run.suite}${run.agentLabel ? `, agent ${run.agentLabel}` : ""}`;
  const options = { deliverNow: run.deliverNow };
  await emitWebhookEvent(
    "run.finished",
    {
      ...data,
      summary: `Run ${run.runId} (${who}) finished: gate ${verdict}, pass rate ${percent(run.summary.passRate)} of ${run.summary.scored} scored.`,
    },
    options,
  );
  if (run.summary.gate.passed) return;
  const failing = run.summary.gates.filter((gate) => gate.status === "fail").map((gate) => gate.id);
  await emitWebhookEvent(
    "gate.failed",
    {
      ...data,
      failingGates: failing,
      reasons: run.summary.gate.reasons,
      summary: `Gate failed on run ${run.runId} (${who}): ${run.summary.gate.reasons.join("; ") || failing.join(", ")}.`,
    },
    options,
  );
}
