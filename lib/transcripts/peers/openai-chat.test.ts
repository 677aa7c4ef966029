import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseOpenAiChat } from "./openai-chat";

const fixture = readFileSync(path.join(import.meta.dirname, "../fixtures/peers/openai-chat.jsonl"), "utf8");

describe("OpenAI chat JSONL", () => {
  it("keeps a message's own fields that are not the conversation (weight, unknown keys, a tool call's extras) and names them", () => {
    const line = {
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Weather in Paris?", weight: 0 },
        {
          role: "assistant",
          tool_calls: [{ id: "c1", type: "function", function: { name: "weather", arguments: '{"city":"Paris"}', strict: true } }],
          weight: 1,
          refusal: null,
        },
        { role: "tool", tool_call_id: "c1", content: "18 C" },
        { role: "assistant", content: "18 C and sunny.", weight: 1, annotations: ["checked"] },
      ],
      split: "train",
    };
    const result = parseOpenAiChat(JSON.stringify(line));
    if (!result.ok) throw new Error(result.errors.join("\n"));
    const item = result.items[0]!;
    expect(item.transcript.content.metadata).toEqual({
      split: "train",
      "message fields": [
        { message: 1, weight: 0 },
        { message: 2, weight: 1, refusal: null, tool_calls: [{ function: { strict: true } }] },
        { message: 4, weight: 1, annotations: ["checked"] },
      ],
    });
    expect([...item.unmapped!].sort()).toEqual([
      "messages[].annotations",
      "messages[].refusal",
      "messages[].tool_calls[].function.strict",
      "messages[].weight",
      "split",
    ]);
  });

  it("makes one transcript per line, tool results folded into their calls by id", () => {
    const result = parseOpenAiChat(fixture);
    if (!result.ok) throw new Error(result.errors.join("\n"));
    expect(result.items.map((i) => [i.where, i.transcript.source, i.transcript.taskPrompt, i.transcript.finalOutput])).toEqual([
      [
        "line 1",
        "openai-chat",
        "My headphones (order A1002) arrived broken. Please refund them.",
        "Done: 59.90 will be back on your card within 5 business days.",
      ],
      [
        "line 2",
        "openai-chat",
        "Can I return a kettle I bought 45 days ago?",
        "No: returns are accepted within 30 days of delivery, and 45 days have passed.",
      ],
      ["line 3", "openai-chat", "What is the capital of New Zealand?", "Wellington."],
    ]);
    expect(result.items[0]!.transcript.content.messages[2]).toEqual({
      role: "assistant",
      toolCalls: [
        { id: "call_q1", name: "get_order", arguments: { order_id: "A1002" }, result: { id: "A1002", total: 59.9, delivered_days_ago: 3 } },
        { id: "call_q2", name: "get_policy", arguments: {}, result: "Refunds within 30 days of delivery." },
      ],
    });
    // OpenAI's developer role is the system prompt.
    expect(result.items[1]!.transcript.content.messages[0]).toEqual({ role: "system", content: "Answer in one sentence." });
  });

  it("names every bad line and field, and returns nothing", () => {
    const result = parseOpenAiChat(
      [
        '{"messages": [{"role": "user", "content": "Hi"}]}',
        "{oops",
        '{"messages": [{"role": "robot", "content": "x"}]}',
        '{"messages": []}',
        '{"messages": [{"role": "assistant", "content": "No question."}]}',
      ].join("\n"),
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        expect.stringMatching(/^line 2: not valid JSON/),
        'line 3: messages[0].role: role must be "system", "developer", "user", "assistant", "tool" or "function"',
        "line 4: messages: messages is empty",
      ],
    });
  });

  it("skips a line that asks nothing (no user message), with why, and imports the rest", () => {
    const result = parseOpenAiChat(
      ['{"messages": [{"role": "user", "content": "Hi"}]}', '{"messages": [{"role": "assistant", "content": "No question."}]}'].join("\n"),
    );
    expect(result).toMatchObject({
      ok: true,
      items: [{ where: "line 1" }],
      skipped: [{ where: "line 2", why: "no user message: nothing was asked, so there is nothing to label" }],
    });
  });

  it("keeps top-level fields it has no place for in metadata, named as unmapped, and reads a top-level system", () => {
    const result = parseOpenAiChat(
      [
        '{"messages": [{"role": "user", "content": "Weather in Paris?"}], "properties": {"grading": "search first"}}',
        '{"system": "JSON Mode: Enabled", "messages": [{"role": "user", "content": "Capital of Australia?"}, {"role": "assistant", "content": "Canberra"}]}',
        '{"system": 3, "messages": [{"role": "user", "content": "x"}]}',
      ].join("\n"),
    );
    expect(result).toEqual({ ok: false, errors: ["line 3: system: system must be text"] });
    const ok = parseOpenAiChat(fixture);
    if (!ok.ok) throw new Error(ok.errors.join("\n"));
    // The fixture's tools and parallel_tool_calls (line 1) and metadata (line 3) are kept, not dropped.
    // Line 2's message-level weight too (it used to vanish).
    expect(ok.items.map((i) => i.unmapped)).toEqual([["tools", "parallel_tool_calls"], ["messages[].weight"], ["metadata"]]);
    expect(ok.items[0]!.transcript.content.metadata).toMatchObject({ parallel_tool_calls: expect.anything() });
    const two = parseOpenAiChat(
      [
        '{"messages": [{"role": "user", "content": "Weather in Paris?"}], "properties": {"grading": "search first"}}',
        '{"system": "JSON Mode: Enabled", "messages": [{"role": "user", "content": "Capital of Australia?"}, {"role": "assistant", "content": "Canberra"}]}',
      ].join("\n"),
    );
    if (!two.ok) throw new Error(two.errors.join("\n"));
    expect(two.items[0]).toMatchObject({
      unmapped: ["properties"],
      transcript: { content: { metadata: { properties: { grading: "search first" } } } },
    });
    expect(two.items[1]!.unmapped).toBeUndefined();
    expect(two.items[1]!.transcript.content.messages).toEqual([
      { role: "system", content: "JSON Mode: Enabled" },
      { role: "user", content: "Capital of Australia?" },
      { role: "assistant", content: "Canberra" },
    ]);
  });
});
