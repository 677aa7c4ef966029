import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { unzipSync, zipSync, strToU8 } from "fflate";
import { parseInspect } from "./inspect";
import { parseTranscriptFile } from "../parse";

/** Hand-built from inspect_ai's EvalLog schema (see scripts/peer-fixtures/README.md). */
const fixture = readFileSync(path.join(import.meta.dirname, "../fixtures/peers/inspect-log.json"), "utf8");

describe("Inspect AI JSON log", () => {
  it("makes each sample a transcript with its messages and target; scores stay scores", () => {
    const result = parseInspect(fixture);
    if (!result.ok) throw new Error(result.errors.join("\n"));
    const [headphones, kettle] = result.items;
    expect(headphones!.transcript).toMatchObject({
      source: "inspect",
      externalId: "refund_support/broken-headphones",
      taskPrompt: "My headphones (order A1002) arrived broken. Please refund them.",
      finalOutput: "Done: 59.90 will be back on your card within 5 business days.",
      content: { expected: "Refunds 59.90 to the card once and tells the customer when the money arrives." },
    });
    expect(headphones!.transcript.content.messages[2]).toEqual({
      role: "assistant",
      content: "Let me look up the order.",
      toolCalls: [
        {
          id: "call_Hd81",
          name: "get_order",
          arguments: { order_id: "A1002" },
          result: { id: "A1002", total: 59.9, payment: "card", delivered_days_ago: 3 },
        },
      ],
    });
    // Scores are kept as scores: no verdict without a mapping the user gives.
    expect(headphones!.verdicts).toEqual([]);
    expect(headphones!.scores!.map((s) => [s.name, s.value])).toEqual([
      ["model_graded_qa", "C"],
      ["includes", "I"],
    ]);
    expect(headphones!.unmapped).toEqual(["inspect.scores", "inspect.model"]);
    // A tool error is the call's error; a partial score (P) is no verdict.
    expect(kettle!.transcript.content.messages[2]!.toolCalls![0]).toEqual({
      id: "call_Kt11",
      name: "issue_refund",
      arguments: { order_id: "A1003", amount: 19.9 },
      error: "refunds after 30 days need a supervisor",
    });
    expect(kettle!.transcript.taskPrompt).toBe("I bought a kettle 45 days ago (order A1003) and want my money back.");
    expect(kettle!.scores!.map((s) => [s.name, s.value])).toEqual([
      ["model_graded_qa", "P"],
      ["includes", "I"],
    ]);
    expect(result.notes).toEqual([
      "task refund_support on openai/gpt-4o-2024-08-06: 2 samples",
      '2 samples with scores: kept as scores, not verdicts (map one with --score NAME --pass-when "==C" or ">=0.5")',
    ]);
  });

  it("reads a .eval archive from its bytes: header.json and samples/*.json, in Inspect's order", () => {
    const doc = JSON.parse(fixture) as { samples: { id: string; epoch: number }[] } & Record<string, unknown>;
    const { samples, ...header } = doc;
    const zip = zipSync({
      "header.json": strToU8(JSON.stringify(header)),
      [`samples/${samples[1]!.id}_epoch_1.json`]: strToU8(JSON.stringify(samples[1])),
      [`samples/${samples[0]!.id}_epoch_1.json`]: strToU8(JSON.stringify(samples[0])),
    });
    expect(Object.keys(unzipSync(zip))).toHaveLength(3);
    const fromZip = parseTranscriptFile(zip, "auto", "2026-11-30_refunds.eval");
    const fromJson = parseInspect(fixture);
    if (!fromZip.ok || !fromJson.ok) throw new Error("both import");
    expect(fromZip.format).toBe("inspect");
    expect(fromZip.items).toEqual(fromJson.items);
    const broken = zipSync({ "header.json": strToU8("{"), "samples/x_epoch_1.json": new Uint8Array([0xff, 0xfe]) });
    expect(parseTranscriptFile(broken)).toMatchObject({
      ok: false,
      errors: [
        expect.stringMatching(/^header\.json: not valid JSON/),
        expect.stringMatching(/^samples\/x_epoch_1\.json: line 1: not valid UTF-8/),
      ],
    });
    expect(parseTranscriptFile(zip, "jsonl")).toMatchObject({ ok: false, errors: [expect.stringContaining("this is a zip archive")] });
  });

  it("explains a .eval archive read as text, a log without samples, and names a bad sample", () => {
    expect(parseInspect("PK\u0003\u0004rest")).toEqual({
      ok: false,
      errors: [expect.stringContaining("import the file itself (its bytes)")],
    });
    const doc = JSON.parse(fixture);
    const empty = parseInspect(JSON.stringify({ ...doc, samples: [] }));
    expect(empty).toEqual({ ok: false, errors: [expect.stringMatching(/^the log of task refund_support holds no samples/)] });
    doc.samples[1].messages[2].tool_calls[0].function = 7;
    const bad = parseInspect(JSON.stringify(doc));
    expect(bad).toEqual({
      ok: false,
      errors: ["samples[1] (sample late-kettle, epoch 1): messages[2]: tool_calls[0]: a tool call needs a name"],
    });
  });
});
