import { z } from "zod";
import { GRADER_TASK_FIELDS } from "@/graders/registry";
import { GatesSchema } from "@/lib/gates/config";

/**
 * The suite format (datasets/<suite>/suite.yaml or suite.json). docs/runner.md describes every
 * field. Grader-owned fields (expected, must_include, assertions, ...) are typed by their grader's
 * config schema when the suite loads; here they are only allowed.
 */

export const TASK_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const SUITE_NAME = /^[a-z0-9][a-z0-9._-]*$/;

/** Budgets the runner enforces on every trial. */
export const StopConditionsSchema = z.strictObject({
  max_steps: z.int().min(1).optional(),
  max_cost_usd: z.number().positive().optional(),
  max_wall_clock_s: z.number().positive().max(3600).optional(),
});

export const DEFAULT_STOP = { max_steps: 20, max_wall_clock_s: 60 } as const;

export const GraderRefSchema = z.union([z.string().min(1), z.looseObject({ kind: z.string().min(1) })], {
  error: 'a grader is a kind ("exact") or an object with a kind ({ kind: rule, regex: ... })',
});

const tagValue = z.union([z.string(), z.number(), z.boolean()]);

const graderOwned = Object.fromEntries(
  GRADER_TASK_FIELDS.filter((f) => f !== "allowed_tools").map((f) => [f, z.unknown().optional()]),
) as Record<string, z.ZodOptional<z.ZodUnknown>>;

const taskFields = {
  prompt: z.string().min(1).optional(),
  inputs: z.record(z.string(), z.unknown()).optional(),
  /** The sandbox's starting state for this task (replaces the suite default). */
  seed: z.unknown().optional(),
  grader: GraderRefSchema.optional(),
  graders: z.array(GraderRefSchema).min(1).optional(),
  tags: z.looseObject({ category: z.string().optional(), difficulty: z.string().optional() }).catchall(tagValue).optional(),
  allowed_tools: z.array(z.string().min(1)).optional(),
  stop_conditions: StopConditionsSchema.optional(),
  description: z.string().optional(),
  ...graderOwned,
};

export const TaskSchema = z.strictObject({
  id: z.string({ error: "every task needs an id" }).regex(TASK_ID, "letters, digits, '.', '_' and '-' only"),
  ...taskFields,
});

/** Defaults apply to every task; objects (inputs, tags, stop_conditions, side_effects) merge key by key, the rest is replaced. */
export const DefaultsSchema = z.strictObject({ ...taskFields, prompt: z.never().optional() });

export const SuiteSchema = z.strictObject({
  name: z.string({ error: "the suite needs a name" }).regex(SUITE_NAME, "lower-case letters, digits, '.', '_' and '-' only"),
  description: z.string().optional(),
  /**
   * The agent's stable name (its label): runs are compared only with runs of the same label. Not
   * the agent spec, which changes with a file path or a model id while the agent stays the same.
   */
  agent: z
    .string({ error: "agent is the agent's name, such as refund-agent" })
    .trim()
    .min(1, "agent must not be empty")
    .max(200, "agent is at most 200 characters")
    .optional(),
  /** The gate: pass rate over scored trials must reach this. */
  threshold: z.number().min(0).max(1).default(1),
  /** "./sandbox.ts#exportName": the in-process sandbox for agent tasks, relative to the suite file. */
  sandbox: z
    .string()
    .regex(/^\.{1,2}\/[^#]+(#[A-Za-z_$][\w$]*)?$/, 'a relative module path such as "./sandbox.ts#refundSandbox"')
    .optional(),
  defaults: DefaultsSchema.optional(),
  /** Hard, operational and trend gates beside the threshold (docs/runner.md, "Gates"). */
  gates: GatesSchema.optional(),
  // Tasks are checked one by one so every error can name its task.
  tasks: z.array(z.unknown()).min(1, "a suite needs at least one task"),
});

export type RawTask = z.infer<typeof TaskSchema>;
export type RawSuite = z.infer<typeof SuiteSchema>;
