import { savePendingParts } from "../db/ingest";
import { decodeExport, encodeResponse, encodeStatus, encodingOf, type Encoding } from "./decode";
import { splitByTrace } from "./split";

/**
 * One OTLP/HTTP trace export, from body to response (https://opentelemetry.io/docs/specs/otlp/#otlphttp-response):
 * decoded, split by trace, every valid span stored durably, then 200 with an
 * ExportTraceServiceResponse (partialSuccess naming the spans rejected, if any). A body that cannot
 * be read is a 400 with a google.rpc.Status; an unsupported type or encoding a 415; a body over the
 * limit after decompression a 413. Nothing is stored for a refused request.
 */

export interface IngestResponse {
  status: number;
  body: Uint8Array;
  contentType: string;
}

const typeOf = (encoding: Encoding | null) => (encoding === "protobuf" ? "application/x-protobuf" : "application/json");

/** google.rpc.Code for each HTTP status we send (INVALID_ARGUMENT, RESOURCE_EXHAUSTED, UNIMPLEMENTED...). */
const RPC_CODE: Record<number, number> = { 400: 3, 401: 16, 403: 7, 413: 8, 415: 12, 500: 13 };

export function refusal(status: number, message: string, contentType: string | null): IngestResponse {
  const encoding = encodingOf(contentType);
  return { status, body: encodeStatus(encoding, RPC_CODE[status] ?? 2, message), contentType: typeOf(encoding) };
}

export async function receiveTraces(
  body: Uint8Array,
  headers: { contentType: string | null; contentEncoding: string | null },
  by: { tokenId: string | null; userId: string | null },
  limit: number,
): Promise<IngestResponse> {
  const decoded = decodeExport(body, headers, limit);
  if (!decoded.ok) return refusal(decoded.status, decoded.message, headers.contentType);
  const split = splitByTrace(decoded.request);
  if (!split.ok) return refusal(400, `the body is not an OTLP trace export: ${split.error}`, headers.contentType);
  await savePendingParts(
    split.traces.map((t) => ({ traceId: t.traceId, spans: t.spans, payload: JSON.stringify(t.request) })),
    by,
  );
  const rejected = split.rejected ? { spans: split.rejected, message: `rejected ${split.reasons.join("; ")}` } : null;
  return { status: 200, body: encodeResponse(decoded.encoding, rejected), contentType: typeOf(decoded.encoding) };
}
