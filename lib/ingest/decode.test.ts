import { gzipSync } from "node:zlib";
import protobuf from "protobufjs";
import { describe, expect, it } from "vitest";
import { decodeExport, encodeResponse, encodeStatus } from "./decode";
import descriptor from "./proto/otlp-trace.json";
import { describeOtlpTraceProtos } from "./proto-descriptor";
import { asJson, asProtobuf, recordConversation } from "../testing/otel-spans";

const PB = { contentType: "application/x-protobuf", contentEncoding: null };
const JSON_TYPE = { contentType: "application/json", contentEncoding: null };
const LIMIT = 1 << 20;

type Req = { resourceSpans: { resource: { attributes: { key: string }[] }; scopeSpans: { spans: Record<string, unknown>[] }[] }[] };

describe("decodeExport", () => {
  const spans = recordConversation("Where is my order?", "It ships tomorrow.");

  it("reads the SDK's protobuf export into the OTLP JSON shape: hex ids, decimal nanoseconds", () => {
    const decoded = decodeExport(asProtobuf(spans), PB, LIMIT);
    expect(decoded.ok).toBe(true);
    const request = (decoded as { request: Req }).request;
    const span = request.resourceSpans[0]!.scopeSpans[0]!.spans.find((s) => s.name === "chat gpt-4o")!;
    expect(span.traceId).toBe(spans[0]!.spanContext().traceId);
    expect(span.spanId).toBe(spans.find((s) => s.name === "chat gpt-4o")!.spanContext().spanId);
    expect(span.startTimeUnixNano).toMatch(/^\d{19}$/);
    expect(request.resourceSpans[0]!.resource.attributes.map((a) => a.key)).toContain("service.name");
  });

  it("reads the same spans as JSON to the same ids", () => {
    const pb = decodeExport(asProtobuf(spans), PB, LIMIT) as { request: Req };
    const json = decodeExport(asJson(spans), JSON_TYPE, LIMIT) as { request: Req };
    const ids = (r: Req) =>
      r.resourceSpans.flatMap((x) => x.scopeSpans.flatMap((s) => s.spans.map((y) => `${y.traceId}/${y.spanId}`))).sort();
    expect(ids(json.request)).toEqual(ids(pb.request));
  });

  it("inflates gzip bodies, and refuses broken gzip with 400", () => {
    expect(decodeExport(gzipSync(asProtobuf(spans)), { ...PB, contentEncoding: "gzip" }, LIMIT).ok).toBe(true);
    expect(decodeExport(asProtobuf(spans), { ...PB, contentEncoding: "gzip" }, LIMIT)).toMatchObject({ ok: false, status: 400 });
  });

  it("refuses a body larger than the limit once inflated with 413", () => {
    const big = gzipSync(Buffer.alloc(2 * LIMIT, 32));
    expect(big.length).toBeLessThan(LIMIT);
    expect(decodeExport(big, { ...JSON_TYPE, contentEncoding: "gzip" }, LIMIT)).toMatchObject({ ok: false, status: 413 });
  });

  it("refuses other content types and encodings with 415", () => {
    expect(decodeExport(asJson(spans), { contentType: "text/plain", contentEncoding: null }, LIMIT)).toMatchObject({ status: 415 });
    expect(decodeExport(asJson(spans), { ...JSON_TYPE, contentEncoding: "br" }, LIMIT)).toMatchObject({ status: 415 });
  });

  it("refuses malformed protobuf and JSON with 400 naming the problem", () => {
    expect(decodeExport(new Uint8Array([0x0a, 0xff, 0xff, 0xff]), PB, LIMIT)).toMatchObject({ ok: false, status: 400 });
    const bad = decodeExport(new TextEncoder().encode('{"resourceSpans": ['), JSON_TYPE, LIMIT);
    expect(bad).toMatchObject({ ok: false, status: 400 });
    expect((bad as { message: string }).message).toContain("not valid JSON");
  });

  it("answers with ExportTraceServiceResponse and google.rpc.Status in the request's encoding", () => {
    const root = protobuf.Root.fromJSON(descriptor as protobuf.INamespace);
    const Response = root.lookupType("opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse");
    const decoded = Response.toObject(Response.decode(encodeResponse("protobuf", { spans: 2, message: "bad ids" })), { longs: Number });
    expect(decoded).toEqual({ partialSuccess: { rejectedSpans: 2, errorMessage: "bad ids" } });
    expect(JSON.parse(new TextDecoder().decode(encodeResponse("json", null)))).toEqual({});
    expect(JSON.parse(new TextDecoder().decode(encodeStatus("json", 3, "no")))).toEqual({ code: 3, message: "no" });
    expect([...encodeStatus("protobuf", 3, "no")]).toEqual([0x08, 0x03, 0x12, 0x02, 0x6e, 0x6f]);
  });

  it("keeps the committed descriptor in step with the .proto files (npm run ingest:proto)", () => {
    expect(JSON.parse(JSON.stringify(describeOtlpTraceProtos()))).toEqual(descriptor);
  });
});
