import { z } from "zod";
import { EXPORT_FORMATS } from "./export";

/** The options of a label export, shared by the route handler and `gavel labels export`. */
export const exportOptions = z.object({
  format: z.enum(EXPORT_FORMATS, { error: "format must be csv or jsonl" }).default("csv"),
  rubricVersion: z
    .string()
    .default("all")
    .transform((v, ctx): number | "current" | undefined => {
      if (v === "all") return undefined;
      if (v === "current") return "current";
      const n = Number(v);
      if (Number.isInteger(n) && n >= 1) return n;
      ctx.addIssue({ code: "custom", message: `rubric version must be all, current or a whole number from 1, got "${v}"` });
      return z.NEVER;
    }),
  /** Add each label's full transcript (messages, tool calls, final state): large, so only when asked. */
  transcript: z
    .union([z.boolean(), z.enum(["1", "0", "true", "false"], { error: "transcript must be 1, 0, true or false" })])
    .default(false)
    .transform((v) => v === true || v === "1" || v === "true"),
});
