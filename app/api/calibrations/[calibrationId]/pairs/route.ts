import { apiRoute, jsonError } from "@/lib/auth/api";
import { getCalibration, visiblePairs } from "@/lib/db/calibrations";
import { pairsCsv } from "@/lib/judges/format";

/**
 * GET /api/calibrations/:id/pairs: exactly the (judge, human) pairs behind a calibration, as CSV,
 * less the items the caller may still label (blind review; X-Gavel-Hidden-Pairs counts them).
 */
export const GET = apiRoute<{ calibrationId: string }>("read", async (_request, { user, params }) => {
  const calibration = await getCalibration(params.calibrationId);
  if (!calibration) return jsonError(404, "No such calibration.");
  const { pairs, hidden } = await visiblePairs(user, calibration);
  return new Response(pairsCsv(pairs), {
    headers: {
      "x-gavel-hidden-pairs": String(hidden),
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="calibration-${calibration.id}.csv"`,
    },
  });
});
