import { z } from "zod";
import { recordId } from "./fields";

export const EXPLANATION_MAX = 2_000;

/**
 * A queue manager attaches one of the queue's gold items to the current rubric version as a worked
 * example. `item` is its transcript id or external id (the gold page sends the transcript id; the
 * rubric page lets them type either). Whether the item qualifies is checked on the server.
 */
export const addWorkedExampleInput = z.strictObject({
  queueId: recordId("The queue"),
  item: z
    .string({ error: "Name the item: its transcript id or external id." })
    .trim()
    .min(1, "Name the item: its transcript id or external id.")
    .max(200, "That item id is too long."),
  explanation: z
    .string({ error: "Write why this item gets its label." })
    .trim()
    .min(1, "Write why this item gets its label.")
    .max(EXPLANATION_MAX, `Keep the explanation under ${EXPLANATION_MAX.toLocaleString("en")} characters.`),
});
export type AddWorkedExampleInput = z.output<typeof addWorkedExampleInput>;

export const removeWorkedExampleInput = z.strictObject({ queueId: recordId("The queue"), exampleId: recordId("The example") });
export type RemoveWorkedExampleInput = z.output<typeof removeWorkedExampleInput>;
