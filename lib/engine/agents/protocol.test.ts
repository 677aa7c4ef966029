import { describe, expect, it } from "vitest";
import { parseTurnResponse, TurnResponseSchema } from "./protocol";

describe("parseTurnResponse", () => {
  // The fast path must answer exactly as the schema does, for the shape it takes and for its neighbours.
  const bodies: unknown[] = [
    { output: "ok" },
    { output: "" },
    { output: "ok", cost_usd: 0.01, input_tokens: 3, output_tokens: 1 },
    { output: "ok", unknown: 1 },
    { output: 5 },
    { output: null },
    { output: ["ok"] },
    { tool_calls: [{ id: "1", name: "lookup", arguments: {} }] },
    { tool_calls: [] },
    {},
    [],
    ["ok"],
    null,
    "ok",
    42,
    Object.create({ output: "inherited" }),
  ];
  it.each(bodies.map((body) => [JSON.stringify(body) ?? String(body), body]))("%s: the same as the schema", (_, body) => {
    const fast = parseTurnResponse(body);
    const schema = TurnResponseSchema.safeParse(body);
    expect(fast.success).toBe(schema.success);
    if (fast.success && schema.success) expect(fast.data).toEqual(schema.data);
    else expect(fast.error?.issues).toEqual(schema.error?.issues);
  });
});
