import { apiRoute, isTokenRequest } from "@/lib/auth/api";
import { UserError } from "@/lib/errors";
import { receiveTraces, refusal, type IngestResponse } from "@/lib/ingest/receive";
import { startSweeper } from "@/lib/ingest/sweeper";
import { readBodyBytes } from "@/lib/server/body";
import { maxUploadBytes } from "@/lib/server/request-guard";

/**
 * POST /v1/traces: OTLP/HTTP trace export (protobuf or JSON, optionally gzip) from an application's
 * OpenTelemetry SDK or a Collector, with a personal API token holding traces:ingest as
 * `Authorization: Bearer …`. docs/transcripts.md, "Live ingestion".
 */
const send = (r: IngestResponse) => new Response(Buffer.from(r.body), { status: r.status, headers: { "content-type": r.contentType } });

const ingest = apiRoute(
  "runs:write",
  async (request, { user, token }) => {
    const contentType = request.headers.get("content-type");
    let body: Uint8Array;
    try {
      body = await readBodyBytes(request);
    } catch (error) {
      if (error instanceof UserError && error.status === 413) return send(refusal(413, error.message, contentType));
      throw error;
    }
    const response = await receiveTraces(
      body,
      { contentType, contentEncoding: request.headers.get("content-encoding") },
      { tokenId: token?.id ?? null, userId: user.id },
      maxUploadBytes(),
    );
    // Traces close in this process once idle (instrumentation.ts starts the sweep at boot too).
    startSweeper();
    return send(response);
  },
  { tokens: ["traces:ingest"] },
);

export async function POST(request: Parameters<typeof ingest>[0], context: Parameters<typeof ingest>[1]) {
  // Exporters authenticate with a token; a browser's session cookie is never enough to send traces.
  if (!isTokenRequest(request))
    return send(
      refusal(
        401,
        "Send an API token with the traces:ingest scope as Authorization: Bearer <token> (create one on the API tokens page).",
        request.headers.get("content-type"),
      ),
    );
  return ingest(request, context);
}
