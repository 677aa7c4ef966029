import { roganGladen } from "../stats";

/**
 * A run's pass rate read through its judge: the raw share of scored trials the judge passed, and
 * that share corrected for the judge's measured TPR and TNR (Rogan & Gladen 1978), with every input
 * shown. The correction needs a calibration with both rates defined and a judge better than chance.
 */
export interface CorrectionInputs {
  passed: number;
  /** Trials with a pass or fail verdict (skipped and errored trials are not scored). */
  scored: number;
  tpr: number | null;
  tnr: number | null;
  calibrationId: string | null;
  /** Items the calibration was computed on. */
  calibrationN: number | null;
}

export interface CorrectedPassRate {
  raw: number | null;
  corrected: number | null;
  clipped: boolean;
  /** Why corrected is null, in words; null when it is defined. */
  undefinedBecause: string | null;
  inputs: CorrectionInputs;
}

export function correctedPassRate(inputs: CorrectionInputs): CorrectedPassRate {
  if (!Number.isInteger(inputs.passed) || !Number.isInteger(inputs.scored) || inputs.passed < 0 || inputs.passed > inputs.scored) {
    throw new Error(`passed (${inputs.passed}) must be a whole number between 0 and scored (${inputs.scored}).`);
  }
  const raw = inputs.scored === 0 ? null : inputs.passed / inputs.scored;
  const result = (corrected: number | null, clipped: boolean, undefinedBecause: string | null): CorrectedPassRate => ({
    raw,
    corrected,
    clipped,
    undefinedBecause,
    inputs,
  });
  if (raw === null) return result(null, false, "no scored trials");
  if (inputs.tpr === null || inputs.tnr === null) return result(null, false, "the judge's calibration has no defined TPR and TNR");
  const { corrected, clipped } = roganGladen(raw, inputs.tpr, inputs.tnr);
  if (corrected === null) return result(null, false, "the judge is no better than chance (TPR + TNR ≤ 1)");
  return result(corrected, clipped, null);
}
