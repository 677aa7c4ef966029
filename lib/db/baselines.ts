import "server-only";
import type { RunMetrics } from "@/lib/engine/metrics";
import type { BaselineRequest } from "@/lib/engine/record";
import { noBaseline, type Baseline } from "@/lib/gates/evaluate";
import { UserError } from "../errors";
import { db } from "./client";

export interface BaselineQuery {
  suiteName: string;
  suiteHash: string;
  agentLabel: string;
  /** The run being judged: never its own baseline. */
  runId: string;
  request: BaselineRequest;
  /** How many recent comparable runs the operational medians are taken over. */
  window: number;
}

const metricsOf = (summary: unknown): RunMetrics | null => {
  const m = (summary as { metrics?: RunMetrics } | null)?.metrics;
  return m && typeof m === "object" && typeof m.k === "number" ? m : null;
};

/** A run that --baseline RUN_ID may name: it exists, finished and has the metrics the gates read. */
export async function checkBaselineRun(runId: string): Promise<void> {
  const run = await db().run.findUnique({ where: { id: runId }, select: { status: true, summary: true } });
  if (!run) throw new UserError(`--baseline ${runId}: no such run`, 422, "baseline");
  if (run.status !== "completed") throw new UserError(`--baseline ${runId}: that run is ${run.status}, not completed`, 422, "baseline");
  if (!metricsOf(run.summary))
    throw new UserError(`--baseline ${runId}: that run was stored before Gavel recorded run metrics; pick a newer one`, 422, "baseline");
}

/**
 * The history a run's baseline gates read. auto: the comparable runs — same suite version (hash),
 * same agent label, made on the default branch, completed — newest first: the first is the trend
 * baseline, the first `window` the operational one. A run id: that run for both. none: nothing.
 */
export async function findBaseline(query: BaselineQuery): Promise<Baseline> {
  if (query.request === "none") return noBaseline("no baseline: --baseline none");
  if (query.request !== "auto") {
    const runId = query.request.runId;
    const run = await db().run.findUnique({
      where: { id: runId },
      select: { id: true, status: true, summary: true, suiteVersion: { select: { hash: true } } },
    });
    const metrics = run?.status === "completed" ? metricsOf(run.summary) : null;
    if (!run || !metrics) return noBaseline(`no baseline: run ${runId} is not a completed run with metrics`, "run");
    const other = run.suiteVersion.hash !== query.suiteHash ? ` (a different suite version, ${run.suiteVersion.hash.slice(0, 12)})` : "";
    return {
      info: { mode: "run", previousRunId: run.id, windowRunIds: [run.id], note: `baseline: run ${run.id}, named with --baseline${other}` },
      previous: { runId: run.id, metrics },
      window: [metrics],
    };
  }
  const runs = await db().run.findMany({
    where: {
      suiteVersion: { hash: query.suiteHash, suite: { name: query.suiteName } },
      agentLabel: query.agentLabel,
      onDefaultBranch: true,
      status: "completed",
      id: { not: query.runId },
    },
    orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
    take: query.window,
    select: { id: true, summary: true, gitBranch: true },
  });
  const usable = runs
    .map((r) => ({ id: r.id, branch: r.gitBranch, metrics: metricsOf(r.summary) }))
    .filter((r): r is { id: string; branch: string | null; metrics: RunMetrics } => r.metrics !== null);
  if (usable.length === 0) {
    return noBaseline(
      `no baseline: no completed run of this suite version with agent label "${query.agentLabel}" on the default branch yet`,
      "auto",
    );
  }
  const [previous] = usable;
  return {
    info: {
      mode: "auto",
      previousRunId: previous!.id,
      windowRunIds: usable.map((r) => r.id),
      note: `baseline: run ${previous!.id} on ${previous!.branch ?? "the default branch"} (trend); median of the last ${usable.length} comparable run${usable.length === 1 ? "" : "s"} (operational)`,
    },
    previous: { runId: previous!.id, metrics: previous!.metrics },
    window: usable.map((r) => r.metrics),
  };
}
