import "server-only";
import type { BrokenTask } from "@/lib/compare/failure-groups";
import type { Step } from "@/lib/trial/types";
import { db } from "./client";

/**
 * The first failing (or erroring) trial of each of these tasks of a run, as the failure grouping
 * reads it (lib/compare/failure-groups.ts): the step it broke at, the tool called there, and every
 * grader that failed with its reason. Trials hidden from the viewer by blind review are never read,
 * so a task whose only failing trials are hidden is not returned.
 */
export async function brokenTasksOf(runId: string, taskKeys: readonly string[], hiddenTrials: ReadonlySet<string>): Promise<BrokenTask[]> {
  if (taskKeys.length === 0) return [];
  const trials = await db().trial.findMany({
    where: { runId, verdict: { in: ["fail", "error"] }, task: { key: { in: [...taskKeys] } }, id: { notIn: [...hiddenTrials] } },
    orderBy: [{ trialIndex: "asc" }],
    select: {
      trajectory: true,
      error: true,
      task: { select: { key: true } },
      graderResults: {
        where: { status: { in: ["fail", "error"] }, shadow: false },
        select: { kind: true, reason: true },
        orderBy: { position: "asc" },
      },
    },
  });
  const out = new Map<string, BrokenTask>();
  for (const t of trials) {
    if (out.has(t.task.key)) continue;
    const steps = (Array.isArray(t.trajectory) ? t.trajectory : []) as unknown as Step[];
    const failing = steps.find((s) => s.failing !== undefined);
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
