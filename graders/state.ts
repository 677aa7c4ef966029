import { z } from "zod";
import { evaluateAssertion, parseAssertion, type Assertion } from "@/graders/assertions";
import { defineGrader, fraction } from "./types";
import { describeStep, lastCallTouching } from "./steps";

export const assertionList = z.array(
  z.string().transform((source, ctx): Assertion => {
    try {
      return parseAssertion(source);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message });
      return z.NEVER;
    }
  }),
);

/** The literal keys an assertion names ("A1001" in orders[A1001].status), to find the call that touched them. */
export function namedKeys(assertion: Assertion): string[] {
  const keys: string[] = [];
  for (const operand of [assertion.left, assertion.right]) {
    if ("path" in operand) for (const s of operand.path.slice(1)) if ("key" in s) keys.push(s.key);
  }
  return keys;
}

/** Assertions on the sandbox's final state, e.g. `orders[order_123].status == "refunded"`. */
export const state = defineGrader({
  kind: "state",
  description: "Every assertion holds on the final sandbox state (paths, == != < <= > >=, `*` for every key).",
  configSchema: z.strictObject({ assertions: assertionList.min(1) }),
  taskFields: ["assertions"],
  requires: { sandbox: true },
  grade({ config, trial }) {
    if (trial.finalState === null || trial.finalState === undefined) return { status: "error", reason: "no final sandbox state to check" };
    const failures = config.assertions.map((a) => ({ a, outcome: evaluateAssertion(a, trial.finalState) })).filter((r) => !r.outcome.ok);
    const score = fraction(config.assertions.length - failures.length, config.assertions.length);
    if (failures.length === 0) return { status: "pass", score, reason: `all ${config.assertions.length} assertions hold` };
    const first = failures[0]!;
    const culprit = lastCallTouching(trial.trajectory, [...namedKeys(first.a), ...(first.outcome.binding ? [first.outcome.binding] : [])]);
    const where = culprit ? ` (last touched at ${describeStep(culprit)})` : "";
    return {
      status: "fail",
      score,
      step: culprit?.index,
      reason: `${failures.length} of ${config.assertions.length} assertions fail: ${failures.map((f) => f.outcome.detail).join("; ")}${where}`,
    };
  },
});
