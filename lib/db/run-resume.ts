import "server-only";
import type { TrialResult, VerdictStatus } from "@/lib/trial/types";
import { UserError } from "../errors";
import { db } from "./client";
import { runnerGone } from "./run-store";

// The stale-run sweep and the resumed run's row are written in plain SQL (run-store.ts), for `gavel run`.
export { markStaleRuns, resumeRun, runnerGone, STALE_AFTER_MS } from "./run-store";

export interface ResumableRun {
  id: string;
  suiteName: string;
  suiteHash: string;
  agentSpec: string;
  agentLabel: string | null;
  trialsPerTask: number;
  threshold: number;
  startedAt: Date;
  source: { commit: string | null; branch: string | null; ciJob: string | null; onDefaultBranch: boolean };
  baselineRunId: string | null;
}

/**
 * The run `gavel run --resume` continues: it must exist and not be completed, and a run still
 * marked running must have a dead runner (two runners on one run would waste work).
 */
export async function findResumableRun(id: string): Promise<ResumableRun> {
  const run = await db().run.findUnique({
    where: { id },
    include: { suiteVersion: { select: { hash: true, suite: { select: { name: true } } } } },
  });
  if (!run) throw new UserError(`--resume ${id}: no such run in this database`, 422, "resume");
  if (run.status === "completed") throw new UserError(`--resume ${id}: that run already completed; nothing to resume`, 422, "resume");
  if (run.status === "running" && !runnerGone(run)) {
    throw new UserError(
      `--resume ${id}: that run is still running (${run.runner ?? "unknown runner"}, heartbeat ${run.heartbeatAt?.toISOString() ?? "never"}); stop it first`,
      409,
      "resume",
    );
  }
  return {
    id: run.id,
    suiteName: run.suiteVersion.suite.name,
    suiteHash: run.suiteVersion.hash,
    agentSpec: run.agentSpec,
    agentLabel: run.agentLabel,
    trialsPerTask: run.trialsPerTask,
    threshold: run.threshold,
    startedAt: run.startedAt,
    source: { commit: run.gitCommit, branch: run.gitBranch, ciJob: run.ciJob, onDefaultBranch: run.onDefaultBranch },
    baselineRunId: run.baselineRunId,
  };
}

const STEP_SUFFIX = / \[step (\d+)\]$/;

/**
 * The trials a run already stored, as the engine's TrialResult, so a resumed run's summary counts
 * them without running them again. What the database does not keep (initial state, tokens) is null.
 */
export async function loadStoredTrials(runId: string): Promise<TrialResult[]> {
  const rows = await db().trial.findMany({
    where: { runId, status: "done" },
    include: { task: { select: { key: true } }, graderResults: { orderBy: { position: "asc" } } },
    orderBy: [{ taskId: "asc" }, { trialIndex: "asc" }],
  });
  return rows.map((row) => {
    const trajectory = (Array.isArray(row.trajectory) ? row.trajectory : []) as unknown as TrialResult["trajectory"];
    const failing = trajectory.find((s) => s.failing !== undefined);
    return {
      taskId: row.task.key,
      trialIndex: row.trialIndex,
      verdict: (row.verdict ?? "error") as VerdictStatus,
      score: row.score,
      reason:
        row.graderResults
          .filter((g) => g.status === row.verdict)
          .map((g) => `${g.kind}: ${g.reason.replace(STEP_SUFFIX, "")}`)
          .join(" | ") ||
        row.error ||
        String(row.verdict),
      graders: row.graderResults.map((g) => {
        const step = STEP_SUFFIX.exec(g.reason);
        return {
          position: g.position,
          kind: g.kind,
          config: g.config,
          status: g.status as VerdictStatus,
          ...(g.score !== null ? { score: g.score } : {}),
          reason: g.reason.replace(STEP_SUFFIX, ""),
          ...(step ? { step: Number(step[1]) - 1 } : {}),
          ...(g.shadow ? { shadow: true } : {}),
          ...(g.judgeVersionId ? { judgeVersionId: g.judgeVersionId } : {}),
        };
      }),
      failingStep: failing ? failing.index : null,
      output: row.output,
      trajectory,
      initialState: null,
      finalState: row.finalState ?? null,
      costUsd: row.costUsd,
      tokens: null,
      latencyMs: row.latencyMs ?? 0,
      stop: row.error ? { kind: row.verdict === "error" ? "agent_error" : "blocked_tool", message: row.error } : null,
      startedAt: (row.startedAt ?? new Date(0)).toISOString(),
      finishedAt: (row.finishedAt ?? new Date(0)).toISOString(),
    } satisfies TrialResult;
  });
}
