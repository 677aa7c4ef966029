import { z } from "zod";

/**
 * The judge workbench's form: a draft of a version (prompt, params, worked examples) to re-run on the dev split or
 * save. Fields arrive as strings; the examples are every ticked dev item (none ticked: no examples).
 */
const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((s) => s.trim() !== ""));

export const workbenchDraftInput = z.object({
  versionId: z.string().min(1, "Missing version id."),
  queueId: z.string({ error: "Choose a label set." }).min(1, "Choose a label set."),
  // A browser submits a textarea with CRLF line ends (HTML's form encoding): the same prompt typed on the page and
  // read from a file by `gavel judge try` must be one prompt, one hash.
  promptTemplate: z
    .string({ error: "Write the prompt template." })
    .transform((v) => v.replace(/\r\n?/g, "\n"))
    .pipe(z.string().min(1, "Write the prompt template.").max(50_000)),
  temperature: z.coerce
    .number({ error: "Temperature must be a number." })
    .min(0, "Temperature must be between 0 and 2.")
    .max(2, "Temperature must be between 0 and 2."),
  maxTokens: z.coerce
    .number({ error: "Max tokens must be a number." })
    .int("Max tokens must be a whole number.")
    .positive("Max tokens must be positive.")
    .max(32_768, "Max tokens is at most 32768."),
  seed: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z.coerce.number({ error: "Seed must be a whole number." }).int("Seed must be a whole number.").nullable(),
  ),
  examples: list,
  subset: z.enum(["all", "misaligned"], { error: "Re-run all dev items or the misaligned ones." }).default("all"),
  note: z.string().max(500).optional(),
});

export type WorkbenchDraftInput = z.output<typeof workbenchDraftInput>;

/** The workbench's "Improve automatically" form: how many candidates, the most it may spend, the seed. */
export const improveInput = z.object({
  versionId: z.string().min(1, "Missing version id."),
  queueId: z.string({ error: "Choose a label set." }).min(1, "Choose a label set."),
  candidates: z.coerce
    .number({ error: "Candidates must be a whole number." })
    .int("Candidates must be a whole number.")
    .min(1, "Ask for 1 to 10 candidates.")
    .max(10, "Ask for 1 to 10 candidates."),
  budget: z.coerce.number({ error: "The budget is an amount in USD." }).min(0, "The budget cannot be negative."),
  seed: z.coerce.number({ error: "Seed must be a whole number." }).int("Seed must be a whole number.").default(0),
});

export type ImproveInput = z.output<typeof improveInput>;
