import { apiRoute, jsonError } from "@/lib/auth/api";
import { loadLabelExport } from "@/lib/db/label-export";
import { exportFileName, formatExport } from "@/lib/labeling/export";
import { exportOptions } from "@/lib/labeling/export-options";

/**
 * GET /api/queues/:queueId/labels?format=csv|jsonl[&rubricVersion=current|all|N][&transcript=1]: every
 * label of the queue, one row each, with its gold status, every dimension, the task prompt and final output (and
 * the full transcript with transcript=1). Every reviewer's label is in it, so it is for
 * adjudicators and admins: a reviewer who could download it would no longer label blind.
 */
export const GET = apiRoute<{ queueId: string }>("labels:adjudicate", async (request, { user, params }) => {
  const search = request.nextUrl.searchParams;
  const options = exportOptions.parse({
    format: search.get("format") ?? undefined,
    rubricVersion: search.get("rubricVersion") ?? undefined,
    transcript: search.get("transcript") ?? undefined,
  });
  const loaded = await loadLabelExport(params.queueId, {
    rubricVersion: options.rubricVersion,
    transcript: options.transcript,
    audit: { actorId: user.id, format: options.format, via: "api" },
  });
  if (!loaded) return jsonError(404, "No such label queue.");
  const file = formatExport(loaded.rows, options.format, loaded.layout);
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${exportFileName(loaded.queue.name, options.format)}"`,
      "cache-control": "no-store",
    },
  });
});
