import { describe, expect, it } from "vitest";
import { readMessage, readMessageList, unflatten } from "./messages";

const read = (raw: unknown, role: "user" | "assistant" | "tool" = "user") => {
  const result = readMessage(raw, role);
  if (typeof result === "string") throw new Error(result);
  return result;
};

describe("readMessage", () => {
  it("takes OpenAI's developer role as system, and keeps any other role as a named speaker", () => {
    expect(read({ role: "developer", content: "Be brief." }).message).toEqual({ role: "system", content: "Be brief." });
    expect(read({ role: "critic", content: "Too long." }).message).toEqual({ role: "assistant", name: "critic", content: "Too long." });
    expect(read({ role: "Human", content: "Hi" }).message.role).toBe("user");
  });

  it("reads the Vercel AI SDK's parts, Anthropic's blocks and a Responses call_id", () => {
    const vercel = read(
      { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "t", output: { type: "error-text", value: "boom" } }] },
      "tool",
    );
    expect(vercel.responses).toEqual([{ id: "c1", error: "boom" }]);
    const anthropic = read({
      role: "assistant",
      content: [
        { type: "text", text: "Checking." },
        { type: "tool_use", id: "tu1", name: "get_order", input: { id: "A1" } },
      ],
    });
    expect(anthropic.message).toEqual({
      role: "assistant",
      content: "Checking.",
      toolCalls: [{ id: "tu1", name: "get_order", arguments: { id: "A1" } }],
    });
    expect(
      read({ role: "user", content: [{ type: "tool_result", tool_use_id: "tu1", content: [{ type: "text", text: '{"ok":true}' }] }] })
        .responses,
    ).toEqual([{ id: "tu1", result: { ok: true } }]);
    const responses = read({
      role: "assistant",
      parts: [{ type: "tool_call", id: "fc_1", call_id: "call_1", name: "t", arguments: "{}" }],
    });
    expect(responses.message.toolCalls![0]!.id).toBe("call_1");
  });

  it("keeps a tool message's content as the result, whatever its type", () => {
    expect(read({ role: "tool", id: "c1", name: "get_order", content: { total: 5 } }, "tool").responses).toEqual([
      { id: "c1", result: { total: 5 } },
    ]);
    expect(read({ content: '{"total": 5}', id: "c1" }, "tool").responses).toEqual([{ id: "c1", result: { total: 5 } }]);
  });

  it("names what is wrong", () => {
    expect(readMessage({ role: "assistant", tool_calls: [{ id: "x" }] }, "user")).toBe("tool_calls[0]: a tool call needs a name");
    expect(readMessage(["hi"], "user")).toBe("a message must be an object");
    expect(readMessageList("[{", "gen_ai.input.messages", "user")).toMatch(/^attribute gen_ai.input.messages: not valid JSON/);
  });

  it("reads plain text where JSON was expected as one message", () => {
    const list = readMessageList("You are terse.", "gen_ai.system_instructions", "system");
    expect(typeof list !== "string" && list.map((m) => m.message)).toEqual([{ role: "system", content: "You are terse." }]);
  });
});

describe("unflatten", () => {
  it("rebuilds flattened lists of objects", () => {
    const attrs = new Map<string, unknown>([
      ["gen_ai.completion.0.role", "assistant"],
      ["gen_ai.completion.0.tool_calls.1.name", "b"],
      ["gen_ai.completion.0.tool_calls.0.name", "a"],
      ["gen_ai.completion.1.content", "x"],
      ["gen_ai.completions", "not this"],
    ]);
    expect(unflatten(attrs, "gen_ai.completion")).toEqual([
      { role: "assistant", tool_calls: [{ name: "a" }, { name: "b" }] },
      { content: "x" },
    ]);
    expect(unflatten(attrs, "gen_ai.prompt")).toBeNull();
  });
});
