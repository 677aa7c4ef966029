import "server-only";
import type { RunMetrics } from "@/lib/engine/metrics";
import type { BaselineQuery } from "@/lib/engine/deps";
import { noBaseline, type Baseline } from "@/lib/gates/result";
import { databaseProvider, databaseUrl } from "../database-url";
import { UserError } from "../errors";
import { boolParam, bulkQuery, placeholders } from "./bulk";
import { dbJson } from "./run-store";

// Plain SQL on the bulk connection, not the Prisma client: `gavel run` reads its baseline at the end
// of every run and starts without Prisma (see run-store.ts).

const metricsOf = (summary: unknown): RunMetrics | null => {
  const m = (summary as { metrics?: RunMetrics } | null)?.metrics;
  return m && typeof m === "object" && typeof m.k === "number" ? m : null;
};

/** A stored run as a person recognises it: its branch, commit and when it finished. */
function described(row: Record<string, unknown>): NonNullable<Baseline["info"]["previous"]> {
  const at = row.finished_at;
  const when = at === null || at === undefined ? null : new Date(typeof at === "number" || typeof at === "string" ? at : (at as Date));
  return {
    runId: String(row.id),
    branch: (row.git_branch as string | null) ?? null,
    commit: (row.git_commit as string | null) ?? null,
    finishedAt: when && !Number.isNaN(when.getTime()) ? when.toISOString() : null,
  };
}

/** A run that --baseline RUN_ID may name: it exists, finished and has the metrics the gates read. */
export async function checkBaselineRun(runId: string): Promise<void> {
  const p = databaseProvider(databaseUrl());
  const [run] = await bulkQuery(`SELECT "status", "summary" FROM "runs" WHERE "id" = ${placeholders(p, 1)}`, [runId]);
  if (!run) throw new UserError(`--baseline ${runId}: no such run`, 422, "baseline");
  if (run.status !== "completed")
    throw new UserError(`--baseline ${runId}: that run is ${String(run.status)}, not completed`, 422, "baseline");
  if (!metricsOf(dbJson(run.summary)))
    throw new UserError(`--baseline ${runId}: that run was stored before Gavel recorded run metrics; pick a newer one`, 422, "baseline");
}

/**
 * The history a run's baseline gates read. auto: the comparable runs — same suite version (hash),
 * same agent label, made on the default branch, completed — newest first: the first is the trend
 * baseline, the first `window` the operational one. A run id: that run for both. none: nothing.
 */
export async function findBaseline(query: BaselineQuery): Promise<Baseline> {
  if (query.request === "none") return noBaseline("no baseline: --baseline none");
  const p = databaseProvider(databaseUrl());
  if (query.request !== "auto") {
    const runId = query.request.runId;
    const [run] = await bulkQuery(
      `SELECT r."id", r."status", r."summary", r."git_branch", r."git_commit", r."finished_at", v."hash" FROM "runs" r JOIN "suite_versions" v ON v."id" = r."suite_version_id"
       WHERE r."id" = ${placeholders(p, 1)}`,
      [runId],
    );
    const metrics = run?.status === "completed" ? metricsOf(dbJson(run.summary)) : null;
    if (!run || !metrics) return noBaseline(`no baseline: run ${runId} is not a completed run with metrics`, "run");
    const hash = String(run.hash);
    const other = hash !== query.suiteHash ? ` (a different suite version, ${hash.slice(0, 12)})` : "";
    return {
      info: {
        mode: "run",
        previousRunId: runId,
        windowRunIds: [runId],
        note: `baseline: run ${runId}, named with --baseline${other}`,
        previous: described(run),
      },
      previous: { runId, metrics },
      window: [metrics],
    };
  }
  if (query.agentLabel === null) {
    return noBaseline(
      "no baseline: the agent has no label (add `agent: <name>` to the suite, or pass --agent-label), so no run is comparable",
      "auto",
    );
  }
  // Comparable runs: same suite version and agent label, on the default branch, completed; newest first.
  const runs = await bulkQuery(
    `SELECT r."id", r."summary", r."git_branch", r."git_commit", r."finished_at" FROM "runs" r
       JOIN "suite_versions" v ON v."id" = r."suite_version_id"
       JOIN "suites" s ON s."id" = v."suite_id"
     WHERE v."hash" = ${placeholders(p, 1)} AND s."name" = ${placeholders(p, 1, 1)} AND r."agent_label" = ${placeholders(p, 1, 2)}
       AND r."on_default_branch" = ${placeholders(p, 1, 3)} AND r."status" = 'completed' AND r."id" <> ${placeholders(p, 1, 4)}
     ORDER BY r."finished_at" DESC, r."id" DESC
     LIMIT ${placeholders(p, 1, 5)}`,
    [query.suiteHash, query.suiteName, query.agentLabel, boolParam(p, true), query.runId, query.window],
  );
  const usable = runs
    .map((r) => ({ id: String(r.id), row: r, branch: (r.git_branch as string | null) ?? null, metrics: metricsOf(dbJson(r.summary)) }))
    .filter((r): r is typeof r & { metrics: RunMetrics } => r.metrics !== null);
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
      previous: described(previous!.row),
    },
    previous: { runId: previous!.id, metrics: previous!.metrics },
    window: usable.map((r) => r.metrics),
  };
}
