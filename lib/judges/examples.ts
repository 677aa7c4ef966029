import { z } from "zod";
import { truncateMiddle } from "./truncate";

/**
 * Few-shot worked examples: dev-split items a person graded, shown to the judge with the human label and the reason.
 * A version stores the text the judge is shown (not a pointer to a transcript that could change), so the examples
 * are part of the version's identity: another example, another label or another reason is another version.
 */
export const EXAMPLE_INPUT_LIMIT = 4_000;
export const MAX_EXAMPLES = 12;

export const judgeExample = z
  .object({
    /** The dev item the example was made from (for the workbench and the lineage; the judge never sees it). */
    transcriptId: z.string().min(1, "An example names the dev item it comes from."),
    /** What the judge is shown of the item: the task and the output (cut from the middle past EXAMPLE_INPUT_LIMIT). */
    input: z.string().min(1, "An example shows the judge the item."),
    /** The human (gold) label: pass / fail, A / B or "1".."5". */
    label: z.string().min(1, "An example carries the human label."),
    reason: z.string().trim().max(2_000, "An example's reason is at most 2,000 characters.").default(""),
  })
  .strict();

export const judgeExamples = z.array(judgeExample).max(MAX_EXAMPLES, `At most ${MAX_EXAMPLES} worked examples.`);

export type JudgeExample = z.output<typeof judgeExample>;

/** A stored `examples` column as examples; anything else (null, an old row) is none. */
export function readExamples(value: unknown): JudgeExample[] {
  const parsed = judgeExamples.safeParse(value ?? []);
  return parsed.success ? parsed.data : [];
}

/** How a label reads in a worked example: the words the parsers read back (PASS / FAIL, A / B, the score). */
function verdictWord(label: string): string {
  return label === "pass" || label === "fail" ? label.toUpperCase() : label;
}

/** The block the judge is shown: each example's item, the people's verdict and why. Empty when there are none. */
export function renderExamples(examples: readonly JudgeExample[]): string {
  if (examples.length === 0) return "";
  const blocks = examples.map((e, i) =>
    [
      `Example ${i + 1}`,
      truncateMiddle(e.input, EXAMPLE_INPUT_LIMIT),
      `Verdict: ${verdictWord(e.label)}`,
      ...(e.reason ? [`Why: ${e.reason}`] : []),
    ].join("\n"),
  );
  return `Worked examples, graded by people:\n\n${blocks.join("\n\n")}`;
}

/** The text of one item as an example shows it: the task and what the agent answered (or the two outputs). */
export function exampleInput(input: { taskPrompt: string; output?: string | null; outputA?: string | null; outputB?: string | null }) {
  if (input.outputA != null || input.outputB != null)
    return `Task: ${input.taskPrompt}\nOutput A: ${input.outputA ?? ""}\nOutput B: ${input.outputB ?? ""}`;
  return `Task: ${input.taskPrompt}\nOutput: ${input.output ?? ""}`;
}
