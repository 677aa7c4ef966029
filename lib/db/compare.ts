import "server-only";
import type { CompareRun, TaskStatus } from "@/lib/compare/compare";
import type { RunMetrics } from "@/lib/engine/metrics";
import { db } from "./client";
import { FAILING_TRIAL_SELECT, failingStepOf } from "./run-failures";

interface StoredSummary {
  metrics?: RunMetrics;
  taskOrder?: string[];
  tasks?: Record<string, { status: TaskStatus; n: number; c: number; verdicts: string[] }>;
}

/** A stored run as the diff reads it (from its summary: no trial is loaded). null when there is no such run. */
export async function loadCompareRun(runId: string): Promise<CompareRun | null> {
  const run = await db().run.findUnique({
    where: { id: runId },
    select: {
      id: true,
      agentSpec: true,
      agentLabel: true,
      gitBranch: true,
      startedAt: true,
      trialsPerTask: true,
      passRate: true,
      summary: true,
      suiteVersion: {
        select: { hash: true, suite: { select: { name: true } }, tasks: { select: { key: true, contractHash: true, position: true } } },
      },
    },
  });
  if (!run) return null;
  const summary = (run.summary ?? {}) as StoredSummary;
  const stats = summary.tasks ?? {};
  const contract = new Map(run.suiteVersion.tasks.map((t) => [t.key, t.contractHash]));
  const order = summary.taskOrder ?? [...run.suiteVersion.tasks].sort((a, b) => a.position - b.position).map((t) => t.key);
  return {
    runId: run.id,
    suiteName: run.suiteVersion.suite.name,
    suiteHash: run.suiteVersion.hash,
    agentSpec: run.agentSpec,
    agentLabel: run.agentLabel,
    branch: run.gitBranch,
    startedAt: run.startedAt.toISOString(),
    k: run.trialsPerTask,
    passRate: run.passRate,
    metrics: summary.metrics ?? null,
    tasks: order
      .filter((key) => stats[key])
      .map((key) => ({
        id: key,
        contractHash: contract.get(key) ?? null,
        status: stats[key]!.status,
        n: stats[key]!.n,
        c: stats[key]!.c,
        verdicts: stats[key]!.verdicts,
      })),
  };
}

export interface FailingTrial {
  trialIndex: number;
  /** The step it went wrong at, with the call the agent made there. */
  step: number | null;
  tool: string | null;
  args: unknown;
  reason: string | null;
}

/**
 * The first trial that did not pass, of each of the given tasks of a run, with its failing step:
 * what a link "opened at the failing step" points at. Only these trials' trajectories are read.
 */
export async function firstFailingTrials(runId: string, taskKeys: readonly string[]): Promise<Map<string, FailingTrial>> {
  if (taskKeys.length === 0) return new Map();
  const trials = await db().trial.findMany({
    where: { runId, verdict: { in: ["fail", "error"] }, task: { key: { in: [...taskKeys] } } },
    orderBy: [{ trialIndex: "asc" }],
    select: {
      trialIndex: true,
      ...FAILING_TRIAL_SELECT,
      graderResults: { ...FAILING_TRIAL_SELECT.graderResults, take: 1 },
    },
  });
  const out = new Map<string, FailingTrial>();
  for (const t of trials) {
    if (out.has(t.task.key)) continue;
    const failing = failingStepOf(t.trajectory);
    const g = t.graderResults[0];
    out.set(t.task.key, {
      trialIndex: t.trialIndex,
      step: failing?.index ?? null,
      tool: failing?.tool ?? null,
      args: failing?.args,
      reason: t.error ?? (g ? `${g.kind}: ${g.reason}` : null),
    });
  }
  return out;
}
