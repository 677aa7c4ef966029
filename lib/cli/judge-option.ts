import type { Command } from "commander";
import type { LoadedSuite } from "@/datasets/load";
import { judgeTaskKind } from "@/graders/judge";
import type { JudgeClient } from "@/lib/trial/judge";
import { fitProblems, type JudgeTask } from "@/lib/judges/fit";
import { KIND_FOR_PARSER } from "@/lib/judges/kinds";
import type { resolveNamedJudge } from "@/lib/judging/resolve";
import type { JudgeParser } from "@/lib/judges/version";
import { UsageError } from "./exit";
import type { Logger } from "./logger";

/**
 * `gavel run --judge <judge-version>`: the version (id, hash prefix or name@N) grades every task
 * whose graders include `judge`; without --judge, the judge the suite's tasks name. Before anything
 * runs: the judge must fit every judge task's kind (exit 2 otherwise), its lifecycle is brought up
 * to date (a stale version recalibrated) and a gating version passes the canary re-check. A version
 * that does not gate still grades, in shadow, and the summary says why.
 */
export function addJudgeOptions(command: Command): Command {
  return command.option(
    "--judge <judge-version>",
    "LLM judge for `judge` graders: a version id, hash prefix (8+ hex) or name@N (default: the judge the tasks name); a version that does not gate grades in shadow",
  );
}

/** The suite's judge tasks: their kind (graded with pass_score, else binary) and the judge each names. */
export function suiteJudgeTasks(suite: Pick<LoadedSuite, "tasks">): JudgeTask[] {
  return suite.tasks.flatMap((task) =>
    task.graders
      .filter((g) => g.kind === "judge")
      .map((g) => {
        const config = g.config as { judge?: string; pass_score?: number };
        return { taskId: task.id, kind: judgeTaskKind(config), judgeRef: config.judge ?? null };
      }),
  );
}

type Version = Awaited<ReturnType<typeof resolveNamedJudge>>;

// lib/judging (the judge's providers, the OpenAI and Anthropic SDKs, model prices: about 2 MB of
// JavaScript) is imported only by a run that has a judge: the others start without it.
async function resolveRef(ref: string, where: string): Promise<Version> {
  const { resolveNamedJudge } = await import("@/lib/judging/resolve");
  try {
    return await resolveNamedJudge(ref);
  } catch (error) {
    throw new UsageError(`${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const labelOf = (v: Version) => `${v.judge.name} v${v.version}`;
const kindOf = (v: Version) => KIND_FOR_PARSER[v.parser as JudgeParser];

/**
 * Every judge problem of a suite, before anything runs: a named judge that does not exist, a judge
 * whose kind does not fit a task's, tasks naming different judges when no --judge picks one.
 * Returns the version the run would use (undefined when no task is judged or none is named).
 */
export async function checkSuiteJudges(suite: Pick<LoadedSuite, "tasks">, judgeFlag: string | undefined): Promise<Version | undefined> {
  const tasks = suiteJudgeTasks(suite);
  const problems: string[] = [];
  const named = new Map<string, Version>();
  for (const task of tasks.filter((t) => t.judgeRef)) {
    if (!named.has(task.judgeRef!))
      named.set(task.judgeRef!, await resolveRef(task.judgeRef!, `task "${task.taskId}" names judge "${task.judgeRef}"`));
    const version = named.get(task.judgeRef!)!;
    problems.push(...fitProblems([task], { label: labelOf(version), kind: kindOf(version) }));
  }
  let chosen: Version | undefined;
  if (judgeFlag !== undefined) {
    if (!judgeFlag.trim()) throw new UsageError("--judge needs a judge version: an id, a hash prefix or name@N.");
    chosen = await resolveRef(judgeFlag, "--judge");
    problems.push(...fitProblems(tasks, { label: labelOf(chosen), kind: kindOf(chosen) }));
  } else {
    const distinct = [...new Map([...named.values()].map((v) => [v.id, v])).values()];
    if (distinct.length > 1)
      problems.push(`a run has one judge, but the tasks name ${distinct.map(labelOf).join(" and ")}: pick one with --judge.`);
    chosen = distinct[0];
  }
  if (problems.length)
    throw new UsageError(`the judge does not fit (nothing was run or written):\n  ${[...new Set(problems)].join("\n  ")}`);
  return tasks.length ? chosen : undefined;
}

export interface ResolveJudgeContext {
  suite: Pick<LoadedSuite, "tasks">;
  logger?: Logger;
}

export async function resolveJudge(options: Record<string, unknown>, context: ResolveJudgeContext): Promise<JudgeClient | undefined> {
  const flag = options.judge;
  if (flag !== undefined && typeof flag !== "string")
    throw new UsageError("--judge needs a judge version: an id, a hash prefix or name@N.");
  const version = await checkSuiteJudges(context.suite, flag);
  if (!version) return undefined;
  const log = (line: string) => context.logger?.info(line);
  const [{ recheckJudge }, { createJudgeClient }] = await Promise.all([import("@/lib/judging/recheck"), import("@/lib/judging/client")]);
  const { status } = await recheckJudge(version.id, { canary: true, log });
  if (!status.gating)
    log(`${labelOf(version)} is ${status.state} (${status.reason}): its verdicts are recorded as shadow and not counted.`);
  return createJudgeClient(version.id, { status });
}
