import { z } from "zod";
import { evaluateAssertion } from "@/graders/assertions";
import type { Step } from "@/lib/trial/types";
import { assertionList, namedKeys } from "./state";
import { defineGrader, fraction } from "./types";
import { completedCalls, describeStep, lastCallTouching } from "./steps";

const counts = z.record(z.string(), z.int().min(0));

const spec = z.strictObject({
  /** Exactly this many completed calls per tool ("exactly one refund"). */
  calls: counts.optional(),
  /** At most this many completed calls per tool. */
  max_calls: counts.optional(),
  /** tool → argument: at most one completed call per distinct value ("one refund per order"). */
  once_per: z.record(z.string(), z.string()).optional(),
  /** Assertions on the final state that must always hold ("refunds never above the order total"). */
  invariants: assertionList.optional(),
});

interface Failure {
  reason: string;
  step?: Step;
}

function argOf(step: Step, name: string): unknown {
  return step.args !== null && typeof step.args === "object" ? (step.args as Record<string, unknown>)[name] : undefined;
}

function checkCounts(calls: Step[], wanted: Record<string, number>, exact: boolean): Failure[] {
  return Object.entries(wanted).flatMap(([tool, limit]) => {
    const made = calls.filter((c) => c.tool === tool);
    if (made.length === limit || (!exact && made.length < limit)) return [];
    const extra = made[limit];
    const bound = exact ? `expected exactly ${limit}` : `at most ${limit} allowed`;
    return [{ reason: `${made.length} ${tool} calls, ${bound}${extra ? ` (first extra: ${describeStep(extra)})` : ""}`, step: extra }];
  });
}

function checkOncePer(calls: Step[], oncePer: Record<string, string>): Failure[] {
  const failures: Failure[] = [];
  for (const [tool, arg] of Object.entries(oncePer)) {
    const seen = new Set<string>();
    for (const call of calls.filter((c) => c.tool === tool)) {
      const key = JSON.stringify(argOf(call, arg) ?? null);
      if (seen.has(key))
        failures.push({ reason: `${describeStep(call)}: a second ${tool} for the same ${arg} ${key} (once per ${arg})`, step: call });
      seen.add(key);
    }
  }
  return failures;
}

/** What the agent changed in the world: how many calls, never twice for the same key, invariants on the result. */
export const sideEffects = defineGrader({
  kind: "side_effects",
  description:
    "Counts of completed tool calls (calls, max_calls), at most one call per argument value (once_per), and invariants on the final state.",
  configSchema: z.strictObject({ side_effects: spec }).superRefine((value, ctx) => {
    const s = value.side_effects;
    if (!s.calls && !s.max_calls && !s.once_per && !s.invariants?.length) {
      ctx.addIssue({ code: "custom", path: ["side_effects"], message: "side_effects needs calls, max_calls, once_per or invariants" });
    }
  }),
  taskFields: ["side_effects"],
  requires: { sandbox: true },
  grade({ config, trial }) {
    const s = config.side_effects;
    const calls = completedCalls(trial.trajectory);
    const failures: Failure[] = [
      ...checkCounts(calls, s.calls ?? {}, true),
      ...checkCounts(calls, s.max_calls ?? {}, false),
      ...checkOncePer(calls, s.once_per ?? {}),
    ];
    for (const invariant of s.invariants ?? []) {
      const outcome = evaluateAssertion(invariant, trial.finalState);
      if (outcome.ok) continue;
      const culprit = lastCallTouching(trial.trajectory, [...namedKeys(invariant), ...(outcome.binding ? [outcome.binding] : [])]);
      failures.push({ reason: `invariant broken: ${outcome.detail}${culprit ? ` (after ${describeStep(culprit)})` : ""}`, step: culprit });
    }
    const checks =
      Object.keys(s.calls ?? {}).length +
      Object.keys(s.max_calls ?? {}).length +
      Object.keys(s.once_per ?? {}).length +
      (s.invariants?.length ?? 0);
    const score = fraction(checks - Math.min(checks, new Set(failures.map((f) => f.reason)).size), checks);
    if (failures.length === 0)
      return { status: "pass", score, reason: `all ${checks} side-effect rules hold (${calls.length} completed calls)` };
    const first = failures.filter((f) => f.step).sort((a, b) => a.step!.index - b.step!.index)[0];
    return { status: "fail", score, step: first?.step?.index, reason: failures.map((f) => f.reason).join("; ") };
  },
});
