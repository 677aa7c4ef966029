import { z } from "zod";

/**
 * Fields the labeling forms share, so that a reviewer meets one wording for one mistake whichever
 * form they sent.
 */

/** The id of an object the form names (a queue, an item, a label): present, trimmed, and of an id's length. */
export const recordId = (what: string) =>
  z
    .string({ error: `${what} is missing.` })
    .trim()
    .min(1, `${what} is missing.`)
    .max(64, `${what} is too long.`);

/** A reviewer's optional reason: a blank one is no reason at all, not an empty string stored. */
export const optionalReason = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.string().trim().max(5_000, "Keep the reason under 5,000 characters.").optional(),
);
