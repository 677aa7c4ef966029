import path from "node:path";
import type { z } from "zod";
import { formatPath } from "@/lib/format";

/** One problem in a suite file, located as precisely as we can: file, task, field path. */
export interface SuiteIssue {
  file: string;
  task?: { index: number; id?: string };
  path: (string | number)[];
  message: string;
}

export function formatIssue(issue: SuiteIssue): string {
  const file = path.relative(process.cwd(), issue.file) || issue.file;
  const task = issue.task ? ` task ${issue.task.id ? `"${issue.task.id}" ` : ""}(tasks[${issue.task.index}]):` : "";
  const field = issue.path.length ? ` ${formatPath(issue.path)}:` : "";
  return `${file}:${task}${field} ${issue.message}`;
}

/** A suite that cannot run. Every issue is listed; nothing was run or written. */
export class SuiteError extends Error {
  constructor(readonly issues: SuiteIssue[]) {
    super(issues.map(formatIssue).join("\n"));
    this.name = "SuiteError";
  }
}

/** zod issues as suite issues under a path prefix. */
export function fromZod(error: z.ZodError, file: string, prefix: (string | number)[] = [], task?: SuiteIssue["task"]): SuiteIssue[] {
  return error.issues.map((issue) => ({
    file,
    task,
    path: [...prefix, ...issue.path.filter((p): p is string | number => typeof p !== "symbol")],
    message:
      issue.code === "unrecognized_keys"
        ? `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")}`
        : issue.message,
  }));
}
