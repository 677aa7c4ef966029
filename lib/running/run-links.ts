import "server-only";
import { compareRuns } from "@/lib/compare/compare";
import { absolute, comparePath, runPath, trialPath } from "@/lib/compare/links";
import { firstFailingTrials, loadCompareRun } from "../db/compare";

/** At most this many failing tasks get a trial URL in a CI log; the run page lists the rest. */
const MAX_LINKED = 100;

/**
 * What a CI log prints after a run (read the two runs through lib/db, compare them with lib/compare): the run's URL, the comparison with its baseline (tasks newly
 * failing, passing, flaky) and, for each failing task, the URL of its first failing trial opened
 * at the failing step.
 */
export async function runLinks(base: string, runId: string, failingTasks: string[], baselineRunId: string | null) {
  const [head, before] = await Promise.all([loadCompareRun(runId), baselineRunId ? loadCompareRun(baselineRunId) : null]);
  const comparison = head && before ? compareRuns(before, head) : null;
  const failing = await firstFailingTrials(runId, failingTasks.slice(0, MAX_LINKED));
  return {
    run: absolute(base, runPath(runId)),
    compare: baselineRunId ? absolute(base, comparePath(baselineRunId, runId)) : null,
    failingTrials: failingTasks
      .filter((key) => failing.has(key))
      .map((key) => {
        const f = failing.get(key)!;
        return {
          taskId: key,
          trialIndex: f.trialIndex,
          step: f.step,
          tool: f.tool,
          args: f.args,
          reason: f.reason,
          url: absolute(base, trialPath(runId, key, f.trialIndex, f.step)),
        };
      }),
    unlinkedFailingTasks: Math.max(0, failingTasks.length - MAX_LINKED),
    baseline: comparison
      ? {
          runId: comparison.base.runId,
          newlyFailing: comparison.newlyFailing.map((t) => t.taskId),
          newlyPassing: comparison.newlyPassing.map((t) => t.taskId),
          newlyFlaky: comparison.newlyFlaky.map((t) => t.taskId),
          otherChanges: comparison.otherChanges.map((t) => t.taskId),
        }
      : null,
  };
}
