import { afterEach, describe, expect, it } from "vitest";
import { createAnthropicProvider } from "../providers/anthropic";
import { startMockLlmServer, type MockFlavor, type MockLlmServer, type MockReply, type MockRequest } from "../providers/mock-server";
import { createOpenAiProvider } from "../providers/openai-compatible";
import type { ModelProvider } from "../providers/types";
import { DEFAULT_CALL_POLICY, type CallDeps } from "./call";
import { judgeOne } from "./judge-one";
import type { JudgeVersionLike } from "./request";

const KEY = "sk-test-key-that-must-never-be-stored";
const servers: MockLlmServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function version(baseUrl: string | null, provider: MockFlavor = "openai"): JudgeVersionLike {
  return {
    id: "v1",
    hash: "h",
    provider,
    model: "gpt-4o-2024-08-06",
    baseUrl,
    promptTemplate: "Task: {{task_prompt}}\nOutput: {{output}}\nAnswer PASS or FAIL and a reason.",
    params: { temperature: 0, maxTokens: 64, seed: 1 },
    parser: "pass_fail",
  };
}

function provider(flavor: MockFlavor, baseUrl: string, key: string | null = KEY): ModelProvider {
  const apiKey = () => key ?? undefined;
  return flavor === "openai" ? createOpenAiProvider({ baseUrl, apiKey }) : createAnthropicProvider({ baseUrl, apiKey });
}

/** Sleeps are recorded, not waited: the test checks the backoff schedule, not the clock. */
function fakeDeps(): CallDeps & { slept: number[] } {
  const slept: number[] = [];
  return { slept, sleep: async (ms) => void slept.push(ms), random: () => 1, now: () => 0 };
}

async function mock(flavor: MockFlavor, reply: (r: MockRequest) => MockReply) {
  const server = await startMockLlmServer({ flavor, reply });
  servers.push(server);
  return server;
}

const input = { taskPrompt: "Refund order 17", output: "Refunded $20 to the card on file." };
const policy = { ...DEFAULT_CALL_POLICY, timeoutMs: 300, maxRetries: 2 };

describe.each(["openai", "anthropic"] as const)("%s provider against a local mock server", (flavor) => {
  it("reads a verdict with its reason, tokens and cost, and sends the key only in a header", async () => {
    const server = await mock(flavor, () => ({ text: "PASS: refunds the right amount", tokensIn: 120, tokensOut: 8 }));
    const deps = fakeDeps();
    const outcome = await judgeOne(version(server.baseUrl, flavor), input, "original", {
      provider: provider(flavor, server.baseUrl),
      policy,
      deps,
    });
    expect(outcome).toMatchObject({
      status: "ok",
      value: "pass",
      score: 1,
      reason: "refunds the right amount",
      tokensIn: 120,
      tokensOut: 8,
      costUsd: 0,
      error: null,
    });
    expect(outcome.requestHash).toMatch(/^[0-9a-f]{64}$/);
    const headers = server.requests[0]!.headers;
    expect(flavor === "openai" ? headers.authorization : headers["x-api-key"]).toBe(flavor === "openai" ? `Bearer ${KEY}` : KEY);
    if (flavor === "anthropic") expect(headers["anthropic-version"]).toBe("2023-06-01");
    expect(JSON.stringify(outcome)).not.toContain(KEY);
    expect(JSON.stringify(outcome.rawRequest)).toContain("Refunded $20");
  });

  it("retries a 429 after the server's Retry-After, then succeeds", async () => {
    const server = await mock(flavor, (r) =>
      r.attempt === 0 ? { status: 429, headers: { "retry-after": "2" }, json: { error: "slow down" } } : { text: "FAIL: wrong card" },
    );
    const deps = fakeDeps();
    const outcome = await judgeOne(version(server.baseUrl, flavor), input, "original", {
      provider: provider(flavor, server.baseUrl),
      policy,
      deps,
    });
    expect(outcome).toMatchObject({ status: "ok", value: "fail" });
    expect(server.requests).toHaveLength(2);
    expect(deps.slept).toEqual([2000]);
  });

  it("gives up on a 429 that never ends: an error, never a pass", async () => {
    const server = await mock(flavor, () => ({ status: 429, json: { error: "quota" } }));
    const deps = fakeDeps();
    const outcome = await judgeOne(version(server.baseUrl, flavor), input, "original", {
      provider: provider(flavor, server.baseUrl),
      policy,
      deps,
    });
    expect(outcome).toMatchObject({ status: "error", value: null, score: null });
    expect(outcome.error).toMatch(/Rate limited \(429\).*gave up after 3 attempts/);
    expect(server.requests).toHaveLength(3);
    // exponential backoff with (fake) full jitter at its top: 500 ms, then 1000 ms
    expect(deps.slept).toEqual([500, 1000]);
  });

  it("does not wait for a Retry-After beyond the cap", async () => {
    const server = await mock(flavor, () => ({ status: 429, headers: { "retry-after": "3600" }, json: {} }));
    const deps = fakeDeps();
    const outcome = await judgeOne(version(server.baseUrl, flavor), input, "original", {
      provider: provider(flavor, server.baseUrl),
      policy,
      deps,
    });
    expect(outcome.status).toBe("error");
    expect(outcome.error).toContain("asked to wait 3600 s");
    expect(deps.slept).toEqual([]);
  });

  it("retries a 500, and a 500 that persists is an error", async () => {
    const flaky = await mock(flavor, (r) => (r.attempt < 2 ? { status: 500, json: { error: "boom" } } : { text: "PASS" }));
    const recovered = await judgeOne(version(flaky.baseUrl, flavor), input, "original", {
      provider: provider(flavor, flaky.baseUrl),
      policy,
      deps: fakeDeps(),
    });
    expect(recovered).toMatchObject({ status: "ok", value: "pass" });
    expect(flaky.requests).toHaveLength(3);

    const broken = await mock(flavor, () => ({ status: 503, json: { error: "down" } }));
    const outcome = await judgeOne(version(broken.baseUrl, flavor), input, "original", {
      provider: provider(flavor, broken.baseUrl),
      policy,
      deps: fakeDeps(),
    });
    expect(outcome).toMatchObject({ status: "error", value: null });
    expect(outcome.error).toMatch(/Server error 503/);
  });

  it("abandons a call that never answers, retries it, then records a timeout error", async () => {
    const server = await mock(flavor, () => ({ hang: true }));
    const outcome = await judgeOne(version(server.baseUrl, flavor), input, "original", {
      provider: provider(flavor, server.baseUrl),
      policy,
      deps: fakeDeps(),
    });
    expect(outcome).toMatchObject({ status: "error", value: null });
    expect(outcome.error).toMatch(/No answer within 300 ms.*gave up after 3 attempts/);
    expect(server.requests).toHaveLength(3);
  });

  it.each<[string, MockReply, RegExp]>([
    ["a body that is not JSON", { raw: "<html>gateway</html>" }, /not a JSON object/],
    ["JSON without an answer", { json: { id: "x" } }, /no (choices\[0\]|text content)/],
    ["an answer that is not a verdict", { text: "It depends on the refund policy." }, /Unparseable answer: Expected PASS or FAIL/],
    ["an ambiguous answer", { text: "PASS\nOn reflection:\nFAIL" }, /Ambiguous/],
  ])("treats %s as an error and keeps the raw answer", async (_name, reply, message) => {
    const server = await mock(flavor, () => reply);
    const outcome = await judgeOne(version(server.baseUrl, flavor), input, "original", {
      provider: provider(flavor, server.baseUrl),
      policy,
      deps: fakeDeps(),
    });
    expect(outcome).toMatchObject({ status: "error", value: null, score: null });
    expect(outcome.error).toMatch(message);
    expect(outcome.rawResponse).toBeTruthy();
    expect(server.requests).toHaveLength(1);
  });

  it("does not retry a rejected key (401)", async () => {
    const server = await mock(flavor, () => ({ status: 401, json: { error: "invalid key" } }));
    const outcome = await judgeOne(version(server.baseUrl, flavor), input, "original", {
      provider: provider(flavor, server.baseUrl),
      policy,
      deps: fakeDeps(),
    });
    expect(outcome.status).toBe("error");
    expect(outcome.error).toMatch(/rejected \(401\)/);
    expect(server.requests).toHaveLength(1);
  });

  it("skips, without calling, a remote endpoint when no key is set; a local one runs keyless", async () => {
    const remote = "https://judge.example.invalid/v1";
    const skipped = await judgeOne(version(remote, flavor), input, "original", {
      provider: provider(flavor, remote, null),
      policy,
      deps: fakeDeps(),
    });
    expect(skipped).toMatchObject({ status: "skipped", value: null, reason: "no API key" });
    expect(skipped.error).toContain(flavor === "openai" ? "OPENAI_API_KEY" : "ANTHROPIC_API_KEY");

    const server = await mock(flavor, () => ({ text: "PASS" }));
    const local = await judgeOne(version(server.baseUrl, flavor), input, "original", {
      provider: provider(flavor, server.baseUrl, null),
      policy,
      deps: fakeDeps(),
    });
    expect(local.status).toBe("ok");
    const headers = server.requests[0]!.headers;
    expect(headers.authorization ?? headers["x-api-key"]).toBeUndefined();
  });
});

describe("judgeOne, pairwise in the swapped order", () => {
  it("shows the outputs swapped and maps the answer back to the original order", async () => {
    const server = await mock("openai", () => ({ text: "A: the first one shown is better" }));
    const pairwise: JudgeVersionLike = {
      ...version(server.baseUrl),
      parser: "pairwise",
      promptTemplate: "1) {{output_a}}\n2) {{output_b}}\nA or B?",
    };
    const item = { taskPrompt: "t", outputA: "first-output", outputB: "second-output" };
    const outcome = await judgeOne(pairwise, item, "swapped", { provider: provider("openai", server.baseUrl), policy, deps: fakeDeps() });
    const prompt = JSON.stringify(server.requests[0]!.body.messages);
    expect(prompt.indexOf("second-output")).toBeLessThan(prompt.indexOf("first-output"));
    expect(outcome).toMatchObject({ status: "ok", value: "B", order: "swapped" });
  });
});
