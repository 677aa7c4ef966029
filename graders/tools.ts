import { z } from "zod";
import type { Step } from "@/lib/trial/types";
import { defineGrader } from "./types";
import { describeStep } from "./steps";

function checkOrder(
  calls: Step[],
  expected: readonly string[],
  strict: boolean,
): { ok: true } | { ok: false; reason: string; step?: number } {
  const seen = calls.map((c) => c.tool);
  const summary = `expected ${expected.join(" → ")}${strict ? " exactly" : " in this order"}; saw ${seen.join(" → ") || "no calls"}`;
  if (strict) {
    const at = seen.findIndex((tool, i) => tool !== expected[i]);
    if (at < 0 && seen.length === expected.length) return { ok: true };
    return { ok: false, reason: summary, step: at >= 0 ? calls[at]!.index : undefined };
  }
  let next = 0;
  for (const call of calls) {
    if (next < expected.length && call.tool === expected[next]) next++;
    else if (expected.indexOf(call.tool, next) > next)
      return { ok: false, reason: `${summary} (${describeStep(call)} came too early)`, step: call.index };
  }
  return next === expected.length ? { ok: true } : { ok: false, reason: `${summary} (never called ${expected[next]} at its turn)` };
}

/** Tool discipline: nothing outside allowed_tools, and the expected order when the task asks for one. */
export const tools = defineGrader({
  kind: "tools",
  description:
    "No call outside allowed_tools (and none the runner had to refuse); the calls follow expected_tool_order when given (strict_order: exactly that sequence).",
  configSchema: z.strictObject({
    allowed_tools: z.array(z.string()).optional(),
    expected_tool_order: z.array(z.string()).min(1).optional(),
    strict_order: z.boolean().default(false),
  }),
  taskFields: ["allowed_tools", "expected_tool_order"],
  requires: { sandbox: true },
  grade({ config, trial }) {
    const allowed = config.allowed_tools;
    const outside = trial.trajectory.find((s) => s.blocked || (allowed && !allowed.includes(s.tool)));
    if (outside) {
      const why = outside.blocked ? (outside.error ?? "refused by the runner") : `${outside.tool} is not in allowed_tools`;
      return { status: "fail", score: 0, step: outside.index, reason: `${describeStep(outside)}: ${why}` };
    }
    const ran = trial.trajectory.filter((s) => !s.blocked);
    if (config.expected_tool_order) {
      const order = checkOrder(ran, config.expected_tool_order, config.strict_order);
      if (!order.ok) return { status: "fail", score: 0, step: order.step, reason: order.reason };
    }
    const scope = allowed ? `within allowed_tools (${allowed.join(", ") || "none"})` : "all known tools";
    return {
      status: "pass",
      score: 1,
      reason: `${ran.length} calls, ${scope}${config.expected_tool_order ? ", in the expected order" : ""}`,
    };
  },
});
