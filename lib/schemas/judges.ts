import { z } from "zod";
import { gatePolicySchema, type GatePolicy } from "../judges/gate";
import { templateProblems } from "../judges/template";
import { specParams } from "../judges/request";
import { JUDGE_PARSERS } from "../judges/version";
import { isRecordedProvider, JUDGE_PROVIDER_NAMES, providerList } from "../providers/registry";

/**
 * Forms and route bodies for judges. Form fields arrive as strings: empty optional fields become
 * null, numbers are coerced, and a template that names an unknown variable (or never shows the
 * judge what to grade) is refused on the template field.
 */
const emptyToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

export const judgeSpecFields = z
  .object({
    provider: z.enum(JUDGE_PROVIDER_NAMES, { error: `Choose a provider: ${providerList(true)}.` }),
    model: z.string({ error: "Name the pinned model id." }).trim().min(1, "Name the pinned model id, e.g. gpt-4o-2024-08-06.").max(200),
    baseUrl: z
      .preprocess(emptyToNull, z.url({ error: "Base URL must be a URL such as http://127.0.0.1:11434/v1" }).nullable())
      .default(null),
    promptTemplate: z.string({ error: "Write the prompt template." }).min(1, "Write the prompt template.").max(50_000),
    parser: z.enum(JUDGE_PARSERS, { error: "Choose an output parser." }),
    temperature: z.coerce
      .number({ error: "Temperature must be a number." })
      .min(0, "Temperature must be between 0 and 2.")
      .max(2, "Temperature must be between 0 and 2.")
      .default(0),
    maxTokens: z.coerce
      .number({ error: "Max tokens must be a number." })
      .int("Max tokens must be a whole number.")
      .min(1, "Max tokens must be at least 1.")
      .max(32_768, "Max tokens must be at most 32768.")
      .default(512),
    seed: z.preprocess(emptyToNull, z.coerce.number().int("Seed must be a whole number.").nullable()).default(null),
    /** A checkbox: "on" when ticked, absent when not. */
    structuredOutput: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).default(false),
    apiKeyEnv: z
      .preprocess(
        emptyToNull,
        z
          .string()
          .trim()
          .regex(
            /^[A-Z][A-Z0-9_]*_API_KEY$/,
            "Name an environment variable ending in _API_KEY, e.g. GROQ_API_KEY (the key itself is never stored).",
          )
          .nullable(),
      )
      .default(null),
  })
  .superRefine((value, ctx) => {
    for (const message of templateProblems(value.promptTemplate, value.parser))
      ctx.addIssue({ code: "custom", path: ["promptTemplate"], message });
  });

export type JudgeSpecFields = z.output<typeof judgeSpecFields>;

/** The version spec (lib/judges/version.ts) from form fields; a replay judge has no endpoint. */
export function specFromFields(fields: JudgeSpecFields) {
  return {
    provider: fields.provider,
    model: fields.model,
    baseUrl: isRecordedProvider(fields.provider) ? null : fields.baseUrl,
    promptTemplate: fields.promptTemplate,
    params: specParams(fields),
    parser: fields.parser,
  };
}

export const createJudgeInput = z.intersection(
  judgeSpecFields,
  z.object({
    name: z
      .string({ error: "Name the judge." })
      .trim()
      .min(2, "Use at least 2 characters for the name.")
      .max(80, "Use at most 80 characters for the name.")
      .regex(/^[a-z0-9][a-z0-9._-]*$/, "Use lowercase letters, digits, dots, dashes and underscores, e.g. refund-correctness."),
    description: z.preprocess(emptyToNull, z.string().trim().max(500).nullable()).default(null),
  }),
);

export const cloneVersionInput = z.intersection(
  judgeSpecFields,
  z.object({
    parentId: z.string().min(1, "Missing version id."),
    note: z.preprocess(emptyToNull, z.string().trim().max(300).nullable()).default(null),
  }),
);

export const newModelInput = z.object({
  versionId: z.string().min(1, "Missing version id."),
  model: z.string({ error: "Name the new model id." }).trim().min(1, "Name the new model id, e.g. gpt-4o-2024-11-20.").max(200),
  queueId: z.preprocess(emptyToNull, z.string().nullable()).default(null),
});

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const runJudgeInput = z.object({
  versionId: z.string().min(1, "Missing version id."),
  queueId: z.string({ error: "Choose a label set." }).min(1, "Choose a label set."),
  split: z.enum(["dev", "test", "both"], { error: "Choose dev, test or both." }),
  repeats: z.coerce
    .number()
    .int("Repeats must be a whole number.")
    .min(1, "Repeats must be from 1 to 5.")
    .max(5, "Repeats must be from 1 to 5.")
    .default(1),
  bothOrders: checkbox.default(false),
});

export const compareRunInput = z.object({
  baseId: z.string().min(1),
  candidateId: z.string().min(1),
  queueId: z.string({ error: "Choose a label set." }).min(1, "Choose a label set."),
});

export const versionIdInput = z.object({ versionId: z.string().min(1, "Missing version id.") });

export const revokeInput = z.object({
  versionId: z.string().min(1, "Missing version id."),
  reason: z.preprocess(emptyToNull, z.string().trim().max(500, "Keep the reason under 500 characters.").nullable()).default(null),
});

/** Approve on one label set (the newest test calibration's when none is named). */
export const approveInput = z.object({
  versionId: z.string().min(1, "Missing version id."),
  queueId: z.preprocess(emptyToNull, z.string().nullable()).default(null),
  /** The admin saw that the κ bar is above the humans' own agreement and approves anyway (audited). */
  confirmAboveCeiling: checkbox.default(false),
});

const optionalRateField = (name: string) =>
  z.preprocess((v) => (v === "" || v === undefined ? null : v), z.coerce.number({ error: `${name} must be a number.` }).nullable());

/** Left empty, the policy's default applies. */
const defaultedNumberField = (name: string) =>
  z.preprocess((v) => (v === "" || v === undefined ? undefined : v), z.coerce.number({ error: `${name} must be a number.` }).optional());

/** The gate policy form: numbers as text, optional rules empty when off. */
export const gatePolicyForm = z
  .object({
    minKappa: z.coerce.number({ error: "Minimum kappa must be a number." }),
    minItems: z.coerce.number({ error: "Minimum items must be a number." }),
    minPerClass: z.coerce.number({ error: "Minimum per class must be a number." }),
    useKappaLowerBound: checkbox.default(false),
    requireTwoHumans: checkbox.default(false),
    minTpr: optionalRateField("Minimum TPR"),
    minTnr: optionalRateField("Minimum TNR"),
    maxFlipRate: optionalRateField("Maximum flip rate"),
    graceDays: defaultedNumberField("Grace period"),
    canaryItems: defaultedNumberField("Canary items"),
    canaryCacheHours: defaultedNumberField("Canary hours"),
    canaryMaxFlipRate: defaultedNumberField("Canary maximum flip rate"),
  })
  // The form's output is exactly the policy's input with every field present.
  .pipe(gatePolicySchema as unknown as z.ZodType<GatePolicy, GatePolicy>);

/** POST /api/judges/versions/:id/approve: the label set to approve on (default: the newest test calibration's). */
export const approveJudgeVersionBody = z
  .object({
    labelSet: z.string().trim().min(1, "labelSet names a label set (its name or id).").optional(),
    /** Approve although the κ bar is above the human ceiling (audited). */
    confirmAboveCeiling: z.boolean().optional(),
  })
  .strict();
