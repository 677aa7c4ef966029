import { afterEach, describe, expect, it } from "vitest";
import { startMockServer, type MockServer } from "@/lib/testing/mock-server";
import { refundTasks } from "@/lib/testing/refund-fixtures";
import { mockDeps } from "../deps";
import { runSuite } from "../run-suite";
import { resolveAgent } from "./index";
import { retryAfterMs, type RequestLimiter } from "./limiter";
import { checkRateLimitable, rateLimitKey } from "./specs";

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A limiter that records what the agent did with it, and how many permits are held at each moment. */
function recordingLimiter() {
  const events: string[] = [];
  let held = 0;
  const limiter: RequestLimiter = {
    async acquire() {
      held++;
      events.push("acquire");
      return {
        async release(result = {}) {
          held--;
          events.push(result.rateLimited ? `release 429 (${result.retryAfterMs} ms)` : "release");
        },
      };
    },
  };
  return { limiter, events, held: () => held };
}

async function runOne(agentSpec: string, limiter: RequestLimiter) {
  const agent = await resolveAgent(agentSpec, { limiter });
  const { record } = await runSuite(await refundTasks(["refund-full-card"]), { trials: 1, concurrency: 1 }, mockDeps(agent).deps);
  return record.tasks[0]!.trials[0]!;
}

describe("rate-limit keys", () => {
  it("name the endpoint of an HTTP agent and the base URL and model of an OpenAI agent", () => {
    expect(rateLimitKey("http://127.0.0.1:8080/agent?x=1")).toBe("http:http://127.0.0.1:8080/agent");
    expect(rateLimitKey("openai:gpt-4o-mini?base_url=http://127.0.0.1:9/v1/&temperature=0")).toBe(
      "openai:http://127.0.0.1:9/v1#gpt-4o-mini",
    );
    expect(rateLimitKey("openai:gpt-4o", {})).toBe("openai:https://api.openai.com/v1#gpt-4o");
    expect(rateLimitKey("module:agents.ts#x")).toBeNull();
  });

  it("are refused for agents that make their own requests", () => {
    expect(() => checkRateLimitable("cmd:python agent.py", { concurrentRequests: 2 })).toThrow(/cmd:python makes its own requests/);
    expect(() => checkRateLimitable("cmd:python agent.py", {})).not.toThrow();
  });

  it("read Retry-After in seconds, as a date, or retry-after-ms", () => {
    const h = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });
    expect(retryAfterMs(h({ "retry-after": "2" }))).toBe(2000);
    expect(retryAfterMs(h({ "retry-after-ms": "150", "retry-after": "2" }))).toBe(150);
    expect(retryAfterMs(h({ "retry-after": new Date(10_000).toUTCString() }), 4_000)).toBe(6_000);
    expect(retryAfterMs(h({}))).toBeNull();
  });
});

describe("agents under a limiter", () => {
  it("an HTTP agent holds a permit around every POST; a 429 is released as such and the turn is tried again", async () => {
    const { limiter, events, held } = recordingLimiter();
    const heldAtServer: number[] = [];
    let calls = 0;
    server = await startMockServer(() => {
      heldAtServer.push(held());
      calls++;
      if (calls === 1) return [429, { error: "slow down" }, { "retry-after": "2" }];
      return [200, { output: "Refunded $50.00 for order A1001." }];
    });
    const trial = await runOne(`${server.url}/agent`, limiter);
    expect(trial.verdict).not.toBe("error");
    expect(heldAtServer).toEqual([1, 1]);
    expect(events).toEqual(["acquire", "release 429 (2000 ms)", "acquire", "release"]);
  });

  it("an OpenAI agent's every HTTP attempt, the client's own retries included, goes through the limiter", async () => {
    const { limiter, events, held } = recordingLimiter();
    const heldAtServer: number[] = [];
    server = await startMockServer(() => {
      heldAtServer.push(held());
      if (heldAtServer.length === 1) return [429, { error: { message: "rate limited" } }, { "retry-after-ms": "5" }];
      return [200, { choices: [{ message: { role: "assistant", content: "Refunded." } }] }];
    });
    await runOne(`openai:gpt-test?base_url=${server.url}/v1&max_retries=1`, limiter);
    expect(heldAtServer).toEqual([1, 1]);
    expect(events).toEqual(["acquire", "release 429 (5 ms)", "acquire", "release"]);
  });
});
