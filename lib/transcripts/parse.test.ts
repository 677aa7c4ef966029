import { readFileSync } from "node:fs";
import path from "node:path";
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

describe("detectFormat for the peer tools' files", () => {
  const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
  it("recognises each file by its content, whatever it is called", () => {
    expect(detectFormat("results.json", fixture("peers/promptfoo-results.json"))).toBe("promptfoo");
    expect(detectFormat("log.json", fixture("peers/inspect-log.json"))).toBe("inspect");
    expect(detectFormat("trace.json", fixture("peers/langfuse-trace.json"))).toBe("langfuse");
    expect(detectFormat("chats.jsonl", fixture("peers/openai-chat.jsonl"))).toBe("openai-chat");
    expect(detectFormat(null, fixture("traces/otel-chat-logs.jsonl"))).toBe("otel");
    expect(detectFormat("2026-11-30_refunds.eval", "PK\u0003\u0004…")).toBe("inspect");
  });
});
