import { describe, expect, it } from "vitest";
import { partPlaceholder } from "../chat/messages";
import { mapOtlpRequests, parseOtlp } from "../otel";
import { splitPrompt } from "./shapes/openlit";

/**
 * What a faithful OTLP import does beyond reading messages (issue #24): parts of a file that are not
 * conversations are skipped with why, non-text parts stay visible, a prompt flattened to text is split
 * back into its messages, and decoded export requests map the same way files do. The real peer files
 * are in corpus/; these pin the edges.
 */
const T = "0af7651916cd43dd8448eb211c80319c";
const str = (key: string, value: string) => ({ key, value: { stringValue: value } });
const span = (spanId: string, name: string, attributes: unknown[], extra: Record<string, unknown> = {}) => ({
  traceId: T,
  spanId,
  name,
  startTimeUnixNano: "1700000000000000000",
  endTimeUnixNano: "1700000001000000000",
  attributes,
  ...extra,
});
const request = (...spans: unknown[]) => ({ resourceSpans: [{ scopeSpans: [{ spans }] }] });
const chat = (spanId: string, input: unknown[], output: unknown[]) =>
  span(spanId, "chat", [
    str("gen_ai.operation.name", "chat"),
    str("gen_ai.input.messages", JSON.stringify(input)),
    str("gen_ai.output.messages", JSON.stringify(output)),
  ]);

describe("OTLP fidelity", () => {
  it("maps decoded export requests (what the live receiver hands over) the way it maps a file, one trace across requests", () => {
    const user = { role: "user", parts: [{ type: "text", content: "Refund A1002" }] };
    const call = { role: "assistant", parts: [{ type: "tool_call", id: "c1", name: "issue_refund", arguments: { order_id: "A1002" } }] };
    const first = request(chat("a000000000000001", [user], [call]));
    const second = request(
      span("a000000000000002", "execute_tool issue_refund", [
        str("gen_ai.operation.name", "execute_tool"),
        str("gen_ai.tool.name", "issue_refund"),
        str("gen_ai.tool.call.id", "c1"),
        str("gen_ai.tool.call.result", "refunded"),
      ]),
    );
    const result = mapOtlpRequests([first, second]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.items).toHaveLength(1);
    expect(result.items[0]!.transcript.content.messages).toEqual([
      { role: "user", content: "Refund A1002" },
      { role: "assistant", toolCalls: [{ id: "c1", name: "issue_refund", arguments: { order_id: "A1002" }, result: "refunded" }] },
    ]);
    expect(parseOtlp(JSON.stringify(first)).ok).toBe(true);
    // A malformed request is still refused with where it is.
    const bad = mapOtlpRequests([first, { resourceSpans: [{ scopeSpans: [{ spans: [{ spanId: "x" }] }] }] }]);
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.errors[0]).toMatch(/^request 2: resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[0\]: traceId: a span needs a traceId/);
  });

  it("skips an embedding trace with why, and keeps an all-skipped file importable with nothing in it", () => {
    const embed = span("b000000000000001", "embeddings text-embedding-3-small", [
      str("gen_ai.operation.name", "embeddings"),
      str("gen_ai.request.model", "text-embedding-3-small"),
    ]);
    const result = parseOtlp(JSON.stringify(request(embed)));
    expect(result).toEqual({
      ok: true,
      items: [],
      notes: [
        "read as OpenTelemetry GenAI",
        `1 trace not imported: trace ${T}: an embedding trace (span embeddings text-embedding-3-small), not a conversation`,
      ],
      skipped: [{ where: `trace ${T}`, why: "an embedding trace (span embeddings text-embedding-3-small), not a conversation" }],
    });
  });

  it("keeps the attributes it does not map in content.metadata and names them", () => {
    const doc = request({
      ...chat("c000000000000001", [{ role: "user", content: "hi" }], [{ role: "assistant", content: "hello" }]),
      attributes: [
        str("gen_ai.operation.name", "chat"),
        str("gen_ai.input.messages", '[{"role":"user","content":"hi"}]'),
        str("gen_ai.output.messages", '[{"role":"assistant","content":"hello"}]'),
        str("gen_ai.request.model", "gpt-4o"),
        { key: "gen_ai.usage.input_tokens", value: { intValue: "12" } },
      ],
    });
    const result = parseOtlp(JSON.stringify(doc));
    if (!result.ok) throw new Error(result.errors.join("; "));
    expect(result.items[0]!.transcript.content.metadata).toEqual({
      "otel.attributes": { "gen_ai.request.model": "gpt-4o", "gen_ai.usage.input_tokens": 12 },
    });
    expect(result.items[0]!.unmapped).toEqual(["attribute gen_ai.request.model", "attribute gen_ai.usage.input_tokens"]);
  });

  it("splits OpenLIT's flattened prompt at the lines that start with a role, keeping multi-line messages whole", () => {
    const read = splitPrompt("system: Be brief.\nuser: first line\nsecond line\nassistant: ok\nuser: again", "gen_ai.prompt");
    expect(read.map((r) => r.message)).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "first line\nsecond line" },
      { role: "assistant", content: "ok" },
      { role: "user", content: "again" },
    ]);
  });

  it("shows images, audio and files as placeholders with type and size or address", () => {
    const png = Buffer.alloc(12 * 1024).toString("base64");
    expect(partPlaceholder({ type: "blob", modality: "image", mime_type: "image/png", content: png })).toBe("[image: image/png, 12 KB]");
    expect(partPlaceholder({ type: "uri", modality: "image", uri: "https://example.com/cat.jpg" })).toBe(
      "[image: https://example.com/cat.jpg]",
    );
    expect(partPlaceholder({ type: "image_url", image_url: { url: `data:image/jpeg;base64,${png}` } })).toBe("[image: image/jpeg, 12 KB]");
    expect(partPlaceholder({ type: "image", source: { type: "base64", media_type: "image/webp", data: png } })).toBe(
      "[image: image/webp, 12 KB]",
    );
    expect(partPlaceholder({ type: "file", mediaType: "application/pdf", data: Buffer.alloc(3 * 1024 * 1024).toString("base64") })).toBe(
      "[file: application/pdf, 3.0 MB]",
    );
    expect(partPlaceholder({ type: "input_audio", input_audio: { format: "wav" } })).toBe("[audio]");
    expect(partPlaceholder({ type: "refusal", refusal: "I can't help with that." })).toBe("[refusal: I can't help with that.]");
  });
});
