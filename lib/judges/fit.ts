import { itemKind, type ItemKind } from "../items/kinds";

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

export function fitProblem(task: JudgeTask, judge: { label: string; kind: ItemKind }): string | null {
  if (task.kind === judge.kind) return null;
  const [wanted, given] = [itemKind(task.kind), itemKind(judge.kind)];
  return `task "${task.taskId}" is ${wanted.description}, but judge ${judge.label} is ${given.description}: give this task a ${wanted.parser} judge.`;
}

export function fitProblems(tasks: readonly JudgeTask[], judge: { label: string; kind: ItemKind }): string[] {
  return tasks.map((t) => fitProblem(t, judge)).filter((p): p is string => p !== null);
}
