import { NextResponse } from "next/server";
import { apiRoute, readJson } from "@/lib/auth/api";
import { stopUploadedRun } from "@/lib/db/run-upload";
import { RunStopSchema } from "@/lib/schemas/run-upload";

/** POST /api/runs/<id>/stop {status: interrupted|error, message}: the runner stopped before the end. */
export const POST = apiRoute<{ id: string }>(
  "runs:write",
  async (request, { user, params }) => {
    await stopUploadedRun(params.id, RunStopSchema.parse(await readJson(request)), user);
    return NextResponse.json({ ok: true });
  },
  { tokens: ["runs:write"] },
);
