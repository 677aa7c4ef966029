import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../testing/test-database";
import { db } from "./client";
import { brokenTasksOf } from "./run-failures";

withTestDatabase();

let counter = 0;
const tag = () => `${Date.now().toString(36)}-${++counter}`;

const step = (index: number, tool: string, failing?: string) => ({
  index,
  tool,
  args: { order_id: "A1" },
  latencyMs: 1,
  ...(failing ? { failing } : {}),
});

/** A run of three tasks, two trials each: a fails at step 3 on trial 2 only, b fails on its output, c passes. */
async function seed() {
  const name = `failures-${tag()}`;
  const suite = await db().suite.create({ data: { name } });
  const version = await db().suiteVersion.create({ data: { suiteId: suite.id, hash: name, definition: {}, taskCount: 3 } });
  const tasks = Object.fromEntries(
    await Promise.all(
      ["a", "b", "c"].map(async (key, position) => [
        key,
        await db().task.create({
          data: { suiteVersionId: version.id, key, contractHash: key, prompt: key, definition: {}, position },
        }),
      ]),
    ),
  );
  const run = await db().run.create({
    data: { suiteVersionId: version.id, agentSpec: "module:x#y", trialsPerTask: 2, concurrency: 1, threshold: 0.9, status: "completed" },
  });
  const trial = async (
    key: string,
    trialIndex: number,
    verdict: "pass" | "fail",
    trajectory: unknown[],
    graders: [string, string, boolean?][],
  ) =>
    db().trial.create({
      data: {
        runId: run.id,
        taskId: tasks[key]!.id,
        trialIndex,
        status: "done",
        verdict,
        trajectory: trajectory as object[],
        graderResults: {
          create: graders.map(([kind, reason, shadow], position) => ({
            position,
            kind,
            config: {},
            status: "fail",
            reason,
            shadow: shadow ?? false,
          })),
        },
      },
    });
  const a0 = await trial("a", 0, "pass", [step(0, "get_order"), step(1, "issue_refund"), step(2, "issue_refund")], []);
  const a1 = await trial(
    "a",
    1,
    "fail",
    [step(0, "get_order"), step(1, "issue_refund"), step(2, "issue_refund", "second refund")],
    [
      ["state", 'a second issue_refund for order_id="A1"'],
      ["tool_calls", "issue_refund called twice"],
      ["llm_judge", "shadow says no", true],
    ],
  );
  const b0 = await trial("b", 0, "fail", [step(0, "get_order")], [["exact", 'expected "done"']]);
  await trial("c", 0, "pass", [], []);
  return { runId: run.id, trials: { a0: a0.id, a1: a1.id, b0: b0.id } };
}

const none = { trials: new Set<string>(), taskKeys: new Set<string>() };

describe("brokenTasksOf", () => {
  it("reads each task's first failing trial: the step it broke at, the tool, every failing grader but shadows", async () => {
    const { runId } = await seed();
    expect(await brokenTasksOf(runId, ["b", "a", "c"], none)).toEqual([
      { taskId: "b", step: null, tool: null, failing: [{ kind: "exact", reason: 'expected "done"' }], reason: 'expected "done"' },
      {
        taskId: "a",
        step: 2,
        tool: "issue_refund",
        failing: [
          { kind: "state", reason: 'a second issue_refund for order_id="A1"' },
          { kind: "tool_calls", reason: "issue_refund called twice" },
        ],
        reason: 'a second issue_refund for order_id="A1"',
      },
    ]);
  });

  it("never returns a task blind review hides, nor reads a hidden trial", async () => {
    const { runId, trials } = await seed();
    expect(await brokenTasksOf(runId, ["a", "b"], { trials: new Set([trials.a1]), taskKeys: new Set(["a"]) })).toEqual([
      expect.objectContaining({ taskId: "b" }),
    ]);
    // Even if a caller forgets the task, its hidden trial is not read.
    expect(await brokenTasksOf(runId, ["a"], { trials: new Set([trials.a1]), taskKeys: new Set() })).toEqual([]);
  });

  it("returns nothing for no tasks", async () => {
    const { runId } = await seed();
    expect(await brokenTasksOf(runId, [], none)).toEqual([]);
  });
});
