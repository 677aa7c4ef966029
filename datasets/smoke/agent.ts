import type { AgentInput } from "@/lib/engine/types";

/**
 * The lab's stub agent: canned answers, right on the first three tasks and wrong on purpose on
 * the summary (it invents a cancellation), so a judge — once one is approved — has something to catch.
 */
const ANSWERS: Record<string, string> = {
  "cap-nz": "Wellington",
  total: "16.00",
  refund: "I'm sorry: our policy allows refunds only within 30 days of delivery, and this order was delivered 45 days ago, so it is not eligible.",
  summary: "The quarterly review was cancelled.",
};

export function stubAgent(input: AgentInput): string {
  return ANSWERS[input.taskId] ?? "I don't know.";
}
