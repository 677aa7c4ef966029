import { NextResponse } from "next/server";
import { apiRoute, readJson } from "@/lib/auth/api";
import { runLinks } from "@/lib/running/run-links";
import { finishUploadedRun } from "@/lib/running/finish-upload";
import { RunFinishSchema } from "@/lib/schemas/run-upload";
import { emitRunFinished } from "@/lib/webhooks/run-events";
import { publicBase } from "../../public-base";

/**
 * POST /api/runs/<id>/finish {summary, …}: completes a run. The server evaluates the operational
 * and trend gates against its own history and answers with the final summary, the run's URL, the
 * tasks that changed against the baseline, and the URL of each failing task's failing trial.
 */
export const POST = apiRoute<{ id: string }>(
  "runs:write",
  async (request, { user, params }) => {
    const input = RunFinishSchema.parse(await readJson(request));
    const { summary, suite, agentLabel } = await finishUploadedRun(params.id, input, user);
    const failingTasks = Object.entries(input.tasks)
      .filter(([, s]) => s.status === "fail" || s.status === "error" || s.status === "flaky")
      .map(([key]) => key);
    const links = await runLinks(publicBase(request), params.id, failingTasks, summary.baseline?.previousRunId ?? null);
    await emitRunFinished({ runId: params.id, suite, agentLabel, summary, url: links.run });
    return NextResponse.json({ summary, links });
  },
  { tokens: ["runs:write"] },
);
