import { describe, expect, it } from "vitest";
import { compactTranscript, MESSAGE_LIMIT, TEXT_LIMIT } from "./compact-transcript";

describe("compactTranscript", () => {
  it("keeps prompt, output, messages and tool calls as strings", () => {
    const view = compactTranscript({
      taskPrompt: "Refund order 7",
      finalOutput: "<script>alert(1)</script> done",
      content: {
        messages: [
          { role: "user", content: "Refund order 7" },
          { role: "assistant", toolCalls: [{ name: "refund", arguments: { order: 7 }, result: { ok: true } }] },
        ],
      },
    });
    expect(view.finalOutput).toEqual({ text: "<script>alert(1)</script> done", length: 30 });
    expect(view.outputs).toBeNull();
    expect(view.messages[1]).toEqual({
      role: "assistant",
      name: null,
      content: null,
      toolCalls: [
        {
          name: "refund",
          arguments: { text: '{\n  "order": 7\n}', length: 16 },
          result: { text: '{\n  "ok": true\n}', length: 16 },
          error: null,
        },
      ],
    });
  });

  it("caps long text and many messages, saying how much was left out", () => {
    const long = "x".repeat(TEXT_LIMIT + 5);
    const view = compactTranscript({
      taskPrompt: long,
      finalOutput: null,
      content: { messages: Array.from({ length: MESSAGE_LIMIT + 3 }, () => ({ role: "user", content: "hi" })) },
    });
    expect(view.taskPrompt.text).toHaveLength(TEXT_LIMIT);
    expect(view.taskPrompt.length).toBe(TEXT_LIMIT + 5);
    expect(view.messages).toHaveLength(MESSAGE_LIMIT);
    expect(view.omittedMessages).toBe(3);
  });

  it("shows pairwise outputs, and tolerates content of an unexpected shape", () => {
    expect(compactTranscript({ taskPrompt: "p", finalOutput: null, content: { outputs: { a: "left", b: "right" } } }).outputs).toEqual({
      a: { text: "left", length: 4 },
      b: { text: "right", length: 5 },
    });
    const odd = compactTranscript({ taskPrompt: "p", finalOutput: null, content: { messages: ["just a string", null] } });
    expect(odd.messages.map((m) => m.content?.text)).toEqual(["just a string", ""]);
    expect(compactTranscript({ taskPrompt: "p", finalOutput: null, content: null }).messages).toEqual([]);
  });
});
