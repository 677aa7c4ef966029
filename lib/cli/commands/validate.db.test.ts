import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { gavel } from "@/lib/testing/cli";
import { withTestDatabase } from "@/lib/testing/test-database";

const database = withTestDatabase();

const MALFORMED: Record<string, { yaml: string; expect: RegExp }> = {
  "bad YAML": { yaml: "name: broken\ntasks:\n  - id: a\n    prompt: [unclosed\n", expect: /suite\.yaml: invalid YAML at line \d+, column \d+/ },
  "a missing field": { yaml: "name: broken\ntasks:\n  - { id: cap, grader: exact, expected: Paris }\n", expect: /suite\.yaml: task "cap" \(tasks\[0\]\): prompt: a task needs a prompt or inputs\.user_request/ },
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
        gavel(["run", dir, "--agent", "module:datasets/smoke/agent.ts#stubAgent", "--out", out, "--junit", junit], { DATABASE_URL: database.url() }),
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
