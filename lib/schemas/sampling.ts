import { z } from "zod";

/** "Label more for this judge": which version, which label set, and optionally how many (default: from the plan). */
export const labelMoreInput = z.object({
  versionId: z.string().min(1, "Missing version id."),
  queueId: z.string({ error: "Choose a label set." }).min(1, "Choose a label set."),
  size: z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? undefined : v),
    z.coerce
      .number({ error: "The number of items must be a number." })
      .int("The number of items must be a whole number.")
      .min(1, "Draw at least 1 item.")
      .max(2000, "Draw at most 2000 items at once.")
      .optional(),
  ),
});

/** Order a label set's dev split most-informative-first, by what this judge version's verdicts show. */
export const orderDevInput = z.object({
  versionId: z.string().min(1, "Missing version id."),
  queueId: z.string({ error: "Choose a label set." }).min(1, "Choose a label set."),
});
