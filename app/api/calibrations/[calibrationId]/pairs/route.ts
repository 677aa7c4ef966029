import { apiRoute, jsonError } from "@/lib/auth/api";
import { getCalibration, statsOf } from "@/lib/db/calibrations";
import { pairsCsv } from "@/lib/judges/format";

/** GET /api/calibrations/:id/pairs: exactly the (judge, human) pairs behind a calibration, as CSV. */
export const GET = apiRoute<{ calibrationId: string }>("read", async (_request, { params }) => {
  const calibration = await getCalibration(params.calibrationId);
  if (!calibration) return jsonError(404, "No such calibration.");
  return new Response(pairsCsv(statsOf(calibration).pairs), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="calibration-${calibration.id}.csv"`,
    },
  });
});
