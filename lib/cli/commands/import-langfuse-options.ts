import { z } from "zod";

/** The flags of `gavel import langfuse` (import-langfuse.ts), parsed; the import itself (import-langfuse-actions.ts) reads them. */
const date = (flag: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      const at = /^\d{4}-\d{2}-\d{2}/.test(v) ? new Date(v) : new Date(NaN);
      if (Number.isNaN(at.getTime())) {
        ctx.addIssue({ code: "custom", message: `${flag} "${v}" is not a date (ISO 8601, e.g. 2026-11-01 or 2026-11-01T09:00:00Z)` });
        return z.NEVER;
      }
      return at;
    });

export const importLangfuseOptions = z
  .object({
    host: z.string({ error: "--host is required (or set LANGFUSE_HOST)" }).trim().min(1, "--host needs a URL"),
    since: date("--since"),
    until: date("--until").optional(),
    tags: z
      .array(z.string())
      .default([])
      .transform((list) => [
        ...new Set(
          list
            .flatMap((t) => t.split(","))
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      ]),
    queue: z.string().trim().min(1, "--queue needs a queue name").optional(),
    rubric: z.string().trim().min(1).optional(),
    labelScore: z.string().trim().min(1, "--label-score needs a score name").optional(),
    labelPassWhen: z.string().optional(),
    score: z.string().optional(),
    passWhen: z.string().optional(),
    judge: z.string().optional(),
    scoreMap: z.string().trim().min(1).optional(),
    map: z.array(z.string()).default([]),
    mapFile: z.string().trim().min(1).optional(),
    pageSize: z.coerce
      .number({ error: "--page-size must be a number" })
      .int("--page-size must be a whole number")
      .min(1, "--page-size must be 1 to 100")
      .max(100, "--page-size must be 1 to 100")
      .default(50),
    fromStart: z.boolean().default(false),
    json: z.boolean().default(false),
  })
  .superRefine((o, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: "custom", message });
    if (o.until && o.until <= o.since) fail("--until must be after --since");
    if (o.labelScore && !o.queue) fail("--label-score puts labels into a queue: give --queue too");
    if (o.labelScore && !o.labelPassWhen && o.map.length === 0 && !o.mapFile)
      fail(
        `--label-score ${o.labelScore} needs a mapping: --label-pass-when ">=0.5" for numbers, or --map VALUE=pass / --map-file for categories`,
      );
    if (!o.labelScore && (o.labelPassWhen || o.map.length || o.mapFile))
      fail("--label-pass-when, --map and --map-file apply to --label-score: name the score");
    if (o.scoreMap && (o.score || o.passWhen)) fail("give --score-map or --score with --pass-when, not both");
  });

export type ImportLangfuseOptions = z.infer<typeof importLangfuseOptions>;
