import { afterEach, describe, expect, it } from "vitest";
import { startMockServer, type MockServer } from "@/lib/testing/mock-server";
import { refundTasks } from "@/lib/testing/refund-fixtures";
import { mockDeps } from "../deps";
import { runSuite } from "../run-suite";
import { AgentSpecError, resolveAgent } from "./index";
import { parseOpenAiSpec } from "./openai";

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type ChatBody = {
  model: string;
  messages: { role: string; content: string | null; tool_call_id?: string }[];
  tools?: { function: { name: string } }[];
};

const call = (id: string, name: string, args: unknown) => ({ id, type: "function", function: { name, arguments: JSON.stringify(args) } });
const reply = (message: Record<string, unknown>) =>
  [
    200,
    { choices: [{ message: { role: "assistant", content: null, ...message } }], usage: { prompt_tokens: 1000, completion_tokens: 100 } },
  ] as [number, unknown];

async function run(ids: string[], handler: Parameters<typeof startMockServer>[0], query = "", stop: Record<string, number> = {}) {
  server = await startMockServer(handler);
  const agent = await resolveAgent(`openai:gpt-test?base_url=${server.url}/v1${query}`);
  const { record } = await runSuite(await refundTasks(ids, stop), { trials: 1, concurrency: 1 }, mockDeps(agent).deps);
  return record.tasks[0]!.trials[0]!;
}

describe("the OpenAI-compatible adapter", () => {
  it("never follows a redirect: the trial errors naming it and the other host gets nothing", async () => {
    const elsewhere = await startMockServer(() => reply({ content: "from the other host" }));
    try {
      const trial = await run(["refund-full-card"], () => [302, {}, { location: `${elsewhere.url}/v1/chat/completions` }]);
      expect(trial.verdict).toBe("error");
      expect(trial.stop).toMatchObject({ kind: "agent_error", message: expect.stringMatching(/302/) });
      expect(elsewhere.bodies).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it("lets the model drive the sandbox with function calls and prices its tokens", async () => {
    const trial = await run(
      ["refund-full-card"],
      (body) => {
        const turn = (body as ChatBody).messages.filter((m) => m.role === "tool").length;
        if (turn === 0) return reply({ tool_calls: [call("c1", "get_order", { order_id: "A1001" })] });
        if (turn === 1)
          return reply({
            tool_calls: [
              call("c2", "issue_refund", { order_id: "A1001", amount: 50 }),
              call("c3", "send_confirmation", { email: "ana@example.com" }),
            ],
          });
        return reply({ content: "Refunded $50.00 for order A1001." });
      },
      "&price_in=2&price_out=8",
    );
    expect(trial.verdict).toBe("pass");
    expect(trial.trajectory.map((s) => s.tool)).toEqual(["get_order", "issue_refund", "send_confirmation"]);
    expect(trial.tokens).toEqual({ input: 3000, output: 300 });
    expect(trial.costUsd).toBeCloseTo((3000 * 2 + 300 * 8) / 1e6, 12);
    const [first, , last] = server!.bodies as ChatBody[];
    expect(first!.model).toBe("gpt-test");
    expect(first!.tools!.map((t) => t.function.name)).toEqual(["get_order", "issue_refund", "send_confirmation"]);
    expect(first!.messages).toEqual([{ role: "user", content: "Hi, I'd like a refund for order A1001, the headphones stopped working." }]);
    expect(last!.messages.filter((m) => m.role === "tool").map((m) => m.tool_call_id)).toEqual(["c1", "c2", "c3"]);
    expect(JSON.parse(last!.messages[2]!.content!)).toMatchObject({ order_id: "A1001", total: 50 });
  });

  it("blocks a proposed call outside allowed_tools: the model proposes, the runner decides", async () => {
    const trial = await run(["status-delivered"], () =>
      reply({ tool_calls: [call("c1", "issue_refund", { order_id: "A1001", amount: 50 })] }),
    );
    expect(server!.bodies).toHaveLength(1);
    expect(trial.verdict).toBe("fail");
    expect(trial.trajectory[0]).toMatchObject({ tool: "issue_refund", blocked: true });
    expect(trial.finalState).toMatchObject({ refunds: [] });
  });

  it("stops a model whose spend crosses max_cost_usd", async () => {
    const trial = await run(
      ["refund-full-card"],
      () => reply({ tool_calls: [call("c", "get_order", { order_id: "A1001" })] }),
      "&price_in=10&price_out=10",
      { max_cost_usd: 0.02 },
    );
    expect(trial.stop?.kind).toBe("max_cost");
    expect(trial.verdict).toBe("fail");
    expect(server!.bodies).toHaveLength(2); // 0.011 after one turn, 0.022 after the second
  });

  it("records malformed tool arguments as sent and lets the sandbox refuse them", async () => {
    const trial = await run(["refund-full-card"], (body) =>
      (body as ChatBody).messages.some((m) => m.role === "tool")
        ? reply({ content: "gave up" })
        : reply({ tool_calls: [{ id: "c1", type: "function", function: { name: "get_order", arguments: "{order_id: A1001" } }] }),
    );
    expect(trial.trajectory[0]).toMatchObject({
      args: "{order_id: A1001",
      error: expect.stringContaining("invalid arguments for get_order"),
    });
    expect(trial.verdict).toBe("fail");
  });

  it("retries a 429 the way the official client does (retry-after-ms), so one rate limit does not fail the trial", async () => {
    let calls = 0;
    const trial = await run(["status-delivered"], () =>
      calls++ === 0
        ? [429, { error: { message: "rate limited" } }, { "retry-after-ms": "20" }]
        : reply({ content: "Your order A1001 was delivered." }),
    );
    expect(server!.bodies).toHaveLength(2);
    expect(trial.stop ?? null).toBeNull();
    expect(trial.output).toContain("delivered");
  });

  it("gives up after max_retries and says what the endpoint answered", async () => {
    const trial = await run(
      ["status-delivered"],
      () => [503, { error: { message: "overloaded" } }, { "retry-after-ms": "5" }],
      "&max_retries=1",
    );
    expect(server!.bodies).toHaveLength(2);
    expect(trial.verdict).toBe("error");
    expect(trial.stop).toMatchObject({ kind: "agent_error", message: expect.stringMatching(/HTTP 503/) });
  });

  it("needs a key for a remote endpoint but not for a local mock", () => {
    expect(() => parseOpenAiSpec("openai:gpt-4o", {})).toThrow(AgentSpecError);
    expect(() => parseOpenAiSpec("openai:gpt-4o", {})).toThrow("OPENAI_API_KEY is not set");
    expect(parseOpenAiSpec("openai:gpt-4o?base_url=http://127.0.0.1:9/v1", {})).toMatchObject({
      model: "gpt-4o",
      apiKey: undefined,
      priceIn: null,
    });
    expect(parseOpenAiSpec("openai:m", { OPENAI_API_KEY: "k", OPENAI_BASE_URL: "https://example.test/v1/" }).baseUrl).toBe(
      "https://example.test/v1",
    );
  });
});

describe("agent specs", () => {
  it("rejects unknown schemes, missing modules and missing exports", async () => {
    await expect(resolveAgent("ftp://x")).rejects.toThrow(/unknown agent spec/);
    await expect(resolveAgent("module:nope.ts#x")).rejects.toThrow(/no module at nope\.ts/);
    await expect(resolveAgent("module:datasets/smoke/agent.ts#nothing")).rejects.toThrow(/exports no agent function "nothing"/);
    await expect(resolveAgent("cmd:")).rejects.toThrow(AgentSpecError);
  });
});
