import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { approveJudgeVersion } from "@/lib/judging/approvals";
import { db } from "@/lib/db/client";
import { countJudgeVerdicts } from "@/lib/db/runs";
import { runPassRateThroughJudge } from "@/lib/judging/run-correction";
import { calibrateOnLabelSet, runJudgeOnLabelSet } from "@/lib/judging/label-set-run";
import { lastUserText, startMockLlmServer, startPassFailJudge } from "@/lib/providers/mock-server";
import { gavel } from "@/lib/testing/cli";
import { seedJudgeVersion, seedLabelSet, seedUser, type SeedItem } from "@/lib/testing/seed-judges";
import { withTestDatabase } from "@/lib/testing/test-database";
import { mockLlmForFile } from "@/lib/testing/mock-llm-hooks";

const database = withTestDatabase();
const SMOKE = "module:datasets/smoke/agent.ts#stubAgent";

// A judge that passes outputs saying "good answer" and fails everything else, the stub's summary included.
const server = mockLlmForFile(() =>
  startPassFailJudge((prompt) => prompt.includes("good answer"), { pass: "does what was asked", fail: "misses the point" }),
);

const spec = (model: string) => ({
  provider: "openai",
  model,
  baseUrl: server.baseUrl,
  promptTemplate: "Task: {{task_prompt}}\nRubric: {{rubric}}\nOutput: {{output}}\nAnswer PASS or FAIL with a reason.",
  parser: "pass_fail",
});

async function summaryGrader(runId: string) {
  const trial = await db().trial.findFirstOrThrow({ where: { runId, task: { key: "summary" } }, include: { graderResults: true } });
  return { trial, grader: trial.graderResults[0]! };
}

const runIdOf = (stdout: string) => /Run record: .*\/([\w-]+)\.json/.exec(stdout)![1]!;

describe("gavel run --judge", () => {
  it("records an unapproved judge's verdicts as shadow, does not count them, and says why", async () => {
    const version = await seedJudgeVersion("smoke-judge-unapproved", spec("judge-model-a"));
    const result = await gavel(
      ["run", "datasets/smoke", "--agent", SMOKE, "--judge", version.id, "--out", mkdtempSync(path.join(os.tmpdir(), "gavel-judge-"))],
      { DATABASE_URL: database.url() },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Pass rate 100.0% (3/3 scored trials)");
    expect(result.stdout).toMatch(
      /judge smoke-judge-unapproved v1 \(judge-model-a\) is not approved \([^)]+\): its 1 verdict was recorded as shadow and not counted/,
    );
    const runId = runIdOf(result.stdout);
    const { trial, grader } = await summaryGrader(runId);
    expect(grader).toMatchObject({ kind: "judge", status: "fail", shadow: true, judgeVersionId: version.id });
    expect(trial.verdict).not.toBe("fail");
    expect(await db().run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ judgeVersionId: version.id, scoredCount: 3 });
  });

  it("counts an approved judge's verdicts", async () => {
    const admin = await seedUser("admin-judge-option@example.com");
    const items: SeedItem[] = [];
    for (let i = 0; i < 20; i++) items.push({ key: `g${i}`, split: "test", output: `good answer ${i}`, gold: "pass" });
    for (let i = 0; i < 20; i++) items.push({ key: `b${i}`, split: "test", output: `bad answer ${i}`, gold: "fail" });
    const { queueId } = await seedLabelSet({ name: "smoke-judge-gold", kind: "binary", items });
    const version = await seedJudgeVersion("smoke-judge-approved", spec("judge-model-b"));
    await runJudgeOnLabelSet({ versionId: version.id, queueId, split: "test" });
    await calibrateOnLabelSet({ versionId: version.id, queueId, split: "test", actorId: admin.id });
    await approveJudgeVersion(version.id, admin.id);

    const result = await gavel(
      [
        "run",
        "datasets/smoke",
        "--agent",
        SMOKE,
        "--judge",
        version.hash.slice(0, 12),
        "--threshold",
        "0.75",
        "--out",
        mkdtempSync(path.join(os.tmpdir(), "gavel-judge-")),
      ],
      { DATABASE_URL: database.url() },
    );
    expect(result.code).toBe(0);
    // The lab's gate (0.75): the judge's fail on the stub's summary counts, and the run still passes.
    expect(result.stdout).toContain("Pass rate 75.0% (3/4 scored trials) vs threshold 75.0%: gate PASSED");

    // --json carries the run page's human-equivalent pass rate: undefined, and why, before anyone labeled a trial.
    const json = await gavel(
      ["run", "datasets/smoke", "--agent", SMOKE, "--judge", version.hash.slice(0, 12), "--threshold", "0.75", "--json"].concat([
        "--out",
        mkdtempSync(path.join(os.tmpdir(), "gavel-judge-")),
      ]),
      { DATABASE_URL: database.url() },
    );
    expect(JSON.parse(json.stdout).humanEquivalent).toMatchObject({
      ppi: null,
      judgeRate: 0,
      n: 0,
      N: 1,
      undefinedBecause: expect.stringMatching(/^no trial of this run has a human gold label/),
    });
    expect(result.stdout).not.toContain("shadow");
    const runId = runIdOf(result.stdout);
    const { trial, grader } = await summaryGrader(runId);
    expect(grader).toMatchObject({ kind: "judge", status: "fail", shadow: false });
    expect(trial.verdict).toBe("fail");

    // The run report reads the judge's pass rate through its measured TPR and TNR (both 1 here).
    const counts = await countJudgeVerdicts(runId, version.id);
    expect(counts).toEqual({ passed: 0, scored: 1, shadow: 0 });
    const run = await db().run.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({ judgeState: "gating", judgeVersionHash: version.hash });
    const reading = await runPassRateThroughJudge({ state: run.judgeState, calibrationId: run.judgeCalibrationId }, counts);
    expect(reading.approved).toBe(true);
    expect(reading.correction).toMatchObject({ raw: 0, corrected: 0, inputs: { tpr: 1, tnr: 1, calibrationN: 40 } });
  });

  it("re-checks a gating judge on its canary before the run; after the model behind its name changes, the next run demotes it and counts it as shadow", async () => {
    const model = { fingerprint: "fp_before", changed: false };
    const changing = await startMockLlmServer({
      flavor: "openai",
      reply: ({ body }) => {
        const good = lastUserText(body).includes("good answer");
        return { text: good !== model.changed ? "PASS: does what was asked" : "FAIL: misses the point", fingerprint: model.fingerprint };
      },
    });
    try {
      const admin = await seedUser("admin-canary-run@example.com");
      const items: SeedItem[] = [];
      for (let i = 0; i < 20; i++) items.push({ key: `cg${i}`, split: "test", output: `good answer ${i}`, gold: "pass" });
      for (let i = 0; i < 20; i++) items.push({ key: `cb${i}`, split: "test", output: `bad answer ${i}`, gold: "fail" });
      const { queueId } = await seedLabelSet({ name: "canary-run-gold", kind: "binary", items });
      const version = await seedJudgeVersion("canary-run-judge", { ...spec("judge-model-canary"), baseUrl: changing.baseUrl });
      await runJudgeOnLabelSet({ versionId: version.id, queueId, split: "test" });
      await calibrateOnLabelSet({ versionId: version.id, queueId, split: "test", actorId: admin.id });
      await approveJudgeVersion(version.id, admin.id);
      const run = () =>
        gavel(
          [
            "run",
            "datasets/smoke",
            "--agent",
            SMOKE,
            "--judge",
            "canary-run-judge@1",
            "--threshold",
            "0.75",
            "--out",
            mkdtempSync(path.join(os.tmpdir(), "gavel-judge-")),
          ],
          { DATABASE_URL: database.url() },
        );

      const first = await run();
      expect(first.code).toBe(0);
      expect(first.stderr).toMatch(
        /Canary re-check of canary-run-judge@1: passed \(κ 1\.000 \[1\.000, 1\.000\] on 20 items, 0 of 20 verdicts changed\)/,
      );
      expect(first.stdout).toContain("Pass rate 75.0% (3/4 scored trials)");
      expect(await db().run.findUniqueOrThrow({ where: { id: runIdOf(first.stdout) } })).toMatchObject({ judgeState: "gating" });

      model.fingerprint = "fp_after";
      model.changed = true;
      const second = await run();
      expect(second.code).toBe(0);
      expect(second.stderr).toMatch(
        /Canary re-check of canary-run-judge@1: failed \(the provider's fingerprint changed \(fp_before → fp_after\)/,
      );
      expect(second.stdout).toContain("Pass rate 100.0% (3/3 scored trials)");
      expect(second.stdout).toMatch(
        /judge canary-run-judge v1 \(judge-model-canary\) is not approved \(demoted: the canary re-check failed: the provider's fingerprint changed \(fp_before → fp_after\).*\): its 1 verdict was recorded as shadow and not counted/,
      );
      const stored = await db().run.findUniqueOrThrow({ where: { id: runIdOf(second.stdout) } });
      expect(stored).toMatchObject({ judgeState: "demoted", judgeVersionHash: version.hash, judgeCalibrationId: null });
      const { grader } = await summaryGrader(stored.id);
      expect(grader).toMatchObject({ kind: "judge", shadow: true });
    } finally {
      await changing.close();
    }
  });

  it("exits 2 for a judge version that does not exist", async () => {
    const result = await gavel(["run", "datasets/smoke", "--agent", SMOKE, "--judge", "no-such-judge@3"], { DATABASE_URL: database.url() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--judge: No judge version "no-such-judge@3"');
  });
});
