import { z } from "zod";
import { ITEM_KINDS, itemKind, labelValues } from "../items/kinds";
import { createQueueInput, type CreateQueueInput } from "../schemas/queues";
import { parseWrittenExamples, type WrittenExample } from "./written-examples";

/**
 * The new-queue form: a queue's settings (lib/schemas/queues.ts) and, optionally, worked examples
 * written by hand (./written-examples.ts) — a new team's first batch has no gold to show, so the rubric
 * comes with examples of its own. Each example is checked against the queue's own labels (its kind and
 * scale); every problem is an issue on "examples" naming the example and field, and one bad example
 * refuses the whole form.
 */
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

function written(input: CreateQueueInput & { examples: string }) {
  const scale = input.scaleMin !== undefined && input.scaleMax !== undefined ? { min: input.scaleMin, max: input.scaleMax } : null;
  return parseWrittenExamples(input.examples, labelValues(input.kind, scale));
}

export const newQueueInput = createQueueInput
  .safeExtend({
    examples: z.preprocess(
      blank,
      z.string({ error: "Write the examples as text." }).max(200_000, "Keep the examples under 200,000 characters.").optional(),
    ),
  })
  .superRefine((input, ctx) => {
    if (!input.examples) return;
    const issue = (message: string) => ctx.addIssue({ code: "custom", path: ["examples"], message });
    if (itemKind(input.kind).outputs === 2) {
      const one = ITEM_KINDS.filter((k) => itemKind(k).outputs === 1).join(" and ");
      issue(`Written examples are for ${one} queues: attach finished ${input.kind} items from the Gold labels page.`);
      return;
    }
    const parsed = written({ ...input, examples: input.examples });
    if (!parsed.ok) parsed.errors.forEach(issue);
  })
  .transform(({ examples, ...input }) => {
    const parsed = examples ? written({ ...input, examples }) : null;
    return { ...input, examples: parsed?.ok ? parsed.examples : ([] as WrittenExample[]) };
  });

export type NewQueueInput = z.output<typeof newQueueInput>;
