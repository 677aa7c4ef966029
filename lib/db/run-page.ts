import "server-only";
import type { TaskStats } from "@/lib/engine/reducers";
import { hiddenTrialsOf, type Viewer } from "./blind";
import { db } from "./client";

export const RUN_PAGE_SIZE = 50;

export const TASK_FILTERS = ["all", "failing", "flaky", "errored", "passing", "skipped", "changed"] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];

export interface RunPageQuery {
  filter: TaskFilter;
  /** "category=happy": tasks carrying that tag. */
  tag: string | null;
  /** Tasks where this grader failed or erred on some trial. */
  grader: string | null;
  page: number;
  /** The task whose trials are open. */
  task: string | null;
}

type Stored = { tasks?: Record<string, TaskStats>; taskOrder?: string[]; baseline?: { previousRunId: string | null } | null };

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

const tagsOf = (value: unknown): Record<string, string | number | boolean> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, string | number | boolean>) : {};

function matches(filter: TaskFilter, status: TaskStats["status"] | undefined, changed: boolean): boolean {
  switch (filter) {
    case "all":
      return true;
    case "failing":
      return status === "fail" || status === "error" || status === "flaky";
    case "flaky":
      return status === "flaky";
    case "errored":
      return status === "error";
    case "passing":
      return status === "pass";
    case "skipped":
      return status === "skipped";
    case "changed":
      return changed;
  }
}

/**
 * What one page of a run's report needs, and nothing more: the run, the filtered task list with
 * each task's stats (from the stored summary, no trial read), the trial verdicts of the page's
 * tasks only, and the full trials of the one task that is open. A 2,000-task × 5-trial run reads
 * 50 tasks' worth of trials per page (bench: npm run bench:run-page).
 *
 * Blind review holds here too (lib/db/blind.ts): a trial that became a queue item the viewer may
 * still label shows no verdict, score, error or grader result, and its task no status, pass@k or
 * filter match, until they have labeled it. The run's own totals stay (aggregates, like κ and n).
 */
export async function getRunPage(runId: string, query: RunPageQuery, viewer: Viewer) {
  const run = await db().run.findUnique({
    where: { id: runId },
    include: {
      suiteVersion: { select: { id: true, hash: true, suite: { select: { name: true } } } },
      judgeVersion: { select: { id: true, version: true, hash: true, judge: { select: { name: true } } } },
    },
  });
  if (!run) return null;
  const summary = (run.summary ?? {}) as Stored;
  const blind = await hiddenTrialsOf(viewer, runId);
  const stats = Object.fromEntries(Object.entries(summary.tasks ?? {}).filter(([key]) => !blind.taskKeys.has(key)));
  const allTasks = await db().task.findMany({
    where: { suiteVersionId: run.suiteVersionId },
    select: { id: true, key: true, category: true, difficulty: true, tags: true, position: true },
  });
  const order = summary.taskOrder;
  if (order) {
    const at = new Map(order.map((k, i) => [k, i]));
    allTasks.sort((a, b) => (at.get(a.key) ?? a.position) - (at.get(b.key) ?? b.position));
  } else allTasks.sort((a, b) => a.position - b.position || (a.key < b.key ? -1 : 1));

  const baselineId = run.baselineRunId ?? summary.baseline?.previousRunId ?? null;
  let baseline: Record<string, TaskStats> | null = null;
  if (baselineId) {
    const b = await db().run.findUnique({ where: { id: baselineId }, select: { summary: true } });
    baseline = ((b?.summary ?? {}) as Stored).tasks ?? null;
  }
  const changedVsBaseline = (key: string) =>
    !blind.taskKeys.has(key) && baseline !== null && baseline[key] !== undefined && baseline[key]!.status !== stats[key]?.status;

  let graderTasks: Set<string> | null = null;
  if (query.grader) {
    const rows = await db().graderResult.findMany({
      where: { kind: query.grader, status: { in: ["fail", "error"] }, shadow: false, trial: { runId } },
      select: { trial: { select: { taskId: true } } },
      distinct: ["trialId"],
    });
    graderTasks = new Set(rows.map((r) => r.trial.taskId).filter((id) => !blind.taskIds.has(id)));
  }

  const tagCounts = new Map<string, number>();
  for (const t of allTasks)
    for (const [k, v] of Object.entries(tagsOf(t.tags))) tagCounts.set(`${k}=${v}`, (tagCounts.get(`${k}=${v}`) ?? 0) + 1);
  const filtered = allTasks.filter((t) => {
    if (!matches(query.filter, stats[t.key]?.status, changedVsBaseline(t.key))) return false;
    if (query.tag) {
      const [k, ...rest] = query.tag.split("=");
      if (String(tagsOf(t.tags)[k!]) !== rest.join("=")) return false;
    }
    if (graderTasks && !graderTasks.has(t.id)) return false;
    return true;
  });
  const pages = Math.max(1, Math.ceil(filtered.length / RUN_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pages);
  const shown = filtered.slice((page - 1) * RUN_PAGE_SIZE, page * RUN_PAGE_SIZE);

  const trials = shown.length
    ? await db().trial.findMany({
        where: { runId, taskId: { in: shown.map((t) => t.id) } },
        select: {
          id: true,
          taskId: true,
          trialIndex: true,
          verdict: true,
          error: true,
          graderResults: {
            where: { status: { in: ["fail", "error"] }, shadow: false },
            select: { kind: true, reason: true },
            orderBy: { position: "asc" },
            take: 1,
          },
        },
        orderBy: [{ trialIndex: "asc" }],
      })
    : [];
  /** A hidden trial as the viewer may see it: its output and steps, none of what a grader said of them. */
  const mask = <T extends { id: string; trajectory?: unknown }>(trial: T): T => {
    if (!blind.trials.has(trial.id)) return trial;
    const steps = Array.isArray(trial.trajectory)
      ? (trial.trajectory as Record<string, unknown>[]).map(({ failing: _failing, ...step }) => step)
      : trial.trajectory;
    return {
      ...trial,
      verdict: null,
      score: null,
      error: null,
      graderResults: [],
      ...("trajectory" in trial ? { trajectory: steps } : {}),
    };
  };
  const openTask = query.task ? (allTasks.find((t) => t.key === query.task) ?? null) : null;
  const open = openTask
    ? {
        task: await db().task.findUniqueOrThrow({
          where: { id: openTask.id },
          select: { id: true, key: true, prompt: true, category: true, difficulty: true },
        }),
        trials: (
          await db().trial.findMany({
            where: { runId, taskId: openTask.id },
            orderBy: { trialIndex: "asc" },
            include: { graderResults: { orderBy: { position: "asc" } } },
          })
        ).map(mask),
      }
    : null;
  const graderKinds = await db().graderResult.findMany({
    where: { trial: { runId } },
    select: { kind: true },
    distinct: ["kind"],
    take: 50,
  });

  const statusCounts: Record<TaskFilter, number> = Object.fromEntries(
    TASK_FILTERS.map((f) => [f, allTasks.filter((t) => matches(f, stats[t.key]?.status, changedVsBaseline(t.key))).length]),
  ) as Record<TaskFilter, number>;
  return {
    run,
    stats,
    baseline: baseline ? { runId: baselineId!, stats: baseline } : null,
    tasks: shown.map((t) => ({ ...t, tags: tagsOf(t.tags), changed: changedVsBaseline(t.key) })),
    trialsByTask: groupBy(trials.map(mask), (t) => t.taskId),
    /** Task keys whose verdicts are hidden from this viewer until they label them. */
    blindTasks: blind.taskKeys,
    blindTrials: blind.trials,
    totalTasks: allTasks.length,
    matchingTasks: filtered.length,
    page,
    pages,
    statusCounts,
    tags: [...tagCounts].sort(([a], [b]) => (a < b ? -1 : 1)),
    graders: graderKinds.map((g) => g.kind).sort(),
    open,
  };
}

export type RunPage = NonNullable<Awaited<ReturnType<typeof getRunPage>>>;

/** The run to compare this one with: its baseline, else the previous run of the same suite version and agent label. */
export async function compareTarget(run: {
  id: string;
  suiteVersionId: string;
  agentLabel: string | null;
  startedAt: Date;
  baselineRunId: string | null;
}): Promise<string | null> {
  if (run.baselineRunId) return run.baselineRunId;
  const previous = await db().run.findFirst({
    where: {
      suiteVersionId: run.suiteVersionId,
      agentLabel: run.agentLabel,
      startedAt: { lt: run.startedAt },
      status: "completed",
      id: { not: run.id },
    },
    orderBy: { startedAt: "desc" },
    select: { id: true },
  });
  if (previous) return previous.id;
  const any = await db().run.findFirst({
    where: { suiteVersionId: run.suiteVersionId, startedAt: { lt: run.startedAt }, id: { not: run.id } },
    orderBy: { startedAt: "desc" },
    select: { id: true },
  });
  return any?.id ?? null;
}
