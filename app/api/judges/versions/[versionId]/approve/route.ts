import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/auth/api";
import { approveJudgeVersion } from "@/lib/db/approvals";

/**
 * POST /api/judges/versions/:id/approve (admin): approves the version after re-checking every gate
 * rule on the server. 409 naming the failing rules when any does not hold.
 */
export const POST = apiRoute<{ versionId: string }>("judges:approve", async (_request, { user, params }) => {
  const approval = await approveJudgeVersion(params.versionId, user.id);
  return NextResponse.json({ approval: { id: approval.id, versionHash: approval.versionHash, calibrationId: approval.calibrationId } }, { status: 201 });
});
