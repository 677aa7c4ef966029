import "server-only";
import { sortedJsonHash } from "@/lib/hash";
import type { RunSummary } from "@/lib/engine/reducers";
import type { GateConfig } from "@/lib/gates/config";
import type { RunCreate, RunFinish } from "@/lib/schemas/run-upload";
import type { z } from "zod";
import type { TrialBatchSchema } from "@/lib/schemas/run-upload";
import { UserError } from "../errors";
import { checkBaselineRun } from "./baselines";
import { db } from "./client";
import { completeRun, createRun, heartbeat } from "./runs";
import { saveSuiteVersion } from "./suites";
import { writeTrials } from "./trial-writer";

/**
 * Runs sent by `gavel run --server`: stored exactly as the CLI's own database would store them, by
 * the token's owner, who alone (or an admin) may add to them. Every check happens before anything
 * is written.
 */

async function ownedRun(runId: string, user: { id: string; role: string }, statuses: readonly string[] = ["running"]) {
  const run = await db().run.findUnique({
    where: { id: runId },
    select: {
      id: true,
      createdById: true,
      status: true,
      trialsPerTask: true,
      suiteVersionId: true,
      agentLabel: true,
      suiteVersion: { select: { hash: true, suite: { select: { name: true } } } },
    },
  });
  if (!run || (run.createdById !== user.id && user.role !== "admin")) throw new UserError(`No run ${runId} of yours on this server.`, 404);
  if (!statuses.includes(run.status)) throw new UserError(`Run ${runId} is ${run.status}: it takes no more trials.`, 409);
  return run;
}

export async function createUploadedRun(input: RunCreate, userId: string): Promise<void> {
  // The hash must be the definition's, or a run could claim another suite version's history.
  if (sortedJsonHash(input.suite.definition) !== input.suite.hash)
    throw new UserError("suite.hash is not the sha256 of suite.definition's canonical JSON.", 422, "suite.hash");
  if (input.baseline !== "auto" && input.baseline !== "none") await checkBaselineRun(input.baseline.runId);
  if (await db().run.findUnique({ where: { id: input.id }, select: { id: true } }))
    throw new UserError(`A run ${input.id} already exists on this server.`, 409);
  const saved = await saveSuiteVersion(input.suite);
  await createRun({
    id: input.id,
    suiteVersionId: saved.suiteVersionId,
    agentSpec: input.agentSpec,
    judgeVersionId: null,
    trialsPerTask: input.trialsPerTask,
    concurrency: input.concurrency,
    threshold: input.threshold,
    startedAt: new Date(input.startedAt),
    createdById: userId,
    agentLabel: input.source.agentLabel,
    gitCommit: input.source.commit,
    gitBranch: input.source.branch,
    ciJob: input.source.ciJob,
    onDefaultBranch: input.source.onDefaultBranch,
    runner: null,
  });
  // The baseline the run asked for is kept in its summary until it finishes.
  await db().run.update({ where: { id: input.id }, data: { summary: { baselineRequest: input.baseline } } });
}

/** Stores a batch of trials (again, it replaces itself) and refreshes the heartbeat. */
export async function storeUploadedTrials(
  runId: string,
  batch: z.infer<typeof TrialBatchSchema>,
  user: { id: string; role: string },
): Promise<number> {
  const run = await ownedRun(runId, user);
  const tasks = new Map(
    (await db().task.findMany({ where: { suiteVersionId: run.suiteVersionId }, select: { id: true, key: true } })).map((t) => [
      t.key,
      t.id,
    ]),
  );
  const problems = batch.trials.flatMap((t, i) => [
    ...(tasks.has(t.taskId) ? [] : [`trials[${i}].taskId: no task ${t.taskId} in this run's suite`]),
    ...(t.trialIndex < run.trialsPerTask
      ? []
      : [`trials[${i}].trialIndex: ${t.trialIndex} is past the run's ${run.trialsPerTask} trials per task`]),
  ]);
  if (problems.length) throw new UserError(problems.slice(0, 10).join("; "), 422, "trials");
  await writeTrials(
    runId,
    batch.trials.map((t) => ({
      ...t,
      taskId: tasks.get(t.taskId)!,
      steps: t.trajectory.length,
      startedAt: new Date(t.startedAt),
      finishedAt: new Date(t.finishedAt),
    })),
  );
  await heartbeat(runId);
  return batch.trials.length;
}

/**
 * What finishing an uploaded run reads: the run (its owner checked, still running), its suite and agent label, and the
 * baseline it asked for when it was created. lib/running/finish-upload.ts gates it, then completeUploadedRun stores it.
 */
export async function readUploadedRunToFinish(runId: string, user: { id: string; role: string }) {
  const run = await ownedRun(runId, user);
  const stored = await db().run.findUniqueOrThrow({ where: { id: runId }, select: { summary: true } });
  const request = ((stored.summary ?? {}) as { baselineRequest?: RunCreate["baseline"] }).baselineRequest ?? "auto";
  return { suiteName: run.suiteVersion.suite.name, suiteHash: run.suiteVersion.hash, agentLabel: run.agentLabel, request };
}

/** Stores an uploaded run's final summary, its every gate decided (lib/running/finish-upload.ts), and completes it. */
export async function completeUploadedRun(
  runId: string,
  input: RunFinish,
  summary: RunSummary,
  config: GateConfig,
  baselineRunId: string | null,
): Promise<void> {
  await completeRun(runId, {
    gatePassed: summary.gate.passed,
    passRate: summary.passRate,
    scoredCount: summary.scored,
    passedCount: summary.passed,
    skippedCount: summary.skipped,
    errorCount: summary.errors,
    flakyCount: summary.flakyTasks.length,
    costUsd: summary.costUsd,
    latencyP50Ms: summary.latencyP50Ms,
    latencyP95Ms: summary.latencyP95Ms,
    summary: { ...summary, judge: input.judge ?? null, gatesConfig: config, taskOrder: input.taskOrder, tasks: input.tasks },
    recordPath: null,
    finishedAt: new Date(input.finishedAt),
    baselineRunId,
  });
}

export async function stopUploadedRun(
  runId: string,
  stop: { status: "interrupted" | "error"; message: string },
  user: { id: string; role: string },
): Promise<void> {
  await ownedRun(runId, user);
  await db().run.update({
    where: { id: runId },
    data:
      stop.status === "interrupted"
        ? { status: "interrupted", summary: { interrupted: stop.message } }
        : { status: "error", gatePassed: null, finishedAt: new Date(), summary: { error: stop.message } },
  });
}
