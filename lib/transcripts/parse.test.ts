import { describe, expect, it } from "vitest";
import { detectFormat, parseTranscriptFile } from "./parse";

describe("detectFormat", () => {
  it("goes by the extension, then by the content", () => {
    expect(detectFormat("a.jsonl", '{"task_prompt": "x"}')).toBe("jsonl");
    expect(detectFormat("traces.json", "{}")).toBe("otel");
    expect(detectFormat("export.jsonl", '{"resourceSpans": []}')).toBe("otel");
    expect(detectFormat(null, '{"resourceSpans": []}')).toBe("otel");
    expect(detectFormat("upload.txt", '{"task_prompt": "x"}')).toBe("jsonl");
  });

  it("parses with the chosen format when one is given", () => {
    const result = parseTranscriptFile('{"task_prompt": "x"}', "otel", "a.jsonl");
    expect(result.format).toBe("otel");
    expect(result.ok).toBe(false);
  });
});
