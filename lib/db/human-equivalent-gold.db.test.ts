import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSuite } from "@/datasets/load";
import { localDeps } from "@/lib/cli/deps-local";
import { resolveAgent } from "@/lib/engine/agents";
import { runSuite } from "@/lib/engine/run-suite";
import { createQueueInput } from "@/lib/schemas/queues";
import { seedJudgeVersion } from "@/lib/testing/seed-judges";
import { withTestDatabase } from "@/lib/testing/test-database";
import { db } from "./client";
import { createQueue } from "./queue-admin";
import { judgeVerdictsWithGold } from "./runs";

withTestDatabase();

/**
 * A run of 8 tasks (4 pass, 4 fail), each trial also given a counted judge verdict, and gold labels settled on a queue
 * made from the run: the human-equivalent pass rate may use them only when that queue took the run's trials at random.
 */
async function judgedRun(tag: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-he-gold-"));
  writeFileSync(path.join(dir, "agent.mjs"), `export const echo = (input) => \`answer ${tag} \${input.taskId}\`;\n`);
  const tasks = Array.from(
    { length: 8 },
    (_, i) => `  - { id: t${i}, prompt: "Case ${i}", grader: exact, expected: "${i < 4 ? `answer ${tag} t${i}` : "other"}" }`,
  );
  writeFileSync(path.join(dir, "suite.yaml"), `name: he-gold-${tag}\nthreshold: 0\ntasks:\n${tasks.join("\n")}\n`);
  const agent = await resolveAgent(`module:${path.join(dir, "agent.mjs")}#echo`);
  const { record } = await runSuite(await loadSuite(dir), { trials: 1, concurrency: 2 }, localDeps({ agent, outDir: dir }));
  const version = await seedJudgeVersion(`he-judge-${tag}`, {
    provider: "openai",
    model: "m",
    baseUrl: "http://127.0.0.1:9/v1",
    promptTemplate: "{{output}}",
    parser: "pass_fail",
  });
  const trials = await db().trial.findMany({ where: { runId: record.runId }, select: { id: true, verdict: true } });
  for (const t of trials)
    await db().graderResult.create({
      data: {
        trialId: t.id,
        position: 9,
        kind: "judge",
        config: {},
        status: t.verdict === "pass" ? "pass" : "fail",
        reason: "r",
        judgeVersionId: version.id,
      },
    });
  return { runId: record.runId, versionId: version.id };
}

async function queueWithGold(runId: string, name: string, passSample: string) {
  const { queue } = await createQueue(
    createQueueInput.parse({ name, kind: "binary", rubric: "Pass when right.", source: "run", runId, passSample, sampleSeed: "1" }),
    null,
  );
  const items = await db().queueItem.findMany({ where: { queueId: queue.id }, select: { transcriptId: true } });
  for (const item of items)
    await db().goldLabel.create({
      data: { queueId: queue.id, transcriptId: item.transcriptId, rubricVersion: 1, value: "pass", source: "adjudication" },
    });
  return items.length;
}

describe("judgeVerdictsWithGold", () => {
  it("marks gold from a queue that took every failing trial but only some passes as not a random sample, and says why", async () => {
    const { runId, versionId } = await judgedRun("partial");
    expect(await queueWithGold(runId, "he-failures-only", "0")).toBe(4);
    const readings = await judgeVerdictsWithGold(runId, versionId);
    expect(readings).toHaveLength(8);
    const labeled = readings.filter((r) => r.human !== null);
    expect(labeled).toHaveLength(4);
    expect(labeled.every((r) => r.judge === "fail")).toBe(true);
    for (const r of labeled)
      expect(r.notRandom).toBe('queue "he-failures-only" took every trial of this run that did not pass but only 0% of its passes');
    expect(readings.filter((r) => r.human === null).every((r) => r.notRandom === null)).toBe(true);
  });

  it("uses gold from a queue that holds every trial of the run (a pass sample of 1)", async () => {
    const { runId, versionId } = await judgedRun("whole");
    expect(await queueWithGold(runId, "he-every-trial", "1")).toBe(8);
    const readings = await judgeVerdictsWithGold(runId, versionId);
    expect(readings.filter((r) => r.human !== null)).toHaveLength(8);
    expect(readings.every((r) => r.notRandom === null)).toBe(true);
  });
});
