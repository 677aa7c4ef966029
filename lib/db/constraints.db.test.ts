import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../testing/test-database";
import { db, Prisma } from "./client";

withTestDatabase();

const uniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

async function expectUniqueViolation(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(uniqueViolation(error), `expected a unique violation, got ${String(error)}`).toBe(true);
}

describe("constraints that encode the rules", () => {
  it("allows one label per reviewer per transcript", async () => {
    const reviewer = await db().user.create({ data: { email: "r@example.com", role: "reviewer" } });
    const transcript = await db().transcript.create({ data: { contentHash: "t1", source: "jsonl", taskPrompt: "p", content: {} } });
    await db().label.create({ data: { transcriptId: transcript.id, reviewerId: reviewer.id, value: "pass" } });
    await expectUniqueViolation(db().label.create({ data: { transcriptId: transcript.id, reviewerId: reviewer.id, value: "fail" } }));
  });

  it("allows one trial per (run, task, trial index)", async () => {
    const suite = await db().suite.create({ data: { name: "s" } });
    const version = await db().suiteVersion.create({ data: { suiteId: suite.id, hash: "h", definition: {}, taskCount: 1 } });
    const task = await db().task.create({ data: { suiteVersionId: version.id, key: "t", contractHash: "c", prompt: "p", definition: {} } });
    const run = await db().run.create({
      data: { suiteVersionId: version.id, agentSpec: "a", trialsPerTask: 2, concurrency: 1, threshold: 0.8 },
    });
    await db().trial.create({ data: { runId: run.id, taskId: task.id, trialIndex: 0 } });
    await db().trial.create({ data: { runId: run.id, taskId: task.id, trialIndex: 1 } });
    await expectUniqueViolation(db().trial.create({ data: { runId: run.id, taskId: task.id, trialIndex: 0 } }));
  });

  it("keeps a judge version unique by its hash", async () => {
    const judge = await db().judge.create({ data: { name: "j" } });
    const base = { judgeId: judge.id, provider: "openai", model: "m", promptTemplate: "t", params: {}, parser: "pass_fail" };
    await db().judgeVersion.create({ data: { ...base, version: 1, hash: "same" } });
    await expectUniqueViolation(db().judgeVersion.create({ data: { ...base, version: 2, hash: "same" } }));
  });

  it("keeps one suite version per content hash", async () => {
    const suite = await db().suite.create({ data: { name: "s2" } });
    await db().suiteVersion.create({ data: { suiteId: suite.id, hash: "h", definition: {}, taskCount: 0 } });
    await expectUniqueViolation(db().suiteVersion.create({ data: { suiteId: suite.id, hash: "h", definition: {}, taskCount: 0 } }));
  });
});
