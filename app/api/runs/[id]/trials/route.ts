import { NextResponse } from "next/server";
import { apiRoute, readJson } from "@/lib/auth/api";
import { storeUploadedTrials } from "@/lib/db/run-upload";
import { TrialBatchSchema } from "@/lib/schemas/run-upload";

/**
 * POST /api/runs/<id>/trials {trials: [...]}: a batch of finished trials of a running run of yours
 * (sent again, a trial replaces itself); an empty batch is a heartbeat.
 */
export const POST = apiRoute<{ id: string }>(
  "runs:write",
  async (request, { user, params }) => {
    const batch = TrialBatchSchema.parse(await readJson(request));
    const stored = await storeUploadedTrials(params.id, batch, user);
    return NextResponse.json({ stored });
  },
  { tokens: ["runs:write"] },
);
