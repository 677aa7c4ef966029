import { exact } from "./exact";
import { judge } from "./judge";
import { rule } from "./rule";
import { sideEffects } from "./side-effects";
import { state } from "./state";
import { tools } from "./tools";
import type { GraderDefinition } from "./types";

export const GRADER_KINDS = ["exact", "rule", "judge", "state", "tools", "side_effects"] as const;
export type GraderKind = (typeof GRADER_KINDS)[number];

/** The one registry: a suite's `grader: <kind>` is looked up here and nowhere else. */
export const GRADERS = {
  exact,
  rule,
  judge,
  state,
  tools,
  side_effects: sideEffects,
} satisfies Record<GraderKind, GraderDefinition>;

export function isGraderKind(kind: string): kind is GraderKind {
  return Object.hasOwn(GRADERS, kind);
}

/** Kinds that call an LLM (and so are skipped without a judge), derived from the definitions. */
export const LLM_GRADER_KINDS: readonly GraderKind[] = GRADER_KINDS.filter((k) => GRADERS[k].requires.llm);

/** Kinds that read sandbox state or tool calls, so their task needs a sandbox. */
export const SANDBOX_GRADER_KINDS: readonly GraderKind[] = GRADER_KINDS.filter((k) => GRADERS[k].requires.sandbox);

/** Task-level fields some grader reads (expected, must_include, assertions, ...). */
export const GRADER_TASK_FIELDS: readonly string[] = [...new Set(GRADER_KINDS.flatMap((k) => GRADERS[k].taskFields))];
