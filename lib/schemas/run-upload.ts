import { z } from "zod";

/**
 * What `gavel run --server` sends: the run (with its suite version), its trials in batches, then its
 * summary. The server stores them as the CLI's own database would, and evaluates the baseline gates
 * against its history.
 */

export const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const hash = z.string().regex(/^[0-9a-f]{64}$/, "a sha256 in hex");
const verdict = z.enum(["pass", "fail", "skipped", "error"]);

export const RunCreateSchema = z.strictObject({
  id: z.string().regex(RUN_ID, "letters, digits, '.', '_' and '-'"),
  suite: z.strictObject({
    name: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/),
    description: z.string().nullable(),
    hash,
    definition: z.record(z.string(), z.unknown()),
    tasks: z
      .array(
        z.strictObject({
          key: z.string().min(1).max(200),
          contractHash: hash,
          prompt: z.string(),
          category: z.string().nullable(),
          difficulty: z.string().nullable(),
          definition: z.unknown(),
          tags: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
        }),
      )
      .min(1)
      .max(100_000),
  }),
  agentSpec: z.string().min(1).max(2000),
  source: z.strictObject({
    // Null: nothing named the agent, so the run is never a baseline and has none.
    agentLabel: z.string().min(1).max(200).nullable(),
    commit: z.string().max(200).nullable(),
    branch: z.string().max(300).nullable(),
    ciJob: z.string().max(2000).nullable(),
    defaultBranch: z.string().min(1).max(300),
    onDefaultBranch: z.boolean(),
  }),
  trialsPerTask: z.int().min(1).max(1000),
  concurrency: z.int().min(1).max(1024),
  threshold: z.number().min(0).max(1),
  startedAt: z.iso.datetime(),
  baseline: z.union([z.literal("auto"), z.literal("none"), z.strictObject({ runId: z.string().regex(RUN_ID) })]),
});
export type RunCreate = z.infer<typeof RunCreateSchema>;

export const TrialUploadSchema = z.strictObject({
  taskId: z.string().min(1).max(200),
  trialIndex: z.int().min(0),
  verdict,
  score: z.number().min(0).max(1).nullable(),
  output: z.string().nullable(),
  trajectory: z.array(z.unknown()),
  finalState: z.unknown(),
  costUsd: z.number().min(0).nullable(),
  latencyMs: z.number().min(0),
  error: z.string().nullable(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  graders: z.array(
    z.strictObject({
      position: z.int().min(0),
      kind: z.string().min(1),
      config: z.unknown(),
      status: verdict,
      score: z.number().nullable(),
      reason: z.string(),
      shadow: z.boolean(),
      judgeVersionId: z.string().nullable(),
    }),
  ),
});

/** A batch of trials; an empty batch is a heartbeat. */
export const TrialBatchSchema = z.strictObject({ trials: z.array(TrialUploadSchema).max(1000) });

export const RunFinishSchema = z.strictObject({
  finishedAt: z.iso.datetime(),
  /** The run summary as the CLI computed it (counts, metrics, threshold and hard gates); the server adds the baseline gates. */
  summary: z.looseObject({
    gates: z.array(z.looseObject({ kind: z.string(), id: z.string(), status: z.string() })),
    metrics: z.looseObject({ k: z.int() }),
    passRate: z.number().nullable(),
    scored: z.int(),
    passed: z.int(),
    skipped: z.int(),
    errors: z.int(),
    flakyTasks: z.array(z.string()),
    costUsd: z.number().nullable(),
    latencyP50Ms: z.number().nullable(),
    latencyP95Ms: z.number().nullable(),
  }),
  gatesConfig: z.looseObject({ hard: z.array(z.unknown()) }),
  judge: z.unknown(),
  taskOrder: z.array(z.string()),
  tasks: z.record(z.string(), z.looseObject({ status: z.enum(["pass", "fail", "flaky", "skipped", "error"]), n: z.int(), c: z.int() })),
});
export type RunFinish = z.infer<typeof RunFinishSchema>;

export const RunStopSchema = z.strictObject({ status: z.enum(["interrupted", "error"]), message: z.string().max(2000) });
