import { z } from "zod";
import { EXPORT_FORMATS } from "./export";

/** The options of a label export, shared by the route handler and `gavel labels export`. */
export const exportOptions = z.object({
  format: z.enum(EXPORT_FORMATS, { error: "format must be csv or jsonl" }).default("csv"),
  rubricVersion: z
    .union([z.literal("current"), z.literal("all"), z.coerce.number().int("rubric version must be a whole number").min(1, "rubric version starts at 1")])
    .default("all")
    .transform((v) => (v === "all" ? undefined : v)),
});
