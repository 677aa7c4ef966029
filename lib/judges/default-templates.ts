import type { JudgeParser } from "./version";

/** How a single-output template shows the agent's whole task: the same in every parser's prompt. */
const AGENT_WORK = `What the agent did, every tool call in order with its arguments and result:
{{tool_calls}}

The agent's final output:
{{output}}

The final state after the agent finished:
{{final_state}}`;

/**
 * Starting prompts for a new judge, one per parser; each asks for exactly what its parser reads.
 * The single-output ones show an agent task whole — the prompt, every tool call with its arguments
 * and result, the final output and the final state — because an agent is judged on what it did,
 * not only on what it said. Long values are cut from the middle with a marker (transcript-input.ts).
 */
export const DEFAULT_TEMPLATES: Record<JudgeParser, string> = {
  pass_fail: `You are grading an AI agent's work on a task.

Task given to the agent:
{{task_prompt}}

Rubric:
{{rubric}}

${AGENT_WORK}

Does the agent's work satisfy the rubric? Judge what it did as well as what it said. Answer on the first line with PASS or FAIL, a colon, and a one-line reason.`,
  score_1_5: `You are rating an AI agent's work on a task.

Task given to the agent:
{{task_prompt}}

Criterion: {{criterion}}
Rubric:
{{rubric}}

${AGENT_WORK}

Rate the work from 1 (very poor) to 5 (excellent). Answer on the first line with the score, a colon, and a one-line reason.`,
  pairwise: `You are comparing two answers to the same instruction.

Instruction:
{{task_prompt}}

Rubric:
{{rubric}}

Output A:
{{output_a}}

Output B:
{{output_b}}

Which output follows the instruction better? Answer on the first line with A or B, a colon, and a one-line reason.`,
};
