import type { ItemKind } from "./calibration";

/**
 * Does a judge fit a task? A judge answers one kind of item (binary, graded, pairwise: its parser
 * decides) and a task asks for one: a pairwise judge has nothing to compare on a binary task's
 * single output, a pass/fail judge gives no score to a graded one. Checked before anything runs.
 */
export interface JudgeTask {
  taskId: string;
  kind: ItemKind;
  /** The judge the task names (name or name@N), when it names one. */
  judgeRef: string | null;
}

const KIND_WORDS: Record<ItemKind, string> = {
  binary: "binary (pass / fail on one output)",
  graded: "graded (a 1–5 score on one output)",
  pairwise: "pairwise (A or B between two outputs)",
};

const PARSER_HINT: Record<ItemKind, string> = {
  binary: "a pass_fail judge",
  graded: "a score_1_5 judge",
  pairwise: "a pairwise judge",
};

export function fitProblem(task: JudgeTask, judge: { label: string; kind: ItemKind }): string | null {
  if (task.kind === judge.kind) return null;
  return `task "${task.taskId}" is ${KIND_WORDS[task.kind]}, but judge ${judge.label} is ${KIND_WORDS[judge.kind]}: give this task ${PARSER_HINT[task.kind]}.`;
}

export function fitProblems(tasks: readonly JudgeTask[], judge: { label: string; kind: ItemKind }): string[] {
  return tasks.map((t) => fitProblem(t, judge)).filter((p): p is string => p !== null);
}
