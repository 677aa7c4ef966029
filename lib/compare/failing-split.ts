import type { TaskStats } from "@/lib/engine/reducers";

const FAILING = new Set<TaskStats["status"]>(["fail", "error"]);

export interface FailingSplit {
  /** Failing tasks the page leads with: newly failing against the baseline, or every failing task when there is none. */
  lead: string[];
  /** "newly failing tasks" against a baseline, "failing tasks" without one. */
  noun: "newly failing tasks" | "failing tasks";
  /** Failing here and in the baseline too: not this change's doing, so folded away. */
  alsoInBaseline: string[];
}

/**
 * Which failing tasks a run's page leads with, in the run's task order. A task the baseline did not
 * run counts as newly failing (nothing says it failed before); the tasks given are the ones the
 * viewer may see (blind review removes the rest before this).
 */
export function splitFailing(
  order: readonly string[],
  stats: Readonly<Record<string, Pick<TaskStats, "status">>>,
  baseline: Readonly<Record<string, Pick<TaskStats, "status">>> | null,
): FailingSplit {
  const failing = order.filter((key) => stats[key] && FAILING.has(stats[key]!.status));
  if (!baseline) return { lead: failing, noun: "failing tasks", alsoInBaseline: [] };
  const before = (key: string) => baseline[key] !== undefined && FAILING.has(baseline[key]!.status);
  return {
    lead: failing.filter((key) => !before(key)),
    noun: "newly failing tasks",
    alsoInBaseline: failing.filter(before),
  };
}
