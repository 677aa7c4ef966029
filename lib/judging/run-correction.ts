import "server-only";
import { getCalibration } from "../db/calibrations";
import { correctedPassRate, type CorrectedPassRate } from "../judges/correction";

/**
 * For the run report: a run's judge pass rate read through its judge, as the judge stood when the
 * run started. Only a judge that gated then has measured error rates worth correcting with;
 * otherwise null and the reason. The TPR and TNR come from the calibration the run recorded.
 */
export async function runPassRateThroughJudge(
  atRunTime: { state: string | null; calibrationId: string | null },
  counts: { passed: number; scored: number },
): Promise<{ approved: boolean; reason: string; correction: CorrectedPassRate | null }> {
  if (atRunTime.state === null) return { approved: false, reason: "the run did not record its judge's state", correction: null };
  // A run records the calibration only when its judge gated (gating, or stale within its grace period).
  if (!atRunTime.calibrationId)
    return { approved: false, reason: `it was ${atRunTime.state}, not gating, when the run started`, correction: null };
  const calibration = await getCalibration(atRunTime.calibrationId);
  if (!calibration) return { approved: false, reason: "its calibration is gone", correction: null };
  return {
    approved: true,
    reason: `${atRunTime.state} when the run started`,
    correction: correctedPassRate({
      ...counts,
      tpr: calibration.tpr,
      tnr: calibration.tnr,
      calibrationId: calibration.id,
      calibrationN: calibration.n,
    }),
  };
}
