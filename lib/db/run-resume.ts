import "server-only";
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import type { TrialResult, VerdictStatus } from "@/lib/trial/types";
import { UserError } from "../errors";
import { db } from "./client";
import { DISTRIBUTED_RUNNER } from "./distributed";

/** A running run whose heartbeat is older than this is taken for dead (its runner refreshes it every 10 s). */
export const STALE_AFTER_MS = 60_000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A killed process nobody reaped yet (a container without an init) still answers signal 0.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

/** Is this run's runner gone? On this host its process is checked directly; elsewhere the heartbeat tells. */
export function runnerGone(run: { runner: string | null; heartbeatAt: Date | null; startedAt: Date }, now = Date.now()): boolean {
  // A distributed run's trials wait in pg-boss, which retries them: no process's death stops it.
  if (run.runner === DISTRIBUTED_RUNNER) return false;
  const [host, pid] = (run.runner ?? "").split(/:(?=\d+$)/);
  if (host && pid && host === hostname() && Number(pid) !== process.pid) return !processAlive(Number(pid));
  return now - (run.heartbeatAt ?? run.startedAt).getTime() > STALE_AFTER_MS;
}

/**
 * Marks runs whose runner died (killed, crashed, the machine went away) as interrupted, so nothing
 * shows "running" forever. Called when the web app lists runs and when the CLI starts a run.
 */
export async function markStaleRuns(now = Date.now()): Promise<string[]> {
  const running = await db().run.findMany({
    where: { status: "running" },
    select: { id: true, runner: true, heartbeatAt: true, startedAt: true },
  });
  const dead = running.filter((r) => runnerGone(r, now)).map((r) => r.id);
  if (dead.length) {
    await db().run.updateMany({
      where: { id: { in: dead }, status: "running" },
      data: {
        status: "interrupted",
        summary: { interrupted: "the runner stopped without finishing (killed, crashed or lost): resume it with gavel run --resume" },
      },
    });
  }
  return dead;
}

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

/** Running again: the new runner owns it, with a fresh heartbeat. */
export async function resumeRun(id: string, runner: string): Promise<void> {
  await db().run.update({
    where: { id },
    data: { status: "running", runner, heartbeatAt: new Date(), finishedAt: null, gatePassed: null },
  });
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
