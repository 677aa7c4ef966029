import type { RunRecord } from "@/lib/engine/record";
import type { CompareRun } from "./compare";
import type { BrokenTask } from "./failure-groups";

/** A run record file (results/<run-id>.json) as the diff reads it. */
export function compareRunFromRecord(record: RunRecord): CompareRun {
  return {
    runId: record.runId,
    suiteName: record.suite.name,
    suiteHash: record.suite.hash,
    agentSpec: record.agent.spec,
    agentLabel: record.agent.label ?? null,
    branch: record.source?.branch ?? null,
    startedAt: record.startedAt,
    k: record.config.trials,
    passRate: record.summary.passRate,
    metrics: record.summary.metrics ?? null,
    tasks: record.tasks.map((t) => ({
      id: t.id,
      contractHash: t.contractHash,
      status: t.stats.status,
      n: t.stats.n,
      c: t.stats.c,
      verdicts: t.stats.verdicts,
    })),
  };
}

/** The first failing (or erroring) trial of each task in a record, and the step it failed at. */
export function failingTrialsFromRecord(
  record: RunRecord,
): Map<string, { trialIndex: number; step: number | null; tool: string | null; args: unknown }> {
  const out = new Map<string, { trialIndex: number; step: number | null; tool: string | null; args: unknown }>();
  for (const task of record.tasks) {
    const bad = task.trials.find((t) => t.verdict === "fail" || t.verdict === "error");
    if (!bad) continue;
    const step = bad.failingStep !== null ? bad.trajectory[bad.failingStep] : undefined;
    out.set(task.id, { trialIndex: bad.trialIndex, step: bad.failingStep, tool: step?.tool ?? null, args: step?.args });
  }
  return out;
}

/** A task's first failing trial as the failure grouping reads it (lib/compare/failure-groups.ts). */
export function brokenTaskFromRecord(task: RunRecord["tasks"][number]): BrokenTask | null {
  const bad = task.trials.find((t) => t.verdict === "fail" || t.verdict === "error");
  if (!bad) return null;
  const step = bad.failingStep !== null ? bad.trajectory[bad.failingStep] : undefined;
  return {
    taskId: task.id,
    step: step ? bad.failingStep : null,
    tool: step?.tool ?? null,
    failing: bad.graders.filter((g) => g.status === "fail" || g.status === "error").map((g) => ({ kind: g.kind, reason: g.reason })),
    reason: bad.reason,
  };
}
