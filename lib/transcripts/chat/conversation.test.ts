import { describe, expect, it } from "vitest";
import { assemble, type ModelCall, type Timed, type ToolRun } from "./conversation";
import { readMessage, type ReadMessage } from "./messages";

const msg = (raw: Record<string, unknown>, role: "user" | "assistant" = "user"): ReadMessage => {
  const read = readMessage(raw, role);
  if (typeof read === "string") throw new Error(read);
  return read;
};
const model = (
  start: number,
  end: number,
  inputs: Record<string, unknown>[],
  outputs: Record<string, unknown>[],
  extra: Partial<ModelCall> = {},
): Timed<ModelCall> => ({
  start: BigInt(start),
  end: BigInt(end),
  order: start,
  item: { kind: "model", inputs: inputs.map((m) => msg(m)), outputs: outputs.map((m) => msg(m, "assistant")), ...extra },
});
const tool = (start: number, run: Omit<ToolRun, "kind">, order = start): Timed<ToolRun> => ({
  start: BigInt(start),
  end: BigInt(start + 1),
  order,
  item: { kind: "tool", ...run },
});

const user = { role: "user", content: "Check A1 and A2." };
const twoCalls = (ids: boolean) => ({
  role: "assistant",
  tool_calls: [
    { ...(ids ? { id: "c1" } : {}), function: { name: "get_order", arguments: '{"id":"A1"}' } },
    { ...(ids ? { id: "c2" } : {}), function: { name: "get_order", arguments: '{"id":"A2"}' } },
  ],
});

describe("assemble", () => {
  it("pairs parallel tool runs by id, else by equal arguments, else by order", () => {
    const byArgs = assemble(
      [model(0, 10, [user], [twoCalls(true)])],
      [
        tool(20, { name: "get_order", arguments: { id: "A2" }, result: "two" }),
        tool(20, { name: "get_order", arguments: { id: "A1" }, result: "one" }, 21),
      ],
    );
    expect(byArgs[1]!.toolCalls!.map((c) => [c.id, c.result])).toEqual([
      ["c1", "one"],
      ["c2", "two"],
    ]);
    const byOrder = assemble(
      [model(0, 10, [user], [twoCalls(false)])],
      [tool(20, { name: "get_order", result: "one" }), tool(21, { name: "get_order", result: "two" })],
    );
    expect(byOrder).toHaveLength(2);
    expect(byOrder[1]!.toolCalls!.map((c) => c.result)).toEqual(["one", "two"]);
    const byId = assemble(
      [model(0, 10, [user], [twoCalls(true)])],
      [tool(20, { id: "c2", name: "get_order", result: "two" }), tool(21, { id: "c1", name: "get_order", result: "one", error: "late" })],
    );
    expect(byId[1]!.toolCalls).toEqual([
      { id: "c1", name: "get_order", arguments: { id: "A1" }, result: "one", error: "late" },
      { id: "c2", name: "get_order", arguments: { id: "A2" }, result: "two" },
    ]);
  });

  it("answers the oldest unanswered call with a tool result that has no id", () => {
    const messages = assemble(
      [
        model(0, 10, [user], [twoCalls(false)]),
        model(
          20,
          30,
          [user, twoCalls(false), { role: "tool", content: "one" }, { role: "tool", content: "two" }],
          [{ role: "assistant", content: "Done." }],
        ),
      ],
      [],
    );
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "assistant"]);
    expect(messages[1]!.toolCalls!.map((c) => c.result)).toEqual(["one", "two"]);
  });

  it("keeps a call once when a later request splits its message (Responses API)", () => {
    const split = [
      user,
      { role: "assistant", tool_calls: [{ id: "c1", function: { name: "get_order", arguments: '{"id":"A1"}' } }] },
      { role: "assistant", tool_calls: [{ id: "c2", function: { name: "get_order", arguments: '{"id":"A2"}' } }] },
    ];
    const messages = assemble([model(0, 10, [user], [twoCalls(true)]), model(9, 30, split, [{ role: "assistant", content: "Done." }])], []);
    expect(messages.map((m) => m.toolCalls?.length ?? 0)).toEqual([0, 2, 0]);
  });

  it("places a tool run no model asked for by its time, as its own call", () => {
    const messages = assemble(
      [
        model(0, 10, [user], [{ role: "assistant", content: "Looking." }]),
        model(30, 40, [user, { role: "assistant", content: "Looking." }], [{ role: "assistant", content: "Done." }]),
      ],
      [tool(20, { id: "x", name: "audit_log", error: "disk full" })],
    );
    expect(messages.map((m) => m.content ?? m.toolCalls![0]!.name)).toEqual(["Check A1 and A2.", "Looking.", "audit_log", "Done."]);
    expect(messages[2]!.toolCalls![0]).toEqual({ id: "x", name: "audit_log", error: "disk full" });
  });

  it("reads an agent's repeated output after its model calls, even when the agent span ended first", () => {
    const messages = assemble(
      [
        model(0, 50, [user], [{ role: "assistant", content: "Done." }], { outputsRepeat: true }),
        model(10, 51, [user], [{ role: "assistant", content: "Done." }]),
      ],
      [],
    );
    expect(messages.map((m) => m.content)).toEqual(["Check A1 and A2.", "Done."]);
  });

  it("says the same thing twice when the model did", () => {
    const messages = assemble(
      [
        model(0, 10, [user], [{ role: "assistant", content: "OK" }]),
        model(
          20,
          30,
          [user, { role: "assistant", content: "OK" }, { role: "user", content: "Again?" }],
          [{ role: "assistant", content: "OK" }],
        ),
      ],
      [],
    );
    expect(messages.map((m) => m.content)).toEqual(["Check A1 and A2.", "OK", "Again?", "OK"]);
  });
});
