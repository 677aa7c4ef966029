import { describe, expect, it } from "vitest";
import { parseTranscriptFile } from "./parse";

/** Hostile input to the importers: a clear error naming the line and field, never a crash. */
const good = JSON.stringify({ id: "ok", task_prompt: "Task", messages: [{ role: "user", content: "hi" }], final_output: "done" });
const deep = "[".repeat(3000) + "]".repeat(3000);

describe("hostile transcript files", () => {
  it("JSONL: a line nested 3,000 arrays deep is refused by line", () => {
    const result = parseTranscriptFile(
      `${good}\n{"id":"deep","task_prompt":"T","messages":[],"final_state":${deep}}\n`,
      "jsonl",
      "x.jsonl",
    );
    expect(result).toMatchObject({
      ok: false,
      errors: [expect.stringMatching(/^line 2: nested deeper than 64 levels \(at final_state\.0\.0\.0\.0\.0\.…\)$/)],
    });
  });

  it("JSONL: a lone surrogate is refused with line and field", () => {
    const result = parseTranscriptFile(`${good}\n{"id":"s","task_prompt":"T\\ud800","messages":[]}\n`, "jsonl", "x.jsonl");
    expect(result).toMatchObject({ ok: false, errors: ["line 2: task_prompt: contains a lone surrogate (\\ud800): not valid Unicode"] });
  });

  it("OTel: a request nested too deep, or one line of a collector file, is refused with where", () => {
    expect(parseTranscriptFile(`{"resourceSpans":${deep}}`, "otel", "t.json")).toMatchObject({
      ok: false,
      errors: [expect.stringContaining("nested deeper than 64 levels (at resourceSpans.0.0.0.0.0.…)")],
    });
    const lines = `{"resourceSpans":[]}\n{"resourceSpans":[{"x":"\\udc00"}]}\n`;
    expect(parseTranscriptFile(lines, "otel", "t.jsonl")).toMatchObject({
      ok: false,
      errors: [expect.stringContaining("line 2: resourceSpans.0.x: contains a lone surrogate")],
    });
  });
});
