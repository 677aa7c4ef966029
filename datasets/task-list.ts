import path from "node:path";
import { SUITE_NAME } from "./schema";

/**
 * The lab's own task file (labs/06-evaluation-harness/tasks.json): a bare JSON array of
 * `{id, prompt, grader, expected}` (plus `must_include` / `must_exclude` for the rule grader).
 * It has no suite name and no threshold, and a judged task's `expected` is its rubric ("Expected
 * qualities: …" in the lab's judge prompt), so it becomes the suite below; everything else about
 * each task is validated exactly like a suite.yaml task.
 */
export function suiteFromTaskList(list: unknown[], file: string): Record<string, unknown> {
  return { name: suiteNameFor(file), tasks: list.map(judgedExpectedAsRubric) };
}

/** tasks.json is named after its folder (datasets/smoke/tasks.json → smoke), any other file after itself. */
export function suiteNameFor(file: string): string {
  const base = path.basename(file, path.extname(file));
  const raw = base.toLowerCase() === "tasks" ? path.basename(path.dirname(file)) : base;
  const name = raw
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[^a-z0-9]+/, "");
  return SUITE_NAME.test(name) ? name : "tasks";
}

function judgedExpectedAsRubric(task: unknown): unknown {
  if (task === null || typeof task !== "object" || Array.isArray(task)) return task;
  const { expected, ...rest } = task as Record<string, unknown>;
  const judged = rest.grader === "judge" && typeof expected === "string" && rest.rubric === undefined;
  return judged ? { ...rest, rubric: expected } : task;
}
