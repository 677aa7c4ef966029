import { afterEach, describe, expect, it } from "vitest";
import { startMockServer, type MockServer } from "@/lib/testing/mock-server";
import { refundTasks } from "@/lib/testing/refund-fixtures";
import { mockDeps } from "../deps";
import { runSuite } from "../run-suite";
import { resolveAgent } from "./index";

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Request = { turn: number; history: { tool_call: { name: string }; result?: { total?: number }; error?: string }[]; task_id: string };

async function run(ids: string[], handler: Parameters<typeof startMockServer>[0], stop: Record<string, number> = {}) {
  server = await startMockServer(handler);
  const suite = await refundTasks(ids, stop);
  const { record } = await runSuite(suite, { trials: 1, concurrency: 1 }, mockDeps(await resolveAgent(`${server.url}/agent`)).deps);
  return record.tasks[0]!.trials[0]!;
}

describe("the HTTP adapter", () => {
  it("drives the sandbox turn by turn and passes a refund task", async () => {
    const trial = await run(["refund-full-card"], (body) => {
      const req = body as Request;
      if (req.turn === 0)
        return [200, { tool_calls: [{ id: "c1", name: "get_order", arguments: { order_id: "A1001" } }], cost_usd: 0.001 }];
      if (req.turn === 1)
        return [200, { tool_calls: [{ name: "issue_refund", arguments: { order_id: "A1001", amount: req.history[0]!.result!.total } }] }];
      if (req.turn === 2) return [200, { tool_calls: [{ name: "send_confirmation", arguments: { email: "ana@example.com" } }] }];
      return [200, { output: "Refunded $50.00 for order A1001.", cost_usd: 0.002 }];
    });
    expect(trial.verdict).toBe("pass");
    expect(trial.trajectory.map((s) => s.tool)).toEqual(["get_order", "issue_refund", "send_confirmation"]);
    expect(trial.costUsd).toBeCloseTo(0.003, 10);
    const first = server!.bodies[0] as Record<string, unknown>;
    expect(first).toMatchObject({ protocol: "gavel.agent.v1", task_id: "refund-full-card", trial_index: 0, turn: 0, history: [] });
    expect((first.tools as { name: string }[]).map((t) => t.name)).toEqual(["get_order", "issue_refund", "send_confirmation"]);
    expect((server!.bodies[1] as Request).history[0]).toMatchObject({
      tool_call: { id: "c1", name: "get_order" },
      result: { order_id: "A1001", total: 50 },
    });
  });

  it("sends a tool's error back to the agent", async () => {
    const trial = await run(["edge-unknown-order"], (body) => {
      const req = body as Request;
      if (req.turn === 0) return [200, { tool_calls: [{ name: "get_order", arguments: { order_id: "A9999" } }] }];
      return [200, { output: `I couldn't find order A9999 (${req.history[0]!.error}).` }];
    });
    expect((server!.bodies[1] as Request).history[0]!.error).toBe("order A9999 not found");
    expect(trial.verdict).toBe("pass");
  });

  it("stops a call outside allowed_tools: the sandbox never executes it and the agent is not asked again", async () => {
    const trial = await run(["status-delivered"], () => [
      200,
      { tool_calls: [{ name: "issue_refund", arguments: { order_id: "A1001", amount: 50 } }] },
    ]);
    expect(server!.bodies).toHaveLength(1);
    expect(trial.verdict).toBe("fail");
    expect(trial.trajectory).toEqual([
      expect.objectContaining({ tool: "issue_refund", blocked: true, error: "issue_refund is outside allowed_tools (get_order)" }),
    ]);
    expect(trial.finalState).toMatchObject({ refunds: [], orders: { A1001: { refunded_total: 0, status: "delivered" } } });
  });

  it("cuts off a hung agent at the wall clock, aborts the request and records an error", async () => {
    const trial = await run(["refund-full-card"], () => null, { max_wall_clock_s: 0.3 });
    expect(trial.verdict).toBe("error");
    expect(trial.reason).toBe("cut off at the wall-clock budget of 0.3 s");
    await new Promise((r) => setTimeout(r, 50));
    expect(server!.aborted).toBe(1);
  });

  it("records an HTTP error or an off-protocol answer as an error, never a pass", async () => {
    expect((await run(["refund-full-card"], () => [500, { error: "kaput" }])).reason).toBe(
      'agent failed: the agent answered HTTP 500: {"error":"kaput"}',
    );
    await server!.close();
    const trial = await run(["refund-full-card"], () => [200, { answer: 42 }]);
    expect(trial.verdict).toBe("error");
    expect(trial.reason).toMatch(/does not follow gavel\.agent\.v1/);
  });
});
