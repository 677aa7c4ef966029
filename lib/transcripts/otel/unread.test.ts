import { describe, expect, it } from "vitest";
import { parseOtlp } from "../otel";

/**
 * The "everything not read" pass of OTLP traces (otel.ts unreadFields): each field a shape does not
 * turn into the conversation is kept in content.metadata and named in ImportItem.unmapped.
 */
const str = (key: string, value: string) => ({ key, value: { stringValue: value } });
const int = (key: string, value: number) => ({ key, value: { intValue: String(value) } });
const TRACE = "0123456789abcdef0123456789abcdef";

function exportOf(spans: unknown[], logs: unknown[] = []) {
  return JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: [str("service.name", "shop-agent"), str("deployment.environment", "staging")] },
        scopeSpans: [{ scope: { name: "test" }, spans }],
      },
    ],
    ...(logs.length
      ? { resourceLogs: [{ resource: { attributes: [str("service.name", "shop-agent")] }, scopeLogs: [{ logRecords: logs }] }] }
      : {}),
  });
}

const span = (spanId: string, attributes: unknown[], extra: Record<string, unknown> = {}) => ({
  traceId: TRACE,
  spanId,
  name: "chat gpt-4o",
  startTimeUnixNano: "1000",
  endTimeUnixNano: "2000",
  attributes,
  ...extra,
});

function readOne(text: string) {
  const result = parseOtlp(text);
  if (!result.ok) throw new Error(result.errors.join("; "));
  expect(result.items).toHaveLength(1);
  const item = result.items[0]!;
  return {
    item,
    metadata: (item.transcript.content.metadata ?? {}) as Record<string, unknown>,
    unmapped: [...(item.unmapped ?? [])].sort(),
  };
}

describe("OTLP fields that are not read are kept and named", () => {
  it("the resource's attributes", () => {
    const { metadata, unmapped } = readOne(
      exportOf([span("a1", [str("gen_ai.operation.name", "chat"), str("gen_ai.input.messages", '[{"role":"user","content":"hi"}]')])]),
    );
    expect(metadata["otel.resource"]).toEqual({ "deployment.environment": "staging", "service.name": "shop-agent" });
    expect(unmapped).toEqual(["resource deployment.environment", "resource service.name"]);
  });

  it("a gen_ai.choice event's finish_reason and index (the message is read), and an exception event whole", () => {
    const { item, metadata, unmapped } = readOne(
      exportOf([
        span("a1", [str("gen_ai.operation.name", "chat")], {
          events: [
            {
              name: "gen_ai.user.message",
              timeUnixNano: "1100",
              attributes: [str("content", "What is 2+2?"), str("gen_ai.system", "openai")],
            },
            {
              name: "gen_ai.choice",
              timeUnixNano: "1900",
              attributes: [int("index", 0), str("finish_reason", "length"), str("message", '{"role":"assistant","content":"4"}')],
            },
            { name: "exception", timeUnixNano: "1950", attributes: [str("exception.type", "Timeout")] },
          ],
        }),
      ]),
    );
    expect(item.transcript.content.messages).toEqual([
      { role: "user", content: "What is 2+2?" },
      { role: "assistant", content: "4" },
    ]);
    expect(metadata["otel.events"]).toEqual({
      "gen_ai.user.message": { "gen_ai.system": "openai" },
      "gen_ai.choice": { finish_reason: "length", index: 0 },
      exception: { "exception.type": "Timeout" },
    });
    expect(unmapped.filter((u) => u.startsWith("event "))).toEqual([
      "event exception exception.type",
      "event gen_ai.choice finish_reason",
      "event gen_ai.choice index",
      "event gen_ai.user.message gen_ai.system",
    ]);
  });

  it("OpenLLMetry's indexed attributes that are not message fields (gen_ai.completion.N.finish_reason)", () => {
    const { item, metadata, unmapped } = readOne(
      exportOf([
        span("a1", [
          str("gen_ai.prompt.0.role", "user"),
          str("gen_ai.prompt.0.content", "Hello"),
          str("gen_ai.completion.0.role", "assistant"),
          str("gen_ai.completion.0.content", "Hi there"),
          str("gen_ai.completion.0.finish_reason", "stop"),
          str("llm.prompts.0.user", "someone"),
        ]),
      ]),
    );
    expect(item.transcript.content.messages).toEqual([
      { role: "user", content: "Hello" },
      { role: "assistant", content: "Hi there" },
    ]);
    // llm.prompts.N is the older list: not read when gen_ai.prompt.N is there, so it is kept too.
    expect(metadata["otel.attributes"]).toEqual({ "gen_ai.completion.0.finish_reason": "stop", "llm.prompts.0.user": "someone" });
    expect(unmapped).toEqual([
      "attribute gen_ai.completion.0.finish_reason",
      "attribute llm.prompts.0.user",
      "resource deployment.environment",
      "resource service.name",
    ]);
  });

  it("a log record's body fields and attributes the mapping does not read (choice finish_reason, gen_ai.system)", () => {
    const log = (name: string, body: unknown, time: string) => ({
      timeUnixNano: time,
      traceId: TRACE,
      spanId: "a1",
      eventName: name,
      attributes: [str("gen_ai.system", "openai")],
      body,
    });
    const { metadata, unmapped } = readOne(
      exportOf(
        [span("a1", [str("gen_ai.operation.name", "chat")])],
        [
          log("gen_ai.user.message", { kvlistValue: { values: [str("content", "Ping?")] } }, "1100"),
          log(
            "gen_ai.choice",
            {
              kvlistValue: {
                values: [
                  int("index", 0),
                  str("finish_reason", "stop"),
                  { key: "message", value: { kvlistValue: { values: [str("content", "Pong")] } } },
                ],
              },
            },
            "1900",
          ),
        ],
      ),
    );
    expect(metadata["otel.logs"]).toEqual({
      "gen_ai.user.message": { "gen_ai.system": "openai" },
      "gen_ai.choice": { "gen_ai.system": "openai", "body.finish_reason": "stop", "body.index": 0 },
    });
    expect(unmapped).toContain("log gen_ai.choice body.finish_reason");
  });

  it("a Logfire feedback span's extra fields, beside the score it gives", () => {
    const { item, metadata, unmapped } = readOne(
      exportOf([
        span("a1", [str("gen_ai.operation.name", "chat"), str("gen_ai.input.messages", '[{"role":"user","content":"hi"}]')]),
        span("f1", [
          str("logfire.span_type", "annotation"),
          str("logfire.feedback.name", "helpful"),
          int("helpful", 1),
          str("logfire.feedback.comment", "good"),
          str("reviewer_team", "support"),
        ]),
      ]),
    );
    expect(item.scores).toEqual([{ name: "helpful", value: 1, comment: "good", source: "logfire feedback" }]);
    expect(metadata["otel.attributes"]).toEqual({ reviewer_team: "support" });
    expect(unmapped).toContain("attribute reviewer_team");
  });
});
