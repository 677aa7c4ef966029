import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseLangfuse } from "./langfuse";

/** Hand-built in the shape of Langfuse's trace download (see scripts/peer-fixtures/README.md). */
const fixture = readFileSync(path.join(import.meta.dirname, "../fixtures/peers/langfuse-trace.json"), "utf8");
const TRACE = "7f3c2a91d4e84b0f9c1e5a6b2d8f4c3e";

describe("Langfuse exports", () => {
  it("makes a downloaded trace one transcript: generations' messages, TOOL observations as results and errors, pass/fail scores as verdicts", () => {
    const result = parseLangfuse(fixture);
    if (!result.ok) throw new Error(result.errors.join("\n"));
    expect(result.items).toHaveLength(1);
    const { transcript, verdicts } = result.items[0]!;
    expect(transcript).toMatchObject({
      source: "langfuse",
      externalId: TRACE,
      taskPrompt: "Please refund order A1002, the headphones arrived broken.",
      finalOutput: "Done: 59.90 will be back on your card within 5 days.",
    });
    expect(
      transcript.content.messages.map((m) => [
        m.role,
        m.content ?? null,
        (m.toolCalls ?? []).map((c) => `${c.name}${c.error ? `!${c.error}` : ""}`).join(),
      ]),
    ).toEqual([
      ["system", "You are the support agent of an online shop. Follow the refund policy.", ""],
      ["user", "Please refund order A1002, the headphones arrived broken.", ""],
      ["assistant", null, "get_order,send_email!SMTP relay refused the message"],
      ["assistant", "Refunding the full amount to the card.", "issue_refund"],
      ["assistant", "Done: 59.90 will be back on your card within 5 days.", ""],
    ]);
    // No verdict is invented: scores stay scores until the user maps one (score-mapping.ts).
    expect(verdicts).toEqual([]);
    expect(result.items[0]!.scores!.map((s) => [s.name, s.value, s.source])).toEqual([
      ["refund-correct", true, "EVAL"],
      ["helpfulness", 0.8, "EVAL"],
      ["policy", "pass", "API"],
      ["correct", true, "ANNOTATION"],
    ]);
    expect(transcript.content.metadata?.["langfuse.scores"]).toEqual(result.items[0]!.scores);
    expect(result.items[0]!.unmapped).toContain("scores");
    expect(result.notes).toEqual([
      '1 transcript with Langfuse scores: kept as scores, not verdicts (map one with --score NAME --pass-when ">=0.5")',
    ]);
  });

  it("reads the older {trace, observations} download and a JSONL batch export of observations", () => {
    const { observations } = JSON.parse(fixture) as { observations: Record<string, unknown>[] };
    const legacy = parseLangfuse(
      JSON.stringify({
        trace: { id: TRACE, name: "support-agent", input: "Please refund order A1002, the headphones arrived broken.", output: "Done." },
        observations: observations.filter((o) => o.type === "TOOL"),
      }),
    );
    if (!legacy.ok) throw new Error(legacy.errors.join("\n"));
    expect(legacy.items[0]!.transcript.content.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "assistant",
      "assistant",
      "assistant",
    ]);
    expect(legacy.items[0]!.transcript.finalOutput).toBe("Done.");
    const jsonl = parseLangfuse(observations.map((o) => JSON.stringify(o)).join("\n"));
    if (!jsonl.ok) throw new Error(jsonl.errors.join("\n"));
    expect(jsonl.items.map((i) => i.transcript.content.messages.length)).toEqual([5]);
  });

  it("says what is missing", () => {
    expect(parseLangfuse('{"hello": 1}')).toEqual({
      ok: false,
      errors: [expect.stringMatching(/^no Langfuse traces or observations found/)],
    });
    const noPrompt = parseLangfuse(JSON.stringify([{ id: "o1", traceId: "t1", type: "SPAN", startTime: "2026-01-01T00:00:00Z" }]));
    expect(noPrompt).toEqual({
      ok: false,
      errors: ["trace t1: not a conversation: no user message in the trace's input or its generations' inputs"],
    });
  });
});
