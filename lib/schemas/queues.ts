import { z } from "zod";
import { DEFAULT_ITEM_KIND, ITEM_KINDS, itemKind, itemKindChoices } from "../items/kinds";
import { DEFAULT_PRIMARY_NAME, dimensionListErrors, extraDimension, parseDimensionText } from "./dimensions";

/**
 * Creating a label queue: from the /label/new form (strings), the CLI and tests. Empty optional
 * fields become undefined; numbers are coerced; every rule is checked on the field it is about.
 */
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const asList = (v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v.filter((x) => x !== "") : [v]);

export const QUEUE_SOURCES = ["run", "import", "source"] as const;
export type QueueSource = (typeof QUEUE_SOURCES)[number];

export const createQueueInput = z
  .object({
    name: z
      .string({ error: "Name the queue." })
      .trim()
      .min(2, "Use at least 2 characters for the name.")
      .max(100, "Use at most 100 characters for the name."),
    description: z.preprocess(blank, z.string().trim().max(1000, "Keep the description under 1000 characters.").optional()),
    kind: z.enum(ITEM_KINDS, { error: `Choose ${itemKindChoices()}.` }).default(DEFAULT_ITEM_KIND),
    rubric: z
      .string({ error: "Write the rubric reviewers label against." })
      .trim()
      .min(1, "Write the rubric reviewers label against.")
      .max(20_000),
    scaleMin: z.preprocess(
      blank,
      z.coerce.number({ error: "The scale's lowest score must be a number." }).int("Use whole numbers for the scale.").optional(),
    ),
    scaleMax: z.preprocess(
      blank,
      z.coerce.number({ error: "The scale's highest score must be a number." }).int("Use whole numbers for the scale.").optional(),
    ),
    /** The name of the primary dimension (the kind's pass/fail, A/B or score). */
    primaryDimension: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .regex(
          /^[A-Za-z][A-Za-z0-9 _-]{0,39}$/,
          "The primary dimension's name starts with a letter and has at most 40 letters, digits, spaces, - or _.",
        )
        .default(DEFAULT_PRIMARY_NAME),
    ),
    /** Further dimensions: the form's one-per-line text, or a list (CLI, tests). */
    dimensions: z
      .preprocess((v, ctx) => {
        if (v === undefined || v === null) return [];
        if (typeof v !== "string") return v;
        const parsed = parseDimensionText(v);
        if (parsed.ok) return parsed.dimensions;
        for (const message of parsed.errors) ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }, z.array(extraDimension))
      .default([]),
    reviewersPerItem: z.preprocess(
      blank,
      z.coerce
        .number({ error: "Reviewers per item must be a number." })
        .int("Reviewers per item must be a whole number.")
        .min(1, "At least 1 reviewer per item.")
        .max(10, "At most 10 reviewers per item.")
        .default(1),
    ),
    testFraction: z.preprocess(
      blank,
      z.coerce
        .number({ error: "The test share must be a number from 0 to 1." })
        .min(0, "The test share must be from 0 to 1.")
        .max(1, "The test share must be from 0 to 1.")
        .default(0.5),
    ),
    reviewerIds: z.preprocess(asList, z.array(z.string().min(1))).default([]),
    source: z.enum(QUEUE_SOURCES, { error: "Choose where the items come from: a run, an import, or every transcript of a source." }),
    runId: z.preprocess(blank, z.string().optional()),
    /** Share of passing trials to include as well (every trial that did not pass is included). */
    passSample: z.preprocess(
      blank,
      z.coerce
        .number({ error: "The pass sample must be a number from 0 to 1." })
        .min(0, "The pass sample must be from 0 to 1.")
        .max(1, "The pass sample must be from 0 to 1.")
        .default(0.1),
    ),
    sampleSeed: z.preprocess(
      blank,
      z.coerce.number({ error: "The seed must be a whole number." }).int("The seed must be a whole number.").default(1),
    ),
    importId: z.preprocess(blank, z.string().optional()),
    transcriptSource: z.preprocess(blank, z.string().trim().optional()),
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (input.source === "run" && !input.runId) issue("runId", "Choose the run whose trials to label.");
    if (input.source === "import" && !input.importId) issue("importId", "Choose the import whose transcripts to label.");
    if (input.source === "source" && !input.transcriptSource) issue("transcriptSource", "Choose the source (jsonl, otel, run, ...).");
    if (input.source === "run" && !itemKind(input.kind).labelsTrials)
      issue(
        "kind",
        `Trials of a run are labeled pass or fail: use a ${ITEM_KINDS.filter((k) => itemKind(k).labelsTrials).join(" or ")} queue.`,
      );
    const hasScale = input.scaleMin !== undefined || input.scaleMax !== undefined;
    if (hasScale && itemKind(input.kind).fixedValues !== null) issue("scaleMin", "A scale belongs to graded queues only.");
    if (hasScale && (input.scaleMin === undefined || input.scaleMax === undefined))
      issue(input.scaleMin === undefined ? "scaleMin" : "scaleMax", "Give both ends of the scale, or neither.");
    if (input.scaleMin !== undefined && input.scaleMax !== undefined && input.scaleMin >= input.scaleMax)
      issue("scaleMax", "The highest score must be above the lowest.");
    for (const message of dimensionListErrors(input.dimensions, input.primaryDimension)) issue("dimensions", message);
  });

export type CreateQueueInput = z.output<typeof createQueueInput>;
export type CreateQueueFields = z.input<typeof createQueueInput>;
