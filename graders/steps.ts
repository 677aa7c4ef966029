import type { Step } from "@/lib/trial/types";
import { quote } from "./text";

/** Calls the sandbox actually ran to completion: not refused by the runner, not failed. */
export function completedCalls(trajectory: readonly Step[]): Step[] {
  return trajectory.filter((s) => !s.blocked && s.error === undefined);
}

/** "step 4 issue_refund {"order_id":"A1003","amount":20}", for reasons that name the call. */
export function describeStep(step: Step): string {
  return `step ${step.index + 1} ${step.tool} ${quote(step.args, 80).slice(1, -1).replace(/\\"/g, '"')}`;
}

function mentions(value: unknown, needles: ReadonlySet<string>): boolean {
  if (typeof value === "string" || typeof value === "number") return needles.has(String(value));
  if (Array.isArray(value)) return value.some((v) => mentions(v, needles));
  if (value !== null && typeof value === "object") return Object.values(value).some((v) => mentions(v, needles));
  return false;
}

/** The last completed call whose arguments mention one of the keys: the likeliest culprit for a broken state. */
export function lastCallTouching(trajectory: readonly Step[], keys: Iterable<string>): Step | undefined {
  const needles = new Set(keys);
  if (needles.size === 0) return undefined;
  return completedCalls(trajectory).findLast((s) => mentions(s.args, needles));
}
