import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/auth/api";
import { getRunStatus } from "@/lib/db/runs";

/** GET /api/runs/<id>: a run's status, verdict and counts (read; tokens with read or runs:write). */
export const GET = apiRoute<{ id: string }>(
  "read",
  async (_request, { params }) => {
    const run = await getRunStatus(params.id);
    if (!run) return NextResponse.json({ error: `No run ${params.id}.` }, { status: 404 });
    return NextResponse.json(run);
  },
  { tokens: ["read", "runs:write"] },
);
