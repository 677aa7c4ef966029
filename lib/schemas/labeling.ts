import { z } from "zod";
import { optionalReason, recordId } from "./fields";
import { labelValues, type ItemKind, type ItemScale } from "../items/kinds";
import { dimensionValuesInput } from "./dimensions";

/**
 * What a reviewer sends while labeling. The value's allowed set depends on the queue's kind, which
 * only the server knows: `labelValueError` checks it there once the queue is loaded.
 */
const optionalScore = z.preprocess(
  (v) => (v === "" || v === null || v === undefined ? undefined : typeof v === "string" ? Number(v) : v),
  z
    .number({ error: "The score must be a whole number from 1 to 5." })
    .int("The score must be a whole number from 1 to 5.")
    .min(1, "The score must be a whole number from 1 to 5.")
    .max(5, "The score must be a whole number from 1 to 5.")
    .optional(),
);

export const submitLabelInput = z.strictObject({
  queueId: recordId("The queue"),
  queueItemId: recordId("The item"),
  value: z.string().trim().min(1, "Choose a label.").max(16),
  /** Values of the queue's further dimensions, by name; checked against the queue's config on the server. */
  dimensions: dimensionValuesInput.optional(),
  score: optionalScore,
  reason: optionalReason,
  /** Time on the item as the browser measured it; capped at a day so a tab left open cannot skew totals absurdly. */
  timeSpentMs: z.coerce.number().int().min(0).max(86_400_000).optional(),
});
export type SubmitLabelInput = z.output<typeof submitLabelInput>;

export const skipItemInput = z.strictObject({ queueId: recordId("The queue"), queueItemId: recordId("The item") });
export type SkipItemInput = z.output<typeof skipItemInput>;

export const queueInput = z.strictObject({ queueId: recordId("The queue") });

export const revealJudgeInput = z.strictObject({ queueId: recordId("The queue"), transcriptId: recordId("The transcript") });
export type RevealJudgeInput = z.output<typeof revealJudgeInput>;

/** A queue's kind is an item kind (lib/items/kinds.ts). */
export type QueueKind = ItemKind;

/** null when the value fits the queue (lib/items/kinds.ts `labelValues`), else a message naming the allowed values. */
export function labelValueError(kind: QueueKind, value: string, scale?: ItemScale): string | null {
  const allowed = labelValues(kind, scale);
  return allowed.includes(value) ? null : `A ${kind} label is one of ${allowed.join(", ")}; got "${value.slice(0, 16)}".`;
}

export const FLAG_KINDS = ["unsure", "bad_item", "needs_guideline"] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];
export const FLAG_LABELS: Record<FlagKind, string> = { unsure: "Unsure", bad_item: "Bad item", needs_guideline: "Needs guideline" };

export const commentInput = z.strictObject({
  queueId: recordId("The queue"),
  queueItemId: recordId("The item"),
  body: z.string({ error: "Write a comment." }).trim().min(1, "Write a comment.").max(2_000, "Keep a comment under 2,000 characters."),
});
export type CommentInput = z.output<typeof commentInput>;

export const flagInput = z.strictObject({
  queueId: recordId("The queue"),
  queueItemId: recordId("The item"),
  kind: z.enum(FLAG_KINDS, { error: `A flag is one of ${FLAG_KINDS.join(", ")}.` }),
  on: z.boolean(),
});
export type FlagInput = z.output<typeof flagInput>;
