import { gunzipSync } from "node:zlib";
import protobuf from "protobufjs";
import { parseJsonSafely } from "../text/safe-json";
import { decodeUtf8 } from "../text/utf8";
import descriptor from "./proto/otlp-trace.json";

/**
 * An OTLP/HTTP trace export body (https://opentelemetry.io/docs/specs/otlp/#otlphttp) read into the
 * OTLP JSON shape the file importer reads: binary protobuf (`application/x-protobuf`, decoded by
 * protobufjs from the official .proto files in lib/ingest/proto/third_party) or JSON (`application/json`),
 * either one optionally gzip-compressed. Protobuf ids (bytes) become the lowercase hex that OTLP JSON
 * uses, 64-bit integers become decimal strings, enums their numbers. Pure.
 */

export type Encoding = "protobuf" | "json";
export type Decoded = { ok: true; encoding: Encoding; request: unknown } | { ok: false; status: 400 | 413 | 415; message: string };

const root = protobuf.Root.fromJSON(descriptor as protobuf.INamespace);
const REQUEST = root.lookupType("opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest");
const RESPONSE = root.lookupType("opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse");
/** google.rpc.Status, the body OTLP/HTTP sends with a 4xx (code, message; no details). */
const STATUS = new protobuf.Type("Status").add(new protobuf.Field("code", 1, "int32")).add(new protobuf.Field("message", 2, "string"));
new protobuf.Root().define("google.rpc").add(STATUS);

/** The request's encoding by its Content-Type, or null for any other type (a 415). */
export function encodingOf(contentType: string | null): Encoding | null {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-protobuf" || type === "application/protobuf") return "protobuf";
  if (type === "application/json") return "json";
  return null;
}

const ID_FIELDS = new Set(["traceId", "spanId", "parentSpanId"]);

/** OTLP JSON encodes trace and span ids as hex, not base64 (the one exception to proto3's JSON mapping). */
function idsToHex(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(idsToHex);
  if (!value || typeof value !== "object") return;
  const record = value as Record<string, unknown>;
  for (const [key, field] of Object.entries(record)) {
    if (ID_FIELDS.has(key) && field instanceof Uint8Array) record[key] = Buffer.from(field).toString("hex");
    else if (field instanceof Uint8Array) record[key] = Buffer.from(field).toString("base64");
    else idsToHex(field);
  }
}

function gunzip(body: Uint8Array, limit: number): Decoded | Uint8Array {
  try {
    return gunzipSync(body, { maxOutputLength: limit });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_BUFFER_TOO_LARGE")
      return { ok: false, status: 413, message: `the decompressed body is larger than the limit of ${limit} bytes (GAVEL_MAX_UPLOAD_MB)` };
    return { ok: false, status: 400, message: `Content-Encoding is gzip but the body is not valid gzip (${(error as Error).message})` };
  }
}

export function decodeExport(
  body: Uint8Array,
  headers: { contentType: string | null; contentEncoding: string | null },
  limit: number,
): Decoded {
  const encoding = encodingOf(headers.contentType);
  if (!encoding)
    return {
      ok: false,
      status: 415,
      message: `OTLP/HTTP takes Content-Type application/x-protobuf or application/json (got ${headers.contentType ? `"${headers.contentType}"` : "none"})`,
    };
  const contentEncoding = (headers.contentEncoding ?? "").trim().toLowerCase();
  let bytes = body;
  if (contentEncoding === "gzip") {
    const unzipped = gunzip(body, limit);
    if (!(unzipped instanceof Uint8Array)) return unzipped;
    bytes = unzipped;
  } else if (contentEncoding && contentEncoding !== "identity")
    return { ok: false, status: 415, message: `Content-Encoding "${contentEncoding}" is not supported: send gzip or none` };

  if (encoding === "json") {
    const text = decodeUtf8(bytes);
    if (!text.ok) return { ok: false, status: 400, message: `the JSON body is refused: ${text.error}` };
    const parsed = parseJsonSafely(text.text);
    if (!("value" in parsed)) return { ok: false, status: 400, message: `the body is not valid JSON: ${parsed.error}` };
    return { ok: true, encoding, request: parsed.value };
  }
  try {
    const message = REQUEST.decode(bytes);
    const request = REQUEST.toObject(message, { longs: String, enums: Number, defaults: true, arrays: true });
    idsToHex(request);
    return { ok: true, encoding, request };
  } catch (error) {
    return { ok: false, status: 400, message: `the body is not a valid ExportTraceServiceRequest protobuf: ${(error as Error).message}` };
  }
}

/** ExportTraceServiceResponse in the request's encoding; partialSuccess only when spans were rejected. */
export function encodeResponse(encoding: Encoding, rejected: { spans: number; message: string } | null): Uint8Array {
  const body = rejected?.spans ? { partialSuccess: { rejectedSpans: String(rejected.spans), errorMessage: rejected.message } } : {};
  if (encoding === "json") return new TextEncoder().encode(JSON.stringify(body));
  return RESPONSE.encode(RESPONSE.fromObject(body)).finish();
}

/** google.rpc.Status for a refused request, in the request's encoding (JSON when it had none). */
export function encodeStatus(encoding: Encoding | null, code: number, message: string): Uint8Array {
  if (encoding !== "protobuf") return new TextEncoder().encode(JSON.stringify({ code, message }));
  return STATUS.encode(STATUS.fromObject({ code, message })).finish();
}
