import { z } from "zod";
import { optionalReason, recordId } from "./fields";

/** A reviewer changes their own label ("My labels"); the value is checked against the queue's kind on the server. */
export const editLabelInput = z.strictObject({
  labelId: recordId("The label"),
  value: z.string().trim().min(1, "Choose a label.").max(16),
  reason: optionalReason,
});
export type EditLabelInput = z.output<typeof editLabelInput>;

/** A reviewer takes back their skip: the item is offered to them again. */
export const unskipInput = z.strictObject({ queueId: recordId("The queue"), queueItemId: recordId("The item") });
export type UnskipInput = z.output<typeof unskipInput>;

/** An adjudicator reopens a queue's stranded items (one, or all of them) by clearing their skips. */
export const reopenStrandedInput = z.strictObject({
  queueId: recordId("The queue"),
  queueItemId: z.preprocess((v) => (v === "" || v === null ? undefined : v), recordId("The item").optional()),
});
export type ReopenStrandedInput = z.output<typeof reopenStrandedInput>;
