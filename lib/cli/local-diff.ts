import { compareRuns } from "@/lib/compare/compare";
import { compareRunFromRecord } from "@/lib/compare/from-record";
import type { RunRecord } from "@/lib/engine/record";
import type { BaselineDiff } from "./report/summary-md";

/**
 * What changed against the baseline run of a run stored in the local database (a server run gets
 * this from the server). Read only when there is a baseline: it is the one read that starts Prisma.
 */
export async function localBaselineDiff(record: RunRecord): Promise<BaselineDiff | null> {
  const baseId = record.summary.baseline?.previousRunId;
  if (!baseId) return null;
  const { loadCompareRun } = await import("@/lib/db/compare");
  const base = await loadCompareRun(baseId);
  if (!base) return null;
  const c = compareRuns(base, compareRunFromRecord(record));
  const ids = (list: { taskId: string }[]) => list.map((t) => t.taskId);
  return {
    runId: baseId,
    newlyFailing: ids(c.newlyFailing),
    newlyPassing: ids(c.newlyPassing),
    newlyFlaky: ids(c.newlyFlaky),
    otherChanges: ids(c.otherChanges),
  };
}
