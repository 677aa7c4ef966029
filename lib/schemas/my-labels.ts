import { z } from "zod";

const id = (what: string) =>
  z
    .string({ error: `${what} is missing.` })
    .trim()
    .min(1, `${what} is missing.`)
    .max(64, `${what} is too long.`);

const optionalReason = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.string().trim().max(5_000, "Keep the reason under 5,000 characters.").optional(),
);

/** A reviewer changes their own label ("My labels"); the value is checked against the queue's kind on the server. */
export const editLabelInput = z.strictObject({
  labelId: id("The label"),
  value: z.string().trim().min(1, "Choose a label.").max(16),
  reason: optionalReason,
});
export type EditLabelInput = z.output<typeof editLabelInput>;

/** A reviewer takes back their skip: the item is offered to them again. */
export const unskipInput = z.strictObject({ queueId: id("The queue"), queueItemId: id("The item") });
export type UnskipInput = z.output<typeof unskipInput>;

/** An adjudicator reopens a queue's stranded items (one, or all of them) by clearing their skips. */
export const reopenStrandedInput = z.strictObject({
  queueId: id("The queue"),
  queueItemId: z.preprocess((v) => (v === "" || v === null ? undefined : v), id("The item").optional()),
});
export type ReopenStrandedInput = z.output<typeof reopenStrandedInput>;
