import type { AgentInput } from "@/lib/trial/types";

/**
 * The lab's stub agent (labs/06-evaluation-harness/test_eval.py, `stub_agent`), rule for rule:
 * it answers from the prompt alone, is right on the three deterministic tasks and wrong on purpose
 * on the summary, which only a judge can catch (without one that task is skipped, never passed).
 */
export function stubAgent(input: AgentInput): string {
  const prompt = input.prompt;
  if (prompt.includes("New Zealand")) return "Wellington";
  if (prompt.includes("Total")) return "100";
  if (prompt.includes("refund")) return "Happy to arrange your refund today.";
  return "Something unrelated."; // wrong on purpose
}
