import type { JudgeParser } from "./version";

/** Starting prompts for a new judge, one per parser; each asks for exactly what its parser reads. */
export const DEFAULT_TEMPLATES: Record<JudgeParser, string> = {
  pass_fail: `You are grading an AI agent's answer.

Task given to the agent:
{{task_prompt}}

Rubric:
{{rubric}}

The agent's final output:
{{output}}

Does the output satisfy the rubric? Answer on the first line with PASS or FAIL, a colon, and a one-line reason.`,
  score_1_5: `You are rating an AI agent's answer.

Task given to the agent:
{{task_prompt}}

Criterion: {{criterion}}
Rubric:
{{rubric}}

The agent's final output:
{{output}}

Rate the output from 1 (very poor) to 5 (excellent). Answer on the first line with the score, a colon, and a one-line reason.`,
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
