import { describe, expect, it } from "vitest";
import type { JudgeClient } from "@/lib/trial/judge";
import type { Step, TrialOutcome } from "@/lib/trial/types";
import { GRADERS, GRADER_KINDS, LLM_GRADER_KINDS, SANDBOX_GRADER_KINDS } from "./registry";
import type { GradedTask } from "./types";

const task: GradedTask = { id: "t", prompt: "Refund A1", inputs: {}, allowedTools: ["get_order", "issue_refund", "send_confirmation"] };

function step(index: number, tool: string, args: Record<string, unknown>, extra: Partial<Step> = {}): Step {
  return { index, tool, args, result: { ok: true }, latencyMs: 1, ...extra };
}

function outcome(partial: Partial<TrialOutcome> = {}): TrialOutcome {
  return {
    output: "Wellington",
    trajectory: [],
    initialState: null,
    finalState: null,
    costUsd: null,
    tokens: null,
    latencyMs: 1,
    stop: null,
    ...partial,
  };
}

async function grade(kind: keyof typeof GRADERS, config: Record<string, unknown>, trial: TrialOutcome, judge?: JudgeClient) {
  const definition = GRADERS[kind];
  const parsed = definition.configSchema.parse(config);
  return definition.grade({ config: parsed as never, task, trial }, { judge });
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

describe("exact", () => {
  it("is trimmed and case-insensitive", async () => {
    expect(await grade("exact", { expected: "Wellington" }, outcome({ output: "  wellington\n" }))).toMatchObject({
      status: "pass",
      score: 1,
    });
    expect(await grade("exact", { expected: "Wellington" }, outcome({ output: "Auckland" }))).toMatchObject({
      status: "fail",
      reason: 'expected "Wellington", got "Auckland"',
    });
  });
  it("accepts any of a list, numbers included, and fails on no output", async () => {
    expect((await grade("exact", { expected: [16, "16.00"] }, outcome({ output: "16" }))).status).toBe("pass");
    expect((await grade("exact", { expected: "x" }, outcome({ output: null }))).status).toBe("fail");
  });
});

describe("rule", () => {
  it("checks includes and excludes case-insensitively, with partial credit", async () => {
    const v = await grade(
      "rule",
      { must_include: ["30 DAYS", "refund"], must_exclude: ["sorry"] },
      outcome({ output: "Sorry, refunds within 30 days only." }),
    );
    expect(v.status).toBe("fail");
    expect(v.score).toBeCloseTo(2 / 3);
    expect(v.reason).toBe('1 of 3 rules broken: contains excluded "sorry"');
  });
  it("checks regexes and a JSON schema", async () => {
    const schema = { type: "object", required: ["total"], properties: { total: { type: "number" } } };
    expect((await grade("rule", { regex: "^\\{", json_schema: schema }, outcome({ output: '{"total": 3}' }))).status).toBe("pass");
    const bad = await grade("rule", { json_schema: schema }, outcome({ output: '{"total": "3"}' }));
    expect(bad).toMatchObject({ status: "fail" });
    expect(bad.reason).toContain("must be number");
    expect((await grade("rule", { regex: { pattern: "^yes$", flags: "i" } }, outcome({ output: "YES" }))).status).toBe("pass");
  });
  it("refuses a config with nothing to check or an invalid regex", () => {
    expect(GRADERS.rule.configSchema.safeParse({}).success).toBe(false);
    expect(GRADERS.rule.configSchema.safeParse({ regex: "(" }).success).toBe(false);
  });
});

describe("state", () => {
  it("checks assertions on the final state and names the call that touched the key", async () => {
    const trajectory = [step(0, "get_order", { order_id: "order_123" }), step(1, "issue_refund", { order_id: "order_123", amount: 5 })];
    const finalState = { orders: { order_123: { status: "partially_refunded" } } };
    const v = await grade("state", { assertions: ['orders[order_123].status == "refunded"'] }, outcome({ trajectory, finalState }));
    expect(v).toMatchObject({ status: "fail", step: 1, score: 0 });
    expect(v.reason).toContain('"partially_refunded" == "refunded" is false');
    expect(
      (await grade("state", { assertions: ['orders[order_123].status == "partially_refunded"'] }, outcome({ finalState }))).status,
    ).toBe("pass");
  });
  it("is an error without sandbox state", async () => {
    expect((await grade("state", { assertions: ["a == 1"] }, outcome())).status).toBe("error");
  });
});

describe("tools", () => {
  it("fails a call outside allowed_tools and one the runner blocked", async () => {
    const outside = await grade(
      "tools",
      { allowed_tools: ["get_order"] },
      outcome({ trajectory: [step(0, "get_order", {}), step(1, "issue_refund", {})] }),
    );
    expect(outside).toMatchObject({ status: "fail", step: 1 });
    const blocked = await grade(
      "tools",
      {},
      outcome({ trajectory: [step(0, "nuke", {}, { blocked: true, error: "unknown tool", result: undefined })] }),
    );
    expect(blocked).toMatchObject({ status: "fail", step: 0, reason: "step 1 nuke {}: unknown tool" });
  });
  it("checks the expected order as a subsequence, or exactly with strict_order", async () => {
    const calls = [step(0, "get_order", {}), step(1, "get_order", {}), step(2, "issue_refund", {}), step(3, "send_confirmation", {})];
    const order = ["get_order", "issue_refund", "send_confirmation"];
    expect((await grade("tools", { expected_tool_order: order }, outcome({ trajectory: calls }))).status).toBe("pass");
    expect((await grade("tools", { expected_tool_order: order, strict_order: true }, outcome({ trajectory: calls }))).status).toBe("fail");
    const early = await grade(
      "tools",
      { expected_tool_order: order },
      outcome({ trajectory: [step(0, "issue_refund", {}), step(1, "get_order", {})] }),
    );
    expect(early).toMatchObject({ status: "fail", step: 0 });
    const missing = await grade("tools", { expected_tool_order: order }, outcome({ trajectory: [step(0, "get_order", {})] }));
    expect(missing.reason).toContain("never called issue_refund");
  });
});

describe("side_effects", () => {
  const refund = (i: number, order: string, amount: number) => step(i, "issue_refund", { order_id: order, amount });
  it("catches a second refund of the same order and names the call", async () => {
    const trajectory = [step(0, "get_order", { order_id: "A1" }), refund(1, "A1", 10), refund(2, "A1", 10)];
    const finalState = { orders: { A1: { total: 15, refunded_total: 20 } } };
    const v = await grade(
      "side_effects",
      {
        side_effects: {
          calls: { issue_refund: 1 },
          once_per: { issue_refund: "order_id" },
          invariants: ["orders[*].refunded_total <= orders[*].total"],
        },
      },
      outcome({ trajectory, finalState }),
    );
    expect(v.status).toBe("fail");
    expect(v.step).toBe(2);
    expect(v.reason).toContain("2 issue_refund calls, expected exactly 1");
    expect(v.reason).toContain('step 3 issue_refund {"order_id":"A1","amount":10}: a second issue_refund for the same order_id "A1"');
    expect(v.reason).toContain("20 <= 15 is false for * = A1");
  });
  it("does not count calls that failed or were blocked", async () => {
    const trajectory = [refund(0, "A1", 10), { ...refund(1, "A1", 10), result: undefined, error: "order not found" }];
    const v = await grade(
      "side_effects",
      { side_effects: { calls: { issue_refund: 1 }, max_calls: { send_confirmation: 0 } } },
      outcome({ trajectory, finalState: {} }),
    );
    expect(v).toMatchObject({ status: "pass", score: 1 });
  });
});

describe("judge", () => {
  const client = (approved: boolean, status: "pass" | "fail" = "pass"): JudgeClient => ({
    versionId: "jv1",
    hash: "h",
    label: "helpfulness v1",
    approved,
    grade: async () => ({ status, score: status === "pass" ? 1 : 0, reason: "reads well" }),
  });
  it("is skipped without a judge, never pass", async () => {
    expect(await grade("judge", { rubric: "r" }, outcome())).toEqual({ status: "skipped", reason: "no judge configured" });
  });
  it("marks the verdict of an unapproved judge as shadow", async () => {
    expect(await grade("judge", {}, outcome(), client(true))).toMatchObject({ status: "pass", shadow: false, judgeVersionId: "jv1" });
    expect(await grade("judge", {}, outcome(), client(false))).toMatchObject({
      status: "pass",
      shadow: true,
      reason: expect.stringContaining("unapproved"),
    });
  });
  it("turns a failing judge call into an error verdict", async () => {
    const broken: JudgeClient = { ...client(true), grade: async () => Promise.reject(new Error("429")) };
    expect(await grade("judge", {}, outcome(), broken)).toMatchObject({ status: "error", reason: "judge helpfulness v1 failed: 429" });
  });
});

describe("every grader", () => {
  const frozenTrial = () =>
    deepFreeze(
      outcome({
        output: '{"total": 3}',
        trajectory: [step(0, "get_order", { order_id: "A1" }), step(1, "issue_refund", { order_id: "A1", amount: 3 })],
        finalState: { orders: { A1: { total: 3, refunded_total: 3, status: "refunded" } } },
      }),
    );
  const configs: Record<(typeof GRADER_KINDS)[number], Record<string, unknown>> = {
    exact: { expected: "x" },
    rule: { must_include: ["total"], regex: "\\d", json_schema: { type: "object" } },
    judge: { rubric: "r" },
    state: { assertions: ['orders[A1].status == "refunded"'] },
    tools: { allowed_tools: ["get_order", "issue_refund"], expected_tool_order: ["get_order", "issue_refund"] },
    side_effects: { side_effects: { calls: { issue_refund: 1 }, invariants: ["orders[*].refunded_total <= orders[*].total"] } },
  };
  it.each(GRADER_KINDS)("%s never mutates its inputs and always gives a reason", async (kind) => {
    const trial = frozenTrial();
    const config = deepFreeze(GRADERS[kind].configSchema.parse(configs[kind]));
    const judge: JudgeClient = {
      versionId: "j",
      hash: "h",
      label: "j",
      approved: true,
      grade: async () => ({ status: "fail", reason: "no" }),
    };
    const verdict = await GRADERS[kind].grade({ config: config as never, task: deepFreeze({ ...task }), trial }, { judge });
    expect(verdict.reason.length).toBeGreaterThan(0);
    expect(["pass", "fail", "skipped", "error"]).toContain(verdict.status);
  });

  it("derives 'needs an LLM' and 'needs a sandbox' from the definitions", () => {
    expect(LLM_GRADER_KINDS).toEqual(["judge"]);
    expect(SANDBOX_GRADER_KINDS).toEqual(["state", "tools", "side_effects"]);
    for (const kind of GRADER_KINDS) expect(GRADERS[kind].kind).toBe(kind);
  });
});
