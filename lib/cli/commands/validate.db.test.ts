import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { gavel } from "@/lib/testing/cli";
import { seedJudgeVersion } from "@/lib/testing/seed-judges";
import { withTestDatabase } from "@/lib/testing/test-database";

const database = withTestDatabase();

const MALFORMED: Record<string, { yaml: string; expect: RegExp }> = {
  "bad YAML": {
    yaml: "name: broken\ntasks:\n  - id: a\n    prompt: [unclosed\n",
    expect: /suite\.yaml: invalid YAML at line \d+, column \d+/,
  },
  "a missing field": {
    yaml: "name: broken\ntasks:\n  - { id: cap, grader: exact, expected: Paris }\n",
    expect: /suite\.yaml: task "cap" \(tasks\[0\]\): prompt: a task needs a prompt or inputs\.user_request/,
  },
  "an unknown grader": {
    yaml: "name: broken\ntasks:\n  - { id: cap, prompt: hi, graders: [exact, { kind: vibes }], expected: x }\n",
    expect: /suite\.yaml: task "cap" \(tasks\[0\]\): graders\[1\]\.kind: unknown grader "vibes"/,
  },
  "a duplicate task id": {
    yaml: "name: broken\ntasks:\n  - { id: cap, prompt: hi, grader: exact, expected: x }\n  - { id: cap, prompt: ho, grader: exact, expected: y }\n",
    expect: /suite\.yaml: task "cap" \(tasks\[1\]\): id: duplicate task id \(first used by tasks\[0\]\)/,
  },
};

describe("a malformed suite", () => {
  for (const [name, c] of Object.entries(MALFORMED)) {
    it(`${name}: exits 2 naming file, task and field, and writes nothing`, async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-bad-"));
      writeFileSync(path.join(dir, "suite.yaml"), c.yaml);
      const out = path.join(dir, "results");
      const junit = path.join(dir, "junit.xml");
      const [validate, run] = await Promise.all([
        gavel(["validate", dir], { DATABASE_URL: database.url() }),
        gavel(["run", dir, "--agent", "module:datasets/smoke/agent.ts#stubAgent", "--out", out, "--junit", junit], {
          DATABASE_URL: database.url(),
        }),
      ]);
      for (const result of [validate, run]) {
        expect(result.code).toBe(2);
        expect(result.stdout).toBe("");
        expect(result.stderr).toMatch(/^error: the suite is invalid \(\d+ problems?\); nothing was run or written:/);
        expect(result.stderr).toMatch(c.expect);
      }
      expect(existsSync(out)).toBe(false);
      expect(existsSync(junit)).toBe(false);
      expect(await db().suite.count()).toBe(0);
      expect(await db().run.count()).toBe(0);
    });
  }

  it("validate accepts the shipped suites", async () => {
    const [smoke, refund] = await Promise.all([gavel(["validate", "datasets/smoke"]), gavel(["validate", "refund", "--json"])]);
    expect(smoke).toMatchObject({ code: 0, stderr: "" });
    expect(smoke.stdout).toMatch(/^ok: suite smoke, 4 tasks, version [0-9a-f]{12}; graders: exact ×2, rule ×1, judge ×1\n$/);
    expect(JSON.parse(refund.stdout).tasks).toHaveLength(35);
  });
});

describe("judge fit: a judge whose kind does not fit a task's is refused before anything runs", () => {
  const pairwise = {
    provider: "replay",
    model: "pairwise-model",
    promptTemplate: "A: {{output_a}}\nB: {{output_b}}\nA or B?",
    parser: "pairwise",
  };
  const binary = { provider: "replay", model: "binary-model", promptTemplate: "{{output}}\nPASS or FAIL?", parser: "pass_fail" };
  const suite = (judge: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-fit-"));
    writeFileSync(
      path.join(dir, "suite.yaml"),
      `name: fit\ntasks:\n  - { id: capital, prompt: "Capital of France?", grader: exact, expected: Paris }\n  - { id: summary, prompt: "Summarize the memo.", grader: judge, judge: "${judge}", rubric: "One sentence." }\n`,
    );
    return dir;
  };

  it("gavel validate on a suite whose binary task names a pairwise judge exits 2 naming the task and both kinds", async () => {
    await seedJudgeVersion("fit-pairwise", pairwise);
    const dir = suite("fit-pairwise");
    const result = await gavel(["validate", dir], { DATABASE_URL: database.url() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(
      'task "summary" is binary (pass / fail on one output), but judge fit-pairwise v1 is pairwise (A or B between two outputs)',
    );
    const run = await gavel(["run", dir, "--agent", "module:datasets/smoke/agent.ts#stubAgent", "--out", path.join(dir, "results")], {
      DATABASE_URL: database.url(),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('task "summary" is binary');
    expect(existsSync(path.join(dir, "results"))).toBe(false);
    expect(await db().run.count()).toBe(0);
  });

  // Several CLI processes in a row: over the 30 s default on PostgreSQL under load (timed out once there).
  it(
    "gavel validate and gavel run --judge refuse a pairwise judge for the smoke suite's binary judge task, accept a binary one",
    { timeout: 120_000 },
    async () => {
      await seedJudgeVersion("fit-pairwise-flag", { ...pairwise, model: "pairwise-flag" });
      await seedJudgeVersion("fit-binary", binary);
      const [validate, run, fits, missing] = await Promise.all([
        gavel(["validate", "datasets/smoke", "--judge", "fit-pairwise-flag@1"], { DATABASE_URL: database.url() }),
        gavel(["run", "datasets/smoke", "--agent", "module:datasets/smoke/agent.ts#stubAgent", "--judge", "fit-pairwise-flag@1"], {
          DATABASE_URL: database.url(),
        }),
        gavel(["validate", "datasets/smoke", "--judge", "fit-binary"], { DATABASE_URL: database.url() }),
        gavel(["validate", suite("no-such-judge")], { DATABASE_URL: database.url() }),
      ]);
      for (const result of [validate, run]) {
        expect(result.code).toBe(2);
        expect(result.stderr).toContain(
          'task "summary" is binary (pass / fail on one output), but judge fit-pairwise-flag v1 is pairwise (A or B between two outputs): give this task a pass_fail judge.',
        );
      }
      expect(fits).toMatchObject({ code: 0 });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('task "summary" names judge "no-such-judge": No judge version "no-such-judge"');
      expect(await db().run.count()).toBe(0);
    },
  );
});
