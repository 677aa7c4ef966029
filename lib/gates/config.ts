import { z } from "zod";
import { GRADER_KINDS } from "@/graders/registry";

/**
 * The `gates:` section of suite.yaml (docs/runner.md, "Gates"). Three kinds beside the pass-rate
 * threshold: hard gates (selected graders or tagged tasks pass 100%), operational gates against
 * the median of recent comparable runs, and trend gates against the previous comparable run.
 * Operational and trend gates are on by default; `false` turns a gate or a whole kind off.
 */

const tagValue = z.union([z.string(), z.number(), z.boolean()]);
const share = z.number().min(0, "a share in [0, 1]").max(1, "a share in [0, 1]");

export const HardGateSchema = z
  .strictObject({
    name: z.string().min(1).optional(),
    /** Tasks carrying every one of these tags (all tasks when absent). */
    tags: z.record(z.string(), tagValue).optional(),
    /** These graders' verdicts must all pass (the trials' verdicts when absent). */
    graders: z
      .array(z.enum(GRADER_KINDS, { error: `a grader kind (${GRADER_KINDS.join(", ")})` }))
      .min(1)
      .optional(),
  })
  .refine((g) => g.tags !== undefined || g.graders !== undefined, { error: "a hard gate names tags, graders or both" });

const CostSchema = z.strictObject({ max_increase: z.number().min(0).default(0.2), max_usd: z.number().positive().optional() });
const LatencySchema = z.strictObject({
  max_increase: z.number().min(0).default(0.25),
  max_ms: z.number().positive().optional(),
  min_delta_ms: z.number().min(0).default(100),
});
const RetriesSchema = z.strictObject({ max: z.int().min(0).default(2) });
const FlakeSchema = z.strictObject({ max_increase: share.default(0.05), max: share.optional() });
const off = <T extends z.ZodType>(schema: T) => z.union([z.literal(false), schema]).optional();

export const OperationalSchema = z.union([
  z.literal(false),
  z.strictObject({
    /** How many recent comparable runs the median is taken over. */
    window: z.int().min(1).max(100).default(10),
    cost_p50: off(CostSchema),
    latency_p95: off(LatencySchema),
    tool_retries: off(RetriesSchema),
    flake_rate: off(FlakeSchema),
  }),
]);

export const TREND_FAMILIES = ["pass_rate", "pass_power_k", "graders", "tags"] as const;

export const TrendSchema = z.union([
  z.literal(false),
  z.strictObject({
    /** A tracked metric may fall at most this much (0.05 = 5 points) against the previous comparable run. */
    margin: share.default(0.05),
    metrics: z
      .array(z.enum(TREND_FAMILIES))
      .min(1)
      .default([...TREND_FAMILIES]),
  }),
]);

export const GatesSchema = z.strictObject({
  hard: z.array(HardGateSchema).default([]),
  operational: OperationalSchema.optional(),
  trend: TrendSchema.optional(),
});

export type HardGate = z.output<typeof HardGateSchema>;

export interface GateConfig {
  hard: (HardGate & { name: string })[];
  operational: {
    window: number;
    costP50: { maxIncrease: number; maxUsd: number | null } | null;
    latencyP95: { maxIncrease: number; maxMs: number | null; minDeltaMs: number } | null;
    toolRetries: { max: number } | null;
    flakeRate: { maxIncrease: number; max: number | null } | null;
  } | null;
  trend: { margin: number; metrics: (typeof TREND_FAMILIES)[number][] } | null;
}

function hardName(gate: HardGate, index: number): string {
  if (gate.name) return gate.name;
  const tags = gate.tags
    ? Object.entries(gate.tags)
        .map(([k, v]) => `${k}=${v}`)
        .join(",")
    : "all tasks";
  return gate.graders ? `${tags}: ${gate.graders.join(", ")}` : tags || `hard ${index + 1}`;
}

/** The parsed `gates:` section with every default filled in (undefined section = all defaults). */
export function resolveGates(raw: z.output<typeof GatesSchema> | undefined): GateConfig {
  const parsed = raw ?? GatesSchema.parse({});
  const op = parsed.operational === undefined ? OperationalSchema.parse({}) : parsed.operational;
  const part = <T, R>(value: T | false | undefined, fallback: () => T, map: (v: T) => R): R | null =>
    value === false ? null : map(value ?? fallback());
  const trend = parsed.trend === undefined ? TrendSchema.parse({}) : parsed.trend;
  return {
    hard: parsed.hard.map((g, i) => ({ ...g, name: hardName(g, i) })),
    operational:
      op === false
        ? null
        : {
            window: op.window,
            costP50: part(
              op.cost_p50,
              () => CostSchema.parse({}),
              (v) => ({ maxIncrease: v.max_increase, maxUsd: v.max_usd ?? null }),
            ),
            latencyP95: part(
              op.latency_p95,
              () => LatencySchema.parse({}),
              (v) => ({ maxIncrease: v.max_increase, maxMs: v.max_ms ?? null, minDeltaMs: v.min_delta_ms }),
            ),
            toolRetries: part(
              op.tool_retries,
              () => RetriesSchema.parse({}),
              (v) => ({ max: v.max }),
            ),
            flakeRate: part(
              op.flake_rate,
              () => FlakeSchema.parse({}),
              (v) => ({ maxIncrease: v.max_increase, max: v.max ?? null }),
            ),
          },
    trend: trend === false ? null : { margin: trend.margin, metrics: trend.metrics },
  };
}

export const DEFAULT_GATES: GateConfig = resolveGates(undefined);
