import { existsSync, readFileSync } from "node:fs";
import { compareRuns, type CompareRun, type Comparison } from "@/lib/compare/compare";
import { compareRunFromRecord, failingTrialsFromRecord } from "@/lib/compare/from-record";
import { absolute, comparePath, trialPath } from "@/lib/compare/links";
import { databaseUrl } from "@/lib/database-url";
import { disconnectDb } from "@/lib/db/client";
import { firstFailingTrials, loadCompareRun, type FailingTrial } from "@/lib/db/compare";
import { ensureMigrated } from "@/lib/db/ensure-migrated";
import type { RunRecord } from "@/lib/engine/record";
import { UsageError } from "../exit";
import { renderComparison } from "../report/compare";
import type { Logger } from "../logger";

export interface LoadedSide {
  run: CompareRun;
  /** The first failing trial of a task, for links; looked up only for tasks that changed. */
  failing(taskIds: string[]): Promise<Map<string, FailingTrial>>;
}

function fromFile(file: string): LoadedSide {
  let record: RunRecord;
  try {
    record = JSON.parse(readFileSync(file, "utf8")) as RunRecord;
  } catch (error) {
    throw new UsageError(`${file}: not a run record (${(error as Error).message})`);
  }
  if (!record || typeof record !== "object" || !Array.isArray(record.tasks) || !record.summary)
    throw new UsageError(`${file}: not a run record (results/<run-id>.json)`);
  const failing = failingTrialsFromRecord(record);
  return { run: compareRunFromRecord(record), failing: async () => new Map([...failing].map(([k, v]) => [k, { ...v, reason: null }])) };
}

async function fromDatabase(runId: string): Promise<LoadedSide> {
  const run = await loadCompareRun(runId);
  if (!run) throw new UsageError(`${runId}: no such run in this database (give a run id, or a results/<run-id>.json file)`);
  return { run, failing: (ids) => firstFailingTrials(runId, ids) };
}

/** A run id from the database, or a run record file. */
export async function loadSide(ref: string): Promise<LoadedSide> {
  if (ref.endsWith(".json") || existsSync(ref)) {
    if (!existsSync(ref)) throw new UsageError(`${ref}: no such file`);
    return fromFile(ref);
  }
  await ensureMigrated(databaseUrl());
  return fromDatabase(ref);
}

/** The changed tasks' failing trials in the head run (newly failing or flaky), for links. */
export async function withLinks(comparison: Comparison, head: LoadedSide, server: string | null) {
  const changed = [...comparison.newlyFailing, ...comparison.newlyFlaky, ...comparison.otherChanges].map((t) => t.taskId);
  const failing = await head.failing(changed);
  const link = (taskId: string) => {
    const f = failing.get(taskId);
    if (!f) return null;
    // A relative link opens nothing from a CI log: without a server to point at, there is none.
    return { ...f, url: server ? absolute(server, trialPath(comparison.head.runId, taskId, f.trialIndex, f.step)) : null };
  };
  return {
    ...comparison,
    url: server ? absolute(server, comparePath(comparison.base.runId, comparison.head.runId)) : null,
    links: Object.fromEntries(changed.map((id) => [id, link(id)]).filter(([, l]) => l !== null)) as Record<
      string,
      ReturnType<typeof link> & object
    >,
  };
}

/** `gavel compare`: loaded only when the command runs (its statistics library is large). */
export async function compareAction(
  logger: Logger,
  baseRef: string,
  headRef: string,
  options: { json?: boolean; server?: string; baseUrl?: string },
) {
  try {
    const base = await loadSide(baseRef);
    const head = await loadSide(headRef);
    const server = options.baseUrl ?? options.server ?? (process.env.GAVEL_SERVER?.trim() || process.env.GAVEL_URL?.trim() || null);
    const comparison = await withLinks(compareRuns(base.run, head.run), head, server);
    logger.out(options.json ? JSON.stringify(comparison, null, 2) : renderComparison(comparison));
  } finally {
    await disconnectDb();
  }
}
