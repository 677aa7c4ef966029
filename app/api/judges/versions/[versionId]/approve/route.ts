import { NextResponse } from "next/server";
import { apiRoute, jsonError, readJson } from "@/lib/auth/api";
import { approveJudgeVersion } from "@/lib/judging/approvals";
import { findLabelSet } from "@/lib/db/label-sets";
import { getJudgeVersion } from "@/lib/db/judges";
import { testReuseWarnings } from "@/lib/judging/test-reuse";
import { approveJudgeVersionBody } from "@/lib/schemas/judges";

/**
 * POST /api/judges/versions/:id/approve (admin), optionally with {"labelSet": "<name or id>"}
 * (default: the label set of the newest test calibration): approves the version on that label set
 * after re-checking every gate rule on the server. 409 naming the failing rules when any does not hold, when a gold
 * item rests on one reviewer, or when the κ bar is above the human ceiling and `confirmAboveCeiling` is not true.
 */
export const POST = apiRoute<{ versionId: string }>("judges:approve", async (request, { user, params }) => {
  const input = approveJudgeVersionBody.parse(
    request.headers.get("content-length") === "0" || !request.body ? {} : await readJson(request),
  );
  let queueId: string | null = null;
  if (input.labelSet) {
    const set = await findLabelSet(input.labelSet);
    if (!set) return jsonError(404, `No label set "${input.labelSet}".`);
    queueId = set.id;
  }
  const approval = await approveJudgeVersion(params.versionId, user.id, { queueId, confirmAboveCeiling: input.confirmAboveCeiling });
  const version = await getJudgeVersion(params.versionId);
  // Approved all the same: the warning says the test split has been looked at often enough to overfit it.
  const warnings = version ? await testReuseWarnings(version.judge, approval.queueId) : [];
  return NextResponse.json(
    {
      approval: {
        id: approval.id,
        versionHash: approval.versionHash,
        labelSetId: approval.queueId,
        goldVersion: approval.goldVersion,
        calibrationId: approval.calibrationId,
        fingerprint: approval.fingerprint,
      },
      warnings,
    },
    { status: 201 },
  );
});
