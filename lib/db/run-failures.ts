import "server-only";
import type { BrokenTask } from "@/lib/compare/failure-groups";
import type { Step } from "@/lib/trial/types";
import type { HiddenTrials } from "./blind";
import { db, type Prisma } from "./client";

/**
 * What says where a failing trial broke: its trajectory (the failing step is marked there), its error, and
 * the graders that failed it in order (a shadow grader never fails a trial). The failure grouping and the
 * comparison's "opened at the failing step" links read the same columns.
 */
export const FAILING_TRIAL_SELECT = {
  trajectory: true,
  error: true,
  task: { select: { key: true } },
  graderResults: {
    where: { status: { in: ["fail", "error"] }, shadow: false },
    select: { kind: true, reason: true },
    orderBy: { position: "asc" },
  },
} satisfies Prisma.TrialSelect;

/** The step a stored trajectory marks as failing, if any. */
export function failingStepOf(trajectory: unknown): Step | undefined {
  const steps = (Array.isArray(trajectory) ? trajectory : []) as Step[];
  return steps.find((s) => s.failing !== undefined);
}

/**
 * The first failing (or erroring) trial of each of these tasks of a run, as the failure grouping
 * reads it (lib/compare/failure-groups.ts): the step it broke at, the tool called there, and every
 * grader that failed with its reason. Blind review holds (lib/db/blind.ts): a task with a trial hidden
 * from the viewer is not returned at all, and hidden trials are never read.
 */
export async function brokenTasksOf(
  runId: string,
  keys: readonly string[],
  hidden: Pick<HiddenTrials, "trials" | "taskKeys">,
): Promise<BrokenTask[]> {
  const taskKeys = keys.filter((key) => !hidden.taskKeys.has(key));
  if (taskKeys.length === 0) return [];
  // Two reads: which trial is each task's first failing one (no trajectories), then only those
  // trials in full — a run with many failing trials per task reads one trajectory per task.
  const candidates = await db().trial.findMany({
    where: { runId, verdict: { in: ["fail", "error"] }, task: { key: { in: taskKeys } }, id: { notIn: [...hidden.trials] } },
    orderBy: [{ trialIndex: "asc" }],
    select: { id: true, taskId: true },
  });
  const first = new Map<string, string>();
  for (const c of candidates) if (!first.has(c.taskId)) first.set(c.taskId, c.id);
  const firstIds = [...first.values()];
  const trials = await db().trial.findMany({
    where: { id: { in: firstIds } },
    select: FAILING_TRIAL_SELECT,
  });
  const out = new Map<string, BrokenTask>();
  for (const t of trials) {
    const failing = failingStepOf(t.trajectory);
    out.set(t.task.key, {
      taskId: t.task.key,
      step: failing ? failing.index : null,
      tool: failing?.tool ?? null,
      failing: t.graderResults.map((g) => ({ kind: g.kind, reason: g.reason })),
      reason: t.error ?? t.graderResults[0]?.reason ?? "",
    });
  }
  return taskKeys.flatMap((key) => (out.has(key) ? [out.get(key)!] : []));
}
