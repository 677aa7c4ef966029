import { z } from "zod";

export const decideInput = z.object({
  queueId: z.string().min(1, "Missing queue id."),
  transcriptId: z.string().min(1, "Missing transcript id."),
  value: z.string({ error: "Choose the gold label." }).trim().min(1, "Choose the gold label."),
  note: z
    .string()
    .trim()
    .max(2000, "Keep the note under 2000 characters.")
    .optional()
    .transform((v) => v || undefined),
  /** The adjudicator's value for each dimension the reviewers disagree on, as the JSON text of one they gave. */
  dimensions: z.record(z.string().max(40), z.string().max(2000)).optional(),
});

export const newRubricInput = z.object({
  queueId: z.string().min(1, "Missing queue id."),
  rubric: z
    .string({ error: "Write the new rubric." })
    .trim()
    .min(1, "Write the new rubric.")
    .max(20_000, "Keep the rubric under 20,000 characters."),
});

/** Confirm or reject a gold change held for a second person (lib/db/pending-gold.ts). */
export const goldChangeDecisionInput = z.object({
  changeId: z.string().min(1, "Missing gold change id."),
  decision: z.enum(["confirm", "reject"], { error: "Choose confirm or reject." }),
});
