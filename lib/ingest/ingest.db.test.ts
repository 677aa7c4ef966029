import { describe, expect, it } from "vitest";
import { createIngestRule, ingestOverview } from "../db/ingest";
import { db } from "../db/client";
import { seedQueue } from "../testing/seed-labeling";
import { seedUser } from "../testing/seed-judges";
import { withTestDatabase } from "../testing/test-database";
import { asJson, asProtobuf, recordConversation } from "../testing/otel-spans";
import { receiveTraces } from "./receive";
import { closeIdleTraces } from "./sweeper";
import { encodingOf } from "./decode";

withTestDatabase();

const PB = { contentType: "application/x-protobuf", contentEncoding: null };
const JSON_TYPE = { contentType: "application/json", contentEncoding: null };
const BY = { tokenId: null, userId: null };
const LIMIT = 1 << 20;
const IDLE = 5_000;
const later = () => new Date(Date.now() + IDLE + 1_000);

describe("live ingestion", () => {
  it("assembles a trace sent over two requests into one transcript once it is idle, through the file mapping", async () => {
    const spans = recordConversation("Where is my order 1042?", "It ships tomorrow.", "split-service");
    const [chat, agent] = [spans.find((s) => s.name.startsWith("chat"))!, spans.find((s) => s.name.startsWith("invoke"))!];
    expect((await receiveTraces(asProtobuf([chat]), PB, BY, LIMIT)).status).toBe(200);
    expect((await receiveTraces(asJson([agent]), JSON_TYPE, BY, LIMIT)).status).toBe(200);
    const traceId = chat.spanContext().traceId;
    expect(await db().ingestBatch.count({ where: { traceId } })).toBe(2);

    // Not idle yet: nothing closes.
    expect((await closeIdleTraces(new Date(), IDLE)).traces).toBe(0);
    const closed = await closeIdleTraces(later(), IDLE);
    expect(closed.traces).toBeGreaterThanOrEqual(1);
    expect(await db().ingestBatch.count({ where: { traceId } })).toBe(0);
    const record = await db().ingestTrace.findFirstOrThrow({ where: { traceId } });
    expect(record).toMatchObject({ spans: 2, outcome: "transcript", routing: "unrouted", service: "split-service" });
    const transcript = await db().transcript.findUniqueOrThrow({ where: { id: record.transcriptId! } });
    expect(transcript).toMatchObject({
      source: "otel",
      externalId: traceId,
      taskPrompt: "Where is my order 1042?",
      finalOutput: "It ships tomorrow.",
    });
  });

  it("routes by service and attribute into a label set, honours the sample rate, and still stores the unrouted", async () => {
    const admin = await seedUser("ingest-admin@example.com");
    const support = await seedQueue({ name: "live-support", items: [] });
    const never = await seedQueue({ name: "live-never", items: [] });
    await createIngestRule(
      {
        name: "acme support",
        service: "support-bot",
        attributeKey: "app.tenant",
        attributeValue: "acme",
        sampleRate: 1,
        queueId: support.queueId,
        enabled: true,
      },
      admin.id,
    );
    await createIngestRule(
      {
        name: "sampled away",
        service: "sampled-bot",
        attributeKey: null,
        attributeValue: null,
        sampleRate: 0,
        queueId: never.queueId,
        enabled: true,
      },
      admin.id,
    );
    const routed = recordConversation("Cancel my plan", "Done: cancelled.", "support-bot");
    const sampled = recordConversation("Hi", "Hello!", "sampled-bot");
    const other = recordConversation("Weather?", "Sunny.", "weather-bot");
    for (const spans of [routed, sampled, other]) expect((await receiveTraces(asProtobuf(spans), PB, BY, LIMIT)).status).toBe(200);
    await closeIdleTraces(later(), IDLE);

    const traceOf = (spans: typeof routed) => db().ingestTrace.findFirstOrThrow({ where: { traceId: spans[0]!.spanContext().traceId } });
    expect(await traceOf(routed)).toMatchObject({ routing: "routed", queueId: support.queueId, outcome: "transcript" });
    expect(await traceOf(sampled)).toMatchObject({ routing: "sampled_out", queueId: null, outcome: "transcript" });
    expect(await traceOf(other)).toMatchObject({ routing: "unrouted", outcome: "transcript" });
    expect(await db().queueItem.count({ where: { queueId: support.queueId } })).toBe(1);
    expect(await db().queueItem.count({ where: { queueId: never.queueId } })).toBe(0);
    expect((await traceOf(other)).transcriptId).not.toBeNull();
    const overview = await ingestOverview();
    expect(overview.pending.spans).toBe(0);
    expect(overview.closed.find((c) => c.routing === "unrouted")!.traces).toBeGreaterThanOrEqual(1);
  });

  it("answers a partial success naming the rejected spans and stores the rest", async () => {
    const spans = recordConversation("Q", "A", "partial-bot");
    const request = JSON.parse(new TextDecoder().decode(asJson(spans))) as {
      resourceSpans: { scopeSpans: { spans: { spanId: string }[] }[] }[];
    };
    request.resourceSpans[0]!.scopeSpans[0]!.spans[0]!.spanId = "not-hex";
    const response = await receiveTraces(new TextEncoder().encode(JSON.stringify(request)), JSON_TYPE, BY, LIMIT);
    expect(response.status).toBe(200);
    expect(JSON.parse(new TextDecoder().decode(response.body))).toEqual({
      partialSuccess: { rejectedSpans: "1", errorMessage: "rejected 1 span: spanId must be 16 hex digits, not all zero" },
    });
    expect(await db().ingestBatch.aggregate({ where: { traceId: spans[0]!.spanContext().traceId }, _sum: { spans: true } })).toMatchObject({
      _sum: { spans: 1 },
    });
  });

  it("stores nothing for a refused request", async () => {
    const before = await db().ingestBatch.count();
    const bad = await receiveTraces(new TextEncoder().encode('{"resourceSpans": 3}'), JSON_TYPE, BY, LIMIT);
    expect(bad.status).toBe(400);
    expect(JSON.parse(new TextDecoder().decode(bad.body))).toMatchObject({
      code: 3,
      message: expect.stringContaining("resourceSpans must be a list"),
    });
    expect((await receiveTraces(new Uint8Array([1]), { contentType: "text/plain", contentEncoding: null }, BY, LIMIT)).status).toBe(415);
    expect(encodingOf("application/json; charset=utf-8")).toBe("json");
    expect(await db().ingestBatch.count()).toBe(before);
  });

  it("records a trace with nothing GenAI as skipped, not as a transcript", async () => {
    const spans = recordConversation("x", "y", "plain");
    const plain = JSON.parse(new TextDecoder().decode(asJson(spans))) as {
      resourceSpans: { scopeSpans: { spans: { attributes: unknown[] }[] }[] }[];
    };
    for (const span of plain.resourceSpans[0]!.scopeSpans[0]!.spans) span.attributes = [];
    await receiveTraces(new TextEncoder().encode(JSON.stringify(plain)), JSON_TYPE, BY, LIMIT);
    await closeIdleTraces(later(), IDLE);
    expect(await db().ingestTrace.findFirstOrThrow({ where: { traceId: spans[0]!.spanContext().traceId } })).toMatchObject({
      outcome: "skipped",
      transcriptId: null,
    });
  });
});
