import "server-only";
import { approvalState } from "../db/approvals";
import { getCalibration } from "../db/calibrations";
import { correctedPassRate, type CorrectedPassRate } from "./correction";

/**
 * For the run report: a run's judge pass rate read through its judge. Only an approved judge (whose
 * gate still holds) has measured error rates worth correcting with; otherwise null and the reason.
 * The TPR and TNR come from the calibration the gate used (the newest on the test split).
 */
export async function runPassRateThroughJudge(
  judgeVersionId: string,
  counts: { passed: number; scored: number },
): Promise<{ approved: boolean; reason: string; correction: CorrectedPassRate | null }> {
  const state = await approvalState(judgeVersionId);
  if (!state.approved || !state.gate.calibrationId) return { approved: false, reason: state.reason, correction: null };
  const calibration = await getCalibration(state.gate.calibrationId);
  if (!calibration) return { approved: false, reason: "its calibration is gone", correction: null };
  return {
    approved: true,
    reason: state.reason,
    correction: correctedPassRate({ ...counts, tpr: calibration.tpr, tnr: calibration.tnr, calibrationId: calibration.id, calibrationN: calibration.n }),
  };
}
