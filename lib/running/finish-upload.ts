import "server-only";
import { findBaseline } from "../db/baselines";
import { completeUploadedRun, readUploadedRunToFinish } from "../db/run-upload";
import type { RunSummary } from "../engine/reducers";
import type { GateConfig } from "../gates/config";
import { applyBaselineGates } from "../gates/evaluate";
import type { RunFinish } from "../schemas/run-upload";

/**
 * Completes a run sent by `gavel run --server` (POST /api/runs/<id>/finish): read the run and the baseline it
 * asked for (lib/db), gate its summary against this server's history with the same applyBaselineGates the
 * engine's fold uses for a local run (lib/gates), store the summary and the verdict (lib/db).
 */
export async function finishUploadedRun(runId: string, input: RunFinish, user: { id: string; role: string }) {
  const run = await readUploadedRunToFinish(runId, user);
  const config = input.gatesConfig as unknown as GateConfig;
  const { summary, baseline } = await applyBaselineGates(input.summary as unknown as RunSummary, config, (window) =>
    findBaseline({ suiteName: run.suiteName, suiteHash: run.suiteHash, agentLabel: run.agentLabel, runId, request: run.request, window }),
  );
  await completeUploadedRun(runId, input, summary, config, baseline.info.previousRunId);
  return { summary, suite: run.suiteName, agentLabel: run.agentLabel };
}
