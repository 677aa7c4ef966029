import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { anyValueToJs, parseOtlp } from "./otel";

const fixture = readFileSync(path.join(import.meta.dirname, "fixtures/otlp-agent-traces.json"), "utf8");
const T1 = "5b8efff798038103d269b633813fc60c";
const T2 = "0af7651916cd43dd8448eb211c80319c";

/** The fixture with one span's attribute replaced (or removed when value is undefined). */
function withAttribute(spanId: string, key: string, value: unknown) {
  const doc = JSON.parse(fixture);
  for (const rs of doc.resourceSpans)
    for (const ss of rs.scopeSpans)
      for (const span of ss.spans) {
        if (span.spanId !== spanId) continue;
        span.attributes = span.attributes.filter((a: { key: string }) => a.key !== key);
        if (value !== undefined) span.attributes.push({ key, value: { stringValue: value } });
      }
  return JSON.stringify(doc);
}

describe("parseOtlp", () => {
  it("turns each trace into one transcript: messages in span order, tool calls with arguments and results", () => {
    const result = parseOtlp(fixture);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.items.map((i) => i.transcript.externalId)).toEqual([T1, T2]);
    const agent = result.items[0]!.transcript;
    expect(agent).toMatchObject({
      source: "otel",
      kind: "binary",
      taskPrompt: "Please refund order A1002, the headphones arrived broken.",
      finalOutput: "Done: 59.90 will be back on your card within 5 days.",
    });
    expect(agent.content.messages).toEqual([
      { role: "system", content: "You are the support agent of an online shop. Follow the refund policy." },
      { role: "user", content: "Please refund order A1002, the headphones arrived broken." },
      {
        role: "assistant",
        toolCalls: [
          {
            id: "call_1",
            name: "get_order",
            arguments: { order_id: "A1002" },
            result: { id: "A1002", total: 59.9, payment: "card", status: "delivered" },
          },
        ],
      },
      {
        role: "assistant",
        content: "Refunding the full amount to the card.",
        toolCalls: [{ id: "call_2", name: "issue_refund", arguments: { order_id: "A1002", amount: 59.9 }, result: "refund r-77 created" }],
      },
      {
        role: "assistant",
        toolCalls: [
          { id: "call_x", name: "send_email", arguments: { to: "customer", template: "refund" }, error: "SMTP relay refused the message" },
        ],
      },
      { role: "assistant", content: "Done: 59.90 will be back on your card within 5 days." },
    ]);
    expect(result.items[0]!.verdicts).toEqual([]);
  });

  it("reads the older gen_ai.content.prompt / completion events", () => {
    const result = parseOtlp(fixture);
    if (!result.ok) throw new Error(result.errors.join("\n"));
    expect(result.items[1]!.transcript).toMatchObject({
      taskPrompt: "What is the capital of New Zealand?",
      finalOutput: "Wellington.",
      content: {
        messages: [
          { role: "system", content: "Answer briefly." },
          { role: "user", content: "What is the capital of New Zealand?" },
          { role: "assistant", content: "Wellington." },
        ],
      },
    });
  });

  it("reads OpenLLMetry's flattened gen_ai.prompt.N attributes and the collector's one-request-per-line files", () => {
    const span = (traceId: string) => ({
      traceId,
      spanId: "d1",
      name: "chat",
      startTimeUnixNano: "1",
      attributes: [
        { key: "gen_ai.prompt.0.role", value: { stringValue: "user" } },
        { key: "gen_ai.prompt.0.content", value: { stringValue: "Hi?" } },
        { key: "gen_ai.completion.0.role", value: { stringValue: "assistant" } },
        { key: "gen_ai.completion.0.content", value: { stringValue: "Hello." } },
      ],
    });
    const line = (traceId: string) => JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [span(traceId)] }] }] });
    const result = parseOtlp(`${line("t1")}\n${line("t2")}\n`);
    if (!result.ok) throw new Error(result.errors.join("\n"));
    expect(result.items.map((i) => [i.transcript.externalId, i.transcript.taskPrompt, i.transcript.finalOutput])).toEqual([
      ["t1", "Hi?", "Hello."],
      ["t2", "Hi?", "Hello."],
    ]);
  });

  it("names the trace, the span and the attribute when an attribute is bad, and returns nothing", () => {
    const result = parseOtlp(withAttribute("b000000000000004", "gen_ai.input.messages", '[{"role": "user", "parts": '));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(
      new RegExp(`^trace ${T1} span b000000000000004 \\(chat gpt-4o-2024-08-06\\): attribute gen_ai.input.messages: not valid JSON`),
    );
  });

  it("requires the tool name on an execute_tool span", () => {
    const result = parseOtlp(withAttribute("b000000000000005", "gen_ai.tool.name", undefined));
    expect(result).toEqual({
      ok: false,
      errors: [
        `trace ${T1} span b000000000000005 (execute_tool issue_refund): attribute gen_ai.tool.name: an execute_tool span needs the tool's name`,
      ],
    });
  });

  it("says where a span is malformed, and skips with a note (not refuses) a trace with no user message", () => {
    const doc = JSON.parse(fixture);
    delete doc.resourceSpans[1].scopeSpans[0].spans[0].startTimeUnixNano;
    const bad = parseOtlp(JSON.stringify(doc));
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.errors).toEqual([
        `resourceSpans[1].scopeSpans[0].spans[0] (trace ${T2} span c000000000000001): startTimeUnixNano: must be a whole number of nanoseconds`,
      ]);

    const silent = JSON.parse(fixture);
    silent.resourceSpans[1].scopeSpans[0].spans[0].events = [];
    const none = parseOtlp(JSON.stringify(silent));
    // The other trace still imports: a trace without content is skipped and named, never a reason to refuse the file.
    expect(none.ok).toBe(true);
    if (none.ok) {
      expect(none.items.map((i) => i.transcript.externalId)).toEqual([T1]);
      expect(none.skipped).toEqual([{ where: `trace ${T2}`, why: expect.stringMatching(/^no user message .*content capture/) }]);
      expect(none.notes?.at(-1)).toMatch(new RegExp(`^1 trace not imported: trace ${T2}: no user message`));
    }
  });

  it("reports invalid JSON with its line and column, and a file that is not an OTLP export", () => {
    const broken = parseOtlp('{\n  "resourceSpans": [\n    {,\n  ]\n}');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.errors[0]).toMatch(/^not valid JSON \(line 3 column 6/);
    expect(parseOtlp('{"spans": []}')).toEqual({
      ok: false,
      errors: ["the file: resourceSpans: an OTLP export has a resourceSpans (traces) or resourceLogs (logs) list"],
    });
  });

  it("converts every OTLP AnyValue", () => {
    expect(anyValueToJs({ intValue: "42" })).toBe(42);
    expect(anyValueToJs({ boolValue: false })).toBe(false);
    expect(anyValueToJs({ arrayValue: { values: [{ stringValue: "a" }, { doubleValue: 1.5 }] } })).toEqual(["a", 1.5]);
    expect(anyValueToJs({ kvlistValue: { values: [{ key: "k", value: { stringValue: "v" } }] } })).toEqual({ k: "v" });
  });
});

describe("parseOtlp: what is not GenAI, log records, and content in two places", () => {
  const traces = path.join(import.meta.dirname, "fixtures/traces");
  const [spansLine, logsLine] = readFileSync(path.join(traces, "otel-chat-logs.jsonl"), "utf8").trim().split("\n") as [string, string];
  const httpSpan = (traceId: string, spanId: string, name = "GET /health") => ({
    traceId,
    spanId,
    name,
    startTimeUnixNano: "1",
    endTimeUnixNano: "2",
    attributes: [{ key: "http.request.method", value: { stringValue: "GET" } }],
  });
  const request = (...spans: object[]) => JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] });

  it("skips and counts a trace with no GenAI span at all, and imports the rest", () => {
    const result = parseOtlp(`${spansLine}\n${logsLine}\n${request(httpSpan("feed", "01"), httpSpan("feed", "02", "SELECT orders"))}\n`);
    if (!result.ok) throw new Error(result.errors.join("\n"));
    expect(result.items).toHaveLength(1);
    expect(result.notes).toEqual([
      "read as OpenTelemetry GenAI",
      "1 span skipped (not GenAI: GET)",
      "1 trace skipped (no GenAI span: feed)",
    ]);
  });

  it("refuses a file with nothing GenAI in it, saying so", () => {
    const result = parseOtlp(request(httpSpan("feed", "01")));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatch(/^no GenAI spans or log records in the file: 1 trace skipped \(no GenAI span: feed\)/);
  });

  it("builds the conversation from log records alone, and counts log records without a trace", () => {
    const logs = JSON.parse(logsLine);
    logs.resourceLogs[0].scopeLogs[0].logRecords.push({ timeUnixNano: "5", body: { stringValue: "cache warmed" } });
    const result = parseOtlp(JSON.stringify(logs));
    if (!result.ok) throw new Error(result.errors.join("\n"));
    const messages = result.items[0]!.transcript.content.messages;
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "assistant", "assistant"]);
    // Without the tool spans, results come from the tool messages the model was sent.
    expect(messages[3]!.toolCalls!.map((c) => c.result)).toEqual(["refund r-77 created", "error: order A1003 was already refunded"]);
    expect(result.notes).toEqual(["read as OpenTelemetry GenAI", "1 log record skipped (no trace id: nothing ties it to a conversation)"]);
  });

  it("reads messages once when they are both on the span and in a log record (content capture SPAN_AND_EVENT)", () => {
    const input = JSON.stringify([{ role: "user", parts: [{ type: "text", content: "Hi?" }] }]);
    const output = JSON.stringify([{ role: "assistant", parts: [{ type: "text", content: "Hello." }] }]);
    const span = {
      traceId: "t1",
      spanId: "s1",
      name: "chat m",
      startTimeUnixNano: "1",
      endTimeUnixNano: "9",
      attributes: [
        { key: "gen_ai.operation.name", value: { stringValue: "chat" } },
        { key: "gen_ai.input.messages", value: { stringValue: input } },
        { key: "gen_ai.output.messages", value: { stringValue: output } },
      ],
    };
    const details = {
      timeUnixNano: "9",
      traceId: "t1",
      spanId: "s1",
      eventName: "gen_ai.client.inference.operation.details",
      attributes: [
        { key: "gen_ai.input.messages", value: { stringValue: input } },
        { key: "gen_ai.output.messages", value: { stringValue: output } },
      ],
    };
    const result = parseOtlp(`${request(span)}\n${JSON.stringify({ resourceLogs: [{ scopeLogs: [{ logRecords: [details] }] }] })}\n`);
    if (!result.ok) throw new Error(result.errors.join("\n"));
    expect(result.items[0]!.transcript.content.messages).toEqual([
      { role: "user", content: "Hi?" },
      { role: "assistant", content: "Hello." },
    ]);
  });

  it("names the log record at fault", () => {
    const logs = JSON.parse(logsLine);
    logs.resourceLogs[0].scopeLogs[0].logRecords[1].body = { kvlistValue: { values: [{ key: "role", value: { intValue: "7" } }] } };
    const result = parseOtlp(`${spansLine}\n${JSON.stringify(logs)}`);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors).toEqual([
        expect.stringMatching(
          /^trace [0-9a-f]{32} span [0-9a-f]{16} \(chat gpt-4o-2024-08-06\): log record 2 \(gen_ai\.user\.message\): role must be text \(got 7\)$/,
        ),
      ]);
  });
});
