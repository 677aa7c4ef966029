import { NextResponse } from "next/server";
import { apiRoute, readJson } from "@/lib/auth/api";
import { absolute, runPath } from "@/lib/compare/links";
import { createUploadedRun } from "@/lib/db/run-upload";
import { RunCreateSchema } from "@/lib/schemas/run-upload";
import { publicBase } from "./public-base";

/**
 * POST /api/runs: `gavel run --server` announces a run before its first trial (runs:write, a
 * session or an API token with that scope). 201 with the run's URL; 409 when the id exists; 422 for
 * a bad body or a --baseline run that cannot be a baseline. Nothing is written unless all is well.
 */
export const POST = apiRoute(
  "runs:write",
  async (request, { user }) => {
    const input = RunCreateSchema.parse(await readJson(request));
    await createUploadedRun(input, user.id);
    return NextResponse.json({ runId: input.id, url: absolute(publicBase(request), runPath(input.id)) }, { status: 201 });
  },
  { tokens: ["runs:write"] },
);
