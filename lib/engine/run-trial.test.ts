import { describe, expect, it } from "vitest";
import { agentOf, spySandbox, spySuite } from "@/lib/testing/engine-fixtures";
import { mockDeps } from "./deps";
import { runSuite } from "./run-suite";
import { runTrial } from "./run-trial";
import { ToolCallError, TrialStopped } from "../trial/types";

const base = { graders: ["tools", { kind: "state", assertions: ["count >= 0"] }] };

async function oneTrial(task: Record<string, unknown>, run: Parameters<typeof agentOf>[0]) {
  const spy = spySandbox();
  const suite = await spySuite([{ id: "t", prompt: "go", ...base, ...task }], spy.sandbox);
  const trial = await runTrial(suite.tasks[0]!, 0, { runId: "r", agent: agentOf(run), sandbox: spy.sandbox, now: () => performance.now() });
  return { trial, executed: spy.executed };
}

describe("the runner enforces allowed_tools", () => {
  it("stops a call outside allowed_tools before the sandbox executes it", async () => {
    let afterStop: unknown;
    const { trial, executed } = await oneTrial({ allowed_tools: ["read"] }, async (_input, env) => {
      await env.callTool("read", {});
      try {
        await env.callTool("bump", { by: 5 });
      } catch (error) {
        // A stubborn agent keeps going: the runner refuses every further call too.
        afterStop = await env.callTool("bump", {}).catch((e: unknown) => e);
        throw error;
      }
      return "done";
    });
    expect(executed).toEqual(["read"]);
    expect(afterStop).toBeInstanceOf(TrialStopped);
    expect(trial.verdict).toBe("fail");
    expect(trial.stop).toMatchObject({ kind: "blocked_tool", step: 1 });
    expect(trial.trajectory).toHaveLength(2);
    expect(trial.trajectory[1]).toMatchObject({
      tool: "bump",
      args: { by: 5 },
      blocked: true,
      error: "bump is outside allowed_tools (read)",
    });
    expect(trial.trajectory[1]!.result).toBeUndefined();
    expect(trial.finalState).toEqual({ count: 0 });
    expect(trial.failingStep).toBe(1);
    expect(trial.trajectory[1]!.failing).toContain("outside allowed_tools");
    expect(trial.graders.find((g) => g.kind === "tools")).toMatchObject({ status: "fail", step: 1 });
  });

  it("refuses an unknown tool the same way", async () => {
    const { trial, executed } = await oneTrial({}, async (_input, env) => {
      await env.callTool("delete_everything", {});
      return "done";
    });
    expect(executed).toEqual([]);
    expect(trial.stop).toMatchObject({ kind: "blocked_tool" });
    expect(trial.trajectory[0]).toMatchObject({ blocked: true, error: 'unknown tool "delete_everything"' });
  });

  it("offers the agent only the allowed tools", async () => {
    let offered: string[] = [];
    await oneTrial({ allowed_tools: ["read", "bump"] }, (input) => {
      offered = input.tools.map((t) => t.name);
      return "ok";
    });
    expect(offered).toEqual(["read", "bump"]);
  });
});

describe("budgets", () => {
  it("stops at max_steps: the call past the limit never runs", async () => {
    const { trial, executed } = await oneTrial({ stop_conditions: { max_steps: 3 } }, async (_input, env) => {
      for (;;) await env.callTool("bump", {});
    });
    expect(executed).toEqual(["bump", "bump", "bump"]);
    expect(trial.finalState).toEqual({ count: 3 });
    expect(trial.verdict).toBe("fail");
    expect(trial.stop).toMatchObject({ kind: "max_steps", step: 3 });
    expect(trial.trajectory[3]).toMatchObject({ blocked: true, error: "a call past max_steps (3)" });
  });

  it("stops when spend crosses max_cost_usd", async () => {
    const { trial, executed } = await oneTrial({ stop_conditions: { max_cost_usd: 0.01 } }, async (_input, env) => {
      for (;;) {
        env.reportUsage({ costUsd: 0.004 });
        await env.callTool("read", {});
      }
    });
    expect(executed).toEqual(["read", "read"]);
    expect(trial.verdict).toBe("fail");
    expect(trial.stop?.kind).toBe("max_cost");
    expect(trial.costUsd).toBeCloseTo(0.012, 10);
  });

  it("counts cost once when the agent reports usage and returns the same total", async () => {
    const { trial } = await oneTrial({}, async (_input, env) => {
      env.reportUsage({ costUsd: 0.012, inputTokens: 100, outputTokens: 10 });
      await env.callTool("read", {});
      env.reportUsage({ costUsd: 0.012, inputTokens: 100, outputTokens: 10 });
      return { output: "done", costUsd: 0.024, inputTokens: 200, outputTokens: 20 };
    });
    expect(trial.costUsd).toBeCloseTo(0.024, 12);
    expect(trial.tokens).toEqual({ input: 200, output: 20 });
  });

  it("takes a returned total that is larger than the usage reported on the way, and one reported only at the end", async () => {
    const more = await oneTrial({}, async (_input, env) => {
      env.reportUsage({ costUsd: 0.01 });
      return { output: "done", costUsd: 0.03 };
    });
    expect(more.trial.costUsd).toBeCloseTo(0.03, 12);
    const onlyFinal = await oneTrial({}, () => ({ output: "done", costUsd: 0.005 }));
    expect(onlyFinal.trial.costUsd).toBeCloseTo(0.005, 12);
    const none = await oneTrial({}, () => "done");
    expect(none.trial.costUsd).toBeNull();
  });

  it("cuts off a hung agent at its wall-clock budget and records an error", async () => {
    const { trial } = await oneTrial({ stop_conditions: { max_wall_clock_s: 0.2 } }, () => new Promise<string>(() => undefined));
    expect(trial.verdict).toBe("error");
    expect(trial.stop).toMatchObject({ kind: "timeout", message: "cut off at the wall-clock budget of 0.2 s" });
    expect(trial.graders).toEqual([]);
    expect(trial.latencyMs).toBeLessThan(5000);
  });

  it("cuts off a hung tool and marks the step it hung in", async () => {
    let signalled = false;
    const { trial, executed } = await oneTrial({ stop_conditions: { max_wall_clock_s: 0.2 } }, async (_input, env) => {
      env.signal.addEventListener("abort", () => (signalled = true));
      await env.callTool("read", {});
      await env.callTool("hang", {});
      return "never";
    });
    expect(executed).toEqual(["read", "hang"]);
    expect(signalled).toBe(true);
    expect(trial.verdict).toBe("error");
    expect(trial.stop).toMatchObject({ kind: "timeout", step: 1 });
    expect(trial.failingStep).toBe(1);
    expect(trial.trajectory[1]).toMatchObject({ tool: "hang", error: "cut off at the wall-clock budget (0.2 s)" });
  });
});

describe("tools and agents", () => {
  it("reports a tool's error to the agent and records it", async () => {
    const { trial } = await oneTrial({}, async (_input, env) => {
      const error = await env.callTool("explode", {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ToolCallError);
      return "recovered";
    });
    expect(trial.trajectory[0]).toMatchObject({ tool: "explode", error: "boom" });
    expect(trial.verdict).toBe("pass");
    expect(trial.output).toBe("recovered");
  });

  it("rejects arguments that do not fit the tool's schema before it runs", async () => {
    const { trial, executed } = await oneTrial({}, async (_input, env) => {
      await env.callTool("bump", { by: "lots" }).catch(() => undefined);
      return "x";
    });
    expect(executed).toEqual([]);
    expect(trial.trajectory[0]!.error).toMatch(/invalid arguments for bump: args\/by must be number/);
  });

  it("keeps the recorded step when the agent changes the result it got", async () => {
    const { trial } = await oneTrial({}, async (_input, env) => {
      const result = (await env.callTool("bump", {})) as { count: number };
      result.count = 999;
      return "x";
    });
    expect(trial.trajectory[0]!.result).toEqual({ count: 1 });
  });

  it("records a crashing agent as an error, never a pass", async () => {
    const { trial } = await oneTrial({}, () => {
      throw new Error("segfault");
    });
    expect(trial.verdict).toBe("error");
    expect(trial.reason).toBe("agent failed: segfault");
  });
});

describe("trials", () => {
  it("starts every trial from a fresh sandbox", async () => {
    const spy = spySandbox();
    const suite = await spySuite(
      [{ id: "t", prompt: "go", graders: [{ kind: "state", assertions: ["count == 1"] }], seed: { count: 0 } }],
      spy.sandbox,
    );
    const seen: number[] = [];
    const agent = agentOf(async (_input, env) => {
      seen.push(((await env.callTool("read", {})) as { count: number }).count);
      await env.callTool("bump", {});
      return "ok";
    });
    const mock = mockDeps(agent);
    const { record } = await runSuite(suite, { trials: 5, concurrency: 3 }, mock.deps);
    expect(seen).toEqual([0, 0, 0, 0, 0]);
    expect(record.tasks[0]!.stats).toMatchObject({ n: 5, c: 5, passAtK: 1, passPowerK: 1, status: "pass" });
    expect(mock.trials).toHaveLength(5);
  });

  it("never runs more than `concurrency` trials at once", async () => {
    const spy = spySandbox();
    const suite = await spySuite(
      Array.from({ length: 6 }, (_, i) => ({ id: `t${i}`, prompt: "go", graders: [{ kind: "state", assertions: ["count == 0"] }] })),
      spy.sandbox,
    );
    let active = 0;
    let peak = 0;
    const agent = agentOf(async () => {
      peak = Math.max(peak, ++active);
      await new Promise((r) => setTimeout(r, 10));
      active--;
      return "ok";
    });
    await runSuite(suite, { trials: 3, concurrency: 4 }, mockDeps(agent).deps);
    expect(peak).toBe(4);
  });
});
