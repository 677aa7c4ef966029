import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseOtlp } from "../otel";

/**
 * Every trace fixture in fixtures/traces was exported by the real SDK (scripts/trace-fixtures; the
 * pydantic-ai one is hand-built from its source, see the README there). They all record the same
 * conversation, so they must all import to the same messages and tool calls; the shapes differ only
 * in what they keep (ids, how a failed tool shows).
 */
const dir = path.join(import.meta.dirname, "../fixtures/traces");
const fixture = (name: string) => readFileSync(path.join(dir, name), "utf8");

const SYSTEM = "You are the support agent of an online shop. Follow the refund policy.";
const USER = "Please refund orders A1002 and A1003, the headphones arrived broken.";
const FINAL = "Refunded 59.90 to your card for A1002. A1003 was already refunded, so there was nothing more to do.";
const A1002 = { id: "A1002", total: 59.9, payment: "card", status: "delivered" };
const A1003 = { id: "A1003", total: 19.9, payment: "card", status: "refunded" };

/** The conversation, with the failed refund as each shape records it. */
function conversation(failed: { result?: unknown; error?: string }, ids = true) {
  const id = (value: string) => (ids ? { id: value } : {});
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: USER },
    {
      role: "assistant",
      toolCalls: [
        { ...id("call_Xk3pQ7m1"), name: "get_order", arguments: { order_id: "A1002" }, result: A1002 },
        { ...id("call_Rb8tW2n4"), name: "get_order", arguments: { order_id: "A1003" }, result: A1003 },
      ],
    },
    {
      role: "assistant",
      toolCalls: [
        { ...id("call_Lm5vC9d2"), name: "issue_refund", arguments: { order_id: "A1002", amount: 59.9 }, result: "refund r-77 created" },
        { ...id("call_Hq1zF6s8"), name: "issue_refund", arguments: { order_id: "A1003", amount: 19.9 }, ...failed },
      ],
    },
    { role: "assistant", content: FINAL },
  ];
}

const TOLD_MODEL = "error: order A1003 was already refunded";
const THREW = "order A1003 was already refunded";

const CASES: { file: string; shape: string; failed: { result?: unknown; error?: string }; ids?: boolean; notes?: string[] }[] = [
  // OTel's JS OpenAI instrumentation: chat spans, content in log records (older event names), the app's execute_tool spans without call ids, one HTTP span.
  {
    file: "otel-chat-logs.jsonl",
    shape: "OpenTelemetry GenAI",
    failed: { result: TOLD_MODEL, error: THREW },
    notes: ["1 span skipped (not GenAI: GET)"],
  },
  // The same on the Responses API: gen_ai.client.inference.operation.details log records, structured values.
  { file: "otel-responses-logs.jsonl", shape: "OpenTelemetry GenAI", failed: { result: TOLD_MODEL, error: THREW } },
  // OpenLLMetry JS 0.27: gen_ai.input.messages with a `developer` system prompt; withTool spans without ids.
  { file: "openllmetry-current.json", shape: "OpenTelemetry GenAI, OpenLLMetry", failed: { result: TOLD_MODEL } },
  // OpenLLMetry JS 0.22: flattened attributes, no ids anywhere, "null" for a silent assistant turn.
  { file: "openllmetry-flattened.json", shape: "OpenLLMetry", failed: { result: TOLD_MODEL }, ids: false },
  { file: "openinference.json", shape: "OpenInference", failed: { result: TOLD_MODEL, error: THREW } },
  // The AI SDK tells the model a thrown tool's error as an error-text result.
  { file: "vercel-ai.json", shape: "Vercel AI SDK", failed: { error: THREW } },
  // pydantic-ai turns the error into a ModelRetry: its text goes to the model, the span ends in error.
  {
    file: "logfire-pydantic-ai-v1.json",
    shape: "pydantic-ai (Logfire)",
    failed: { result: `${THREW}\n\nFix the errors and try again.`, error: `ToolRetryError: ${THREW}\n\nFix the errors and try again.` },
  },
];

describe("trace fixtures made by the real SDKs", () => {
  for (const c of CASES) {
    it(`${c.file}: one transcript with every message and tool call (${c.shape})`, () => {
      const result = parseOtlp(fixture(c.file));
      if (!result.ok) throw new Error(result.errors.join("\n"));
      expect(result.items).toHaveLength(1);
      const transcript = result.items[0]!.transcript;
      expect(transcript).toMatchObject({ source: "otel", kind: "binary", taskPrompt: USER, finalOutput: FINAL });
      expect(transcript.externalId).toMatch(/^[0-9a-f]{32}$/);
      expect(transcript.content.messages).toEqual(conversation(c.failed, c.ids ?? true));
      expect(result.notes).toEqual([`read as ${c.shape}`, ...(c.notes ?? [])]);
    });
  }
});
