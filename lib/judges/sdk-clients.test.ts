import { afterEach, describe, expect, it } from "vitest";
import { acceptsTemperature, createAnthropicProvider } from "../providers/anthropic";
import { startMockLlmServer, type MockFlavor, type MockLlmServer, type MockReply, type MockRequest } from "../providers/mock-server";
import { createOpenAiProvider, isReasoningModel } from "../providers/openai-compatible";
import type { ModelProvider } from "../providers/types";
import { DEFAULT_CALL_POLICY, type CallDeps } from "./call";
import { judgeOne } from "./judge-one";
import type { JudgeVersionLike } from "./request";

/**
 * The official SDK clients (openai, @anthropic-ai/sdk) against local mock servers: the signals their
 * servers send (retry-after-ms, x-should-retry, 408/409, redirects), the parameters reasoning models
 * need, and structured outputs. Retries run in lib/judges/call.ts, so sleeps are recorded, not waited.
 */
const servers: MockLlmServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function mock(flavor: MockFlavor, reply: (r: MockRequest) => MockReply) {
  const server = await startMockLlmServer({ flavor, reply });
  servers.push(server);
  return server;
}

function version(flavor: MockFlavor, baseUrl: string, extra: Partial<JudgeVersionLike> = {}): JudgeVersionLike {
  return {
    id: "v1",
    hash: "h",
    provider: flavor,
    model: flavor === "openai" ? "gpt-4o-2024-08-06" : "claude-sonnet-4-5",
    baseUrl,
    promptTemplate: "Output: {{output}}\nAnswer PASS or FAIL and a reason.",
    params: { temperature: 0, maxTokens: 64, seed: 1 },
    parser: "pass_fail",
    ...extra,
  };
}

function provider(flavor: MockFlavor, baseUrl: string): ModelProvider {
  const apiKey = () => "sk-test";
  return flavor === "openai" ? createOpenAiProvider({ baseUrl, apiKey }) : createAnthropicProvider({ baseUrl, apiKey });
}

function fakeDeps(): CallDeps & { slept: number[] } {
  const slept: number[] = [];
  return { slept, sleep: async (ms) => void slept.push(ms), random: () => 1, now: () => 0 };
}

const input = { taskPrompt: "Refund order 17", output: "Refunded $20 to the card on file." };
const policy = { ...DEFAULT_CALL_POLICY, timeoutMs: 2_000, maxRetries: 2 };

async function judge(flavor: MockFlavor, server: MockLlmServer, extra: Partial<JudgeVersionLike> = {}, deps = fakeDeps()) {
  const outcome = await judgeOne(version(flavor, server.baseUrl, extra), input, "original", {
    provider: provider(flavor, server.baseUrl),
    policy,
    deps,
  });
  return { outcome, deps };
}

describe.each(["openai", "anthropic"] as const)("the %s SDK client against a local mock server", (flavor) => {
  it("waits what retry-after-ms says (it wins over retry-after)", async () => {
    const server = await mock(flavor, (r) =>
      r.attempt === 0
        ? { status: 429, headers: { "retry-after-ms": "1500", "retry-after": "9" }, json: { error: { message: "slow down" } } }
        : { text: "PASS: right amount" },
    );
    const { outcome, deps } = await judge(flavor, server);
    expect(outcome).toMatchObject({ status: "ok", value: "pass" });
    expect(deps.slept).toEqual([1500]);
    expect(server.requests).toHaveLength(2);
  });

  it("does not retry when the server says x-should-retry: false, and does when it says true", async () => {
    const refused = await mock(flavor, () => ({
      status: 503,
      headers: { "x-should-retry": "false" },
      json: { error: { message: "overloaded for this key" } },
    }));
    const { outcome } = await judge(flavor, refused);
    expect(outcome).toMatchObject({ status: "error", value: null });
    expect(outcome.error).toMatch(/Server error 503 .*the server said not to retry/);
    expect(refused.requests).toHaveLength(1);

    const forced = await mock(flavor, (r) =>
      r.attempt === 0
        ? { status: 400, headers: { "x-should-retry": "true" }, json: { error: { message: "try again" } } }
        : { text: "FAIL: wrong card" },
    );
    const again = await judge(flavor, forced);
    expect(again.outcome).toMatchObject({ status: "ok", value: "fail" });
    expect(forced.requests).toHaveLength(2);
  });

  it.each([408, 409])("retries a %i, and one that persists is an error, never a verdict", async (status) => {
    const flaky = await mock(flavor, (r) => (r.attempt === 0 ? { status, json: { error: { message: "again" } } } : { text: "PASS" }));
    expect((await judge(flavor, flaky)).outcome).toMatchObject({ status: "ok", value: "pass" });
    expect(flaky.requests).toHaveLength(2);

    const stuck = await mock(flavor, () => ({ status, json: { error: { message: "again" } } }));
    const { outcome } = await judge(flavor, stuck);
    expect(outcome).toMatchObject({ status: "error", value: null, score: null });
    expect(outcome.error).toMatch(
      status === 408 ? /Request timeout \(408\).*gave up after 3 attempts/ : /Conflict \(409\).*gave up after 3 attempts/,
    );
    expect(stuck.requests).toHaveLength(3);
  });

  it("never follows a redirect: the other host gets nothing and the call is an error", async () => {
    const elsewhere = await mock(flavor, () => ({ text: "PASS" }));
    const redirecting = await mock(flavor, (r) => ({
      status: 307,
      headers: { location: `${elsewhere.baseUrl}${r.path.replace(/^\/v1/, "")}` },
      raw: "",
    }));
    const { outcome } = await judge(flavor, redirecting);
    expect(outcome).toMatchObject({ status: "error", value: null });
    expect(outcome.error).toMatch(/redirect \(307\).*never follow redirects/);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it("asks for a JSON verdict with the parser's schema when the version says so, and reads it", async () => {
    const server = await mock(flavor, () => ({ text: JSON.stringify({ reason: "refunds the right amount", verdict: "PASS" }) }));
    const { outcome } = await judge(flavor, server, { params: { temperature: 0, maxTokens: 64, seed: 1, structuredOutput: true } });
    expect(outcome).toMatchObject({ status: "ok", value: "pass", reason: "refunds the right amount" });
    const body = server.requests[0]!.body;
    const schema = {
      type: "object",
      properties: { reason: { type: "string", description: "One sentence: why." }, verdict: { type: "string", enum: ["PASS", "FAIL"] } },
      required: ["reason", "verdict"],
      additionalProperties: false,
    };
    if (flavor === "openai")
      expect(body.response_format).toEqual({ type: "json_schema", json_schema: { name: "gavel_pass_fail_verdict", strict: true, schema } });
    else expect(body.output_config).toEqual({ format: { type: "json_schema", schema } });

    // Without it, no format is requested (and the request hash, hence every recorded answer, is unchanged).
    const plain = await mock(flavor, () => ({ text: "FAIL: wrong card" }));
    const text = await judge(flavor, plain);
    expect(text.outcome).toMatchObject({ status: "ok", value: "fail" });
    expect(plain.requests[0]!.body.response_format ?? plain.requests[0]!.body.output_config).toBeUndefined();
    expect(text.outcome.requestHash).not.toBe(outcome.requestHash);
  });
});

describe("model-aware parameters", () => {
  it("sends max_completion_tokens and no temperature to OpenAI's reasoning models, the classic pair to others", async () => {
    const server = await mock("openai", () => ({ text: "PASS" }));
    for (const model of [
      "o3-mini",
      "o1",
      "o4-mini-2025-04-16",
      "gpt-5",
      "gpt-5.1-mini",
      "gpt-4o-2024-08-06",
      "llama3.1:8b",
      "gpt-5-chat-latest",
    ]) {
      await judge("openai", server, { model });
    }
    const sent = server.requests.map((r) => ({
      model: r.body.model,
      max_tokens: r.body.max_tokens,
      max_completion_tokens: r.body.max_completion_tokens,
      temperature: r.body.temperature,
    }));
    expect(sent.slice(0, 5)).toEqual(
      ["o3-mini", "o1", "o4-mini-2025-04-16", "gpt-5", "gpt-5.1-mini"].map((model) => ({
        model,
        max_tokens: undefined,
        max_completion_tokens: 64,
        temperature: undefined,
      })),
    );
    expect(sent.slice(5)).toEqual(
      ["gpt-4o-2024-08-06", "llama3.1:8b", "gpt-5-chat-latest"].map((model) => ({
        model,
        max_tokens: 64,
        max_completion_tokens: undefined,
        temperature: 0,
      })),
    );
    expect(isReasoningModel("openai/o3")).toBe(true);
    expect(isReasoningModel("gpt-4.1")).toBe(false);
  });

  it("leaves temperature out for Claude models after Opus 4.6, which reject it", async () => {
    const server = await mock("anthropic", () => ({ text: "PASS" }));
    await judge("anthropic", server, { model: "claude-opus-4-7" });
    await judge("anthropic", server, { model: "claude-sonnet-4-5-20250929" });
    expect(server.requests.map((r) => r.body.temperature)).toEqual([undefined, 0]);
    expect(["claude-3-5-haiku-latest", "claude-opus-4-6", "claude-sonnet-4-5", "mistral-large"].every(acceptsTemperature)).toBe(true);
    expect(["claude-opus-4-7", "claude-sonnet-5", "claude-haiku-5-1"].some(acceptsTemperature)).toBe(false);
  });
});
