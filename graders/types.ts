import type { z } from "zod";
import type { JudgeClient } from "@/lib/trial/judge";
import type { GraderVerdict, TrialOutcome } from "@/lib/trial/types";

/** What a grader may know about the task: its identity and what it asked for, never the grader list. */
export interface GradedTask {
  id: string;
  prompt: string;
  inputs: Readonly<Record<string, unknown>>;
  /** null: every sandbox tool is allowed. */
  allowedTools: readonly string[] | null;
}

export interface GradeInput<C> {
  config: C;
  task: GradedTask;
  trial: TrialOutcome;
}

export interface GraderContext {
  judge?: JudgeClient;
  signal?: AbortSignal;
}

/**
 * One grader. `grade` is pure: it reads its inputs and never changes them (a test runs every
 * grader on deep-frozen inputs), and it always says why.
 */
export interface GraderDefinition<K extends string = string, S extends z.ZodType = z.ZodType> {
  kind: K;
  description: string;
  /** The grader's options; parsed when the suite loads, so a bad option fails validation. */
  configSchema: S;
  /**
   * Task-level fields this grader reads into its config (e.g. `expected`). A task may also set any
   * option inline: `graders: [{ kind: rule, regex: "^\\d+$" }]`.
   */
  taskFields: readonly string[];
  requires: { llm?: boolean; sandbox?: boolean };
  grade(input: GradeInput<z.output<S>>, context: GraderContext): GraderVerdict | Promise<GraderVerdict>;
}

export function defineGrader<K extends string, S extends z.ZodType>(definition: GraderDefinition<K, S>): GraderDefinition<K, S> {
  return definition;
}

/** Share of checks passed, or undefined when nothing was checked. */
export function fraction(passed: number, total: number): number | undefined {
  return total === 0 ? undefined : passed / total;
}
