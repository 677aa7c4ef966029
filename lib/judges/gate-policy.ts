import { z } from "zod";

/**
 * The judge gate's policy: the bars a calibration must clear (lib/judges/gate.ts evaluates them), the
 * grace period of a stale approval and the canary re-check. Stored as a setting (lib/db/gate-policy.ts).
 */
const optionalRate = (name: string) =>
  z.number().min(0, `${name} must be between 0 and 1`).max(1, `${name} must be between 0 and 1`).nullable().default(null);

export const gatePolicySchema = z
  .object({
    minKappa: z.number().min(-1, "minKappa must be between -1 and 1").max(1, "minKappa must be between -1 and 1").default(0.6),
    minItems: z.int("minItems must be a whole number").min(2, "minItems must be at least 2").default(30),
    minPerClass: z.int("minPerClass must be a whole number").min(1, "minPerClass must be at least 1").default(10),
    /** Hold the lower bound of the stored 95% interval (Wald; the bootstrap for a weighted calibration) to minKappa instead of the point value. */
    useKappaLowerBound: z.boolean().default(false),
    /** Approval needs every gold item to have ≥ 2 independent human labels or an adjudicated one (a judge is tied to its humans). */
    requireTwoHumans: z.boolean().default(true),
    minTpr: optionalRate("minTpr"),
    minTnr: optionalRate("minTnr"),
    maxFlipRate: optionalRate("maxFlipRate"),
    /** A stale version that cannot be recalibrated (no key, no recording) keeps gating this many days. */
    graceDays: z
      .int("graceDays must be a whole number")
      .min(0, "graceDays must be 0 or more")
      .max(365, "graceDays must be at most 365")
      .default(7),
    /** Canary re-check before a run: this many items of the bound gold test set, stratified by class; 0 turns it off. */
    canaryItems: z
      .int("canaryItems must be a whole number")
      .min(0, "canaryItems must be 0 or more")
      .max(500, "canaryItems must be at most 500")
      .default(20),
    /** A passed canary holds this long, unless the provider's fingerprint changes. */
    canaryCacheHours: z
      .number()
      .min(0, "canaryCacheHours must be 0 or more")
      .max(24 * 90, "canaryCacheHours must be at most 2160")
      .default(24),
    /** The canary fails when more than this share of its verdicts differ from the approved calibration's. */
    canaryMaxFlipRate: z
      .number()
      .min(0, "canaryMaxFlipRate must be between 0 and 1")
      .max(1, "canaryMaxFlipRate must be between 0 and 1")
      .default(0.2),
  })
  .strict();

export type GatePolicy = z.output<typeof gatePolicySchema>;
export const DEFAULT_GATE_POLICY: GatePolicy = gatePolicySchema.parse({});
