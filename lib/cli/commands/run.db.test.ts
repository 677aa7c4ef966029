import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { gavel } from "@/lib/testing/cli";
import { validateJunit } from "@/lib/testing/junit-schema";
import { withTestDatabase } from "@/lib/testing/test-database";
import { REFERENCE_AGENT, REGRESSED_AGENT, REGRESSED_FAILING_TASKS } from "./refund-run-fixtures";

const database = withTestDatabase();
const tmp = () => mkdtempSync(path.join(os.tmpdir(), "gavel-cli-"));
const run = (args: string[]) => gavel(args, { DATABASE_URL: database.url() });

const SMOKE = "module:datasets/smoke/agent.ts#stubAgent";

describe("gavel run: the lab's own tasks.json and stub (datasets/smoke)", () => {
  // Two CLI starts (validate, run): room for a loaded machine.
  it(
    "validates and runs the lab's file copied as is: 3 scored, the judged task skipped, gate passed, everything stored",
    { timeout: 90_000 },
    async () => {
      // The lab's folder as a user has it: tasks.json and nothing else, outside Gavel's datasets/.
      const lab = path.join(tmp(), "06-evaluation-harness");
      mkdirSync(lab);
      copyFileSync("datasets/smoke/tasks.json", path.join(lab, "tasks.json"));
      const validate = await run(["validate", lab]);
      expect(validate).toMatchObject({ code: 0, stderr: "" });
      expect(validate.stdout).toMatch(
        /^ok: suite 06-evaluation-harness, 4 tasks, version [0-9a-f]{12}; graders: exact ×2, rule ×1, judge ×1\n$/,
      );

      const out = tmp();
      const junit = path.join(out, "junit.xml");
      const result = await run([
        "run",
        path.join(lab, "tasks.json"),
        "--agent",
        SMOKE,
        "--threshold",
        "0.75",
        "--out",
        out,
        "--junit",
        junit,
      ]);
      // Not a terminal: plain progress lines on stderr, never a bar's carriage returns.
      expect(result.stderr).toMatch(/^progress: 0\/4 trials \(0%\)/m);
      expect(result.stderr).toMatch(/^progress: 4\/4 trials \(100%\)/m);
      expect(result.stderr).not.toContain("\r");
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^summary\s+S\s+undefined\s+undefined\s+skipped$/m);
      expect(result.stdout).toContain("Pass rate 100.0% (3/3 scored trials) vs threshold 75.0%: gate PASSED");

      const runId = /Run record: .*\/([\w-]+)\.json/.exec(result.stdout)![1]!;
      const stored = await db().run.findUniqueOrThrow({
        where: { id: runId },
        include: { trials: { include: { graderResults: true, task: true } } },
      });
      expect(stored).toMatchObject({ status: "completed", gatePassed: true, scoredCount: 3, passedCount: 3, skippedCount: 1 });
      const summary = stored.trials.find((t) => t.task.key === "summary")!;
      expect(summary.verdict).toBe("skipped");
      expect(summary.graderResults[0]).toMatchObject({ kind: "judge", status: "skipped", reason: "no judge configured" });

      const record = JSON.parse(readFileSync(path.join(out, `${runId}.json`), "utf8"));
      expect(record.schemaVersion).toBe(2);
      expect(record.summary.scored).toBe(3);
      expect(record.tasks.find((t: { id: string }) => t.id === "summary").stats.status).toBe("skipped");
      expect(readFileSync(junit, "utf8")).toContain('<testcase classname="gavel.06-evaluation-harness.tasks" name="summary"');
      expect(readFileSync(junit, "utf8")).toMatch(/<skipped message="not scored: judge: no judge configured"\/>/);
    },
  );

  it("fails with exit 1 when one expected value is broken", async () => {
    const dir = tmp();
    writeFileSync(
      path.join(dir, "tasks.json"),
      readFileSync("datasets/smoke/tasks.json", "utf8").replace('"expected": "100"', '"expected": "110"'),
    );
    const result = await run(["run", dir, "--agent", SMOKE, "--out", tmp()]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("gate FAILED");
    expect(result.stdout).toContain('exact: expected "110", got "100"');
  });

  it("prints the verdict and the summary without progress or per-task rows with --quiet", async () => {
    const result = await run(["run", "smoke", "--agent", SMOKE, "--out", tmp(), "--quiet"]);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain("progress:");
    expect(result.stdout).not.toMatch(/^TASK\s+TRIALS/m);
    expect(result.stdout).not.toMatch(/^(cap-nz|total|refund|summary)\s/m);
    expect(result.stdout).toMatch(/^Suite smoke \(4 tasks, /);
    expect(result.stdout).toContain("Pass rate 100.0% (3/3 scored trials) vs threshold 100.0%: gate PASSED");
    expect(result.stdout).toMatch(/^Gates: all passed$/m);
    expect(result.stdout).toMatch(/^Run record: \S+\.json$/m);
    // The smoke suite names no agent: the header says so in words, and why there is no baseline is said once on
    // stderr (what to do about it), besides the Gates section's one line.
    expect(result.stdout).toContain(`agent ${SMOKE} (no label) · 1 trial per task`);
    expect(result.stdout).not.toContain("null");
    expect(result.stderr.trim()).toBe(
      "This run cannot become a baseline, nor be compared with one: the agent has no label. Add `agent: <name>` to datasets/smoke/tasks.json or pass --agent-label NAME (runs are compared only with runs of the same label).",
    );
    expect(result.stdout.match(/the agent has no label/g)).toHaveLength(1);
  });

  it("prints the run summary as JSON with --json", async () => {
    const result = await run(["run", "smoke", "--agent", SMOKE, "--out", tmp(), "--json"]);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({
      schemaVersion: 2,
      suite: { name: "smoke" },
      config: { trials: 1, threshold: 1 },
      summary: { scored: 3, skipped: 1, gate: { passed: true } },
    });
    expect(json.tasks.map((t: { id: string; status: string }) => `${t.id}:${t.status}`)).toEqual([
      "cap-nz:pass",
      "total:pass",
      "refund:pass",
      "summary:skipped",
    ]);
  });
});

describe("gavel run: the refund agent", () => {
  it("the reference agent passes every task on every one of 5 trials (exit 0)", async () => {
    const result = await run(["run", "datasets/refund", "--agent", REFERENCE_AGENT, "--trials", "5", "--concurrency", "8", "--out", tmp()]);
    expect(result.code).toBe(0);
    const rows = result.stdout.split("\n").filter((line) => /^(refund|status|edge|adv)-/.test(line));
    expect(rows).toHaveLength(35);
    for (const row of rows) expect(row).toMatch(/\sPPPPP\s+1\.00\s+1\.00\s+pass$/);
    expect(result.stdout).toContain("Pass rate 100.0% (175/175 scored trials)");
  });

  it("the regressed agent fails the gate (exit 1); the report names each failing task and the call that broke it", async () => {
    const result = await run(["run", "datasets/refund", "--agent", REGRESSED_AGENT, "--trials", "5", "--concurrency", "8", "--out", tmp()]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("gate FAILED");
    const failures = result.stdout.split("\nFailures\n")[1]!;
    for (const id of REGRESSED_FAILING_TASKS) expect(failures).toMatch(new RegExp(`^  ${id}  trial 1: fail \\(and 4 more trials\\)$`, "m"));
    expect(failures.match(/^ {2}\S+ {2}trial/gm)).toHaveLength(REGRESSED_FAILING_TASKS.length);
    expect(failures).toContain('broke at step 3 issue_refund {"order_id":"A1002","amount":120}');
    expect(failures).toContain('broke at step 6 issue_refund {"order_id":"A1002","amount":120}'); // the two-order task
    expect(failures.match(/broke at step \d+ issue_refund/g)).toHaveLength(REGRESSED_FAILING_TASKS.length);
  });
});

describe("gavel run: CI reports agree with the exit code", () => {
  it("a regressed run that passes its gate under --threshold 0.7 has a JUnit file with no failing case, valid against the JUnit XSD", async () => {
    const out = tmp();
    const junit = path.join(out, "junit.xml");
    // The same regressed run twice: under --threshold 0.7 (the gate passes), then at the suite's own threshold.
    const regressedRun = (extra: string[] = []) =>
      run(["run", "datasets/refund", "--agent", REGRESSED_AGENT, "--trials", "2", "--out", out, "--junit", junit, "--quiet", ...extra]);
    const result = await regressedRun(["--threshold", "0.7"]);
    // No --agent-label: the suite's `agent: refund-agent` names it; the CLI says what the run was compared with.
    expect(result.stderr).toMatch(/^No baseline: no completed run of this suite version with agent label "refund-agent"/);
    expect(result.stderr).not.toMatch(/warning|error/);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Pass rate 71.4% (50/70 scored trials) vs threshold 70.0%: gate PASSED");
    const xml = readFileSync(junit, "utf8");
    expect(xml).not.toMatch(/<failure|<error/);
    expect(xml.match(/<testcase classname="gavel\.refund\.tasks"/g)).toHaveLength(35);
    // The ten tasks the regression breaks are there, skipped with why they may fail.
    expect(xml.match(/<skipped message="allowed to fail: 2\/2 trials did not pass/g)).toHaveLength(10);
    const check = await validateJunit(xml);
    expect(check.errors).toEqual([]);
    expect(check.valid).toBe(true);

    const strict = await regressedRun();
    expect(strict.code).toBe(1);
    const red = readFileSync(junit, "utf8");
    expect(red.match(/<failure message="2\/2 trials did not pass/g)).toHaveLength(10);
    expect(red).toMatch(
      /name="threshold: pass rate ≥ threshold"[^>]*>\n\s+<failure message="pass rate 71\.4% is below the threshold 95\.0%"/,
    );
    expect((await validateJunit(red)).valid).toBe(true);
  });
});

/**
 * Each `gavel run datasets/smoke ARGS` exits 2 with its message, and none of them writes a record or a run:
 * bad usage is refused before anything starts.
 */
async function expectRefusedWritingNothing(cases: [args: string[], message: string][]) {
  const out = path.join(tmp(), "results");
  const before = await db().run.count();
  const results = await Promise.all(cases.map(([args]) => run(["run", "datasets/smoke", ...args, "--out", out])));
  expect(results.map((r) => r.code)).toEqual(cases.map(() => 2));
  cases.forEach(([, message], i) => expect(results[i]!.stderr).toContain(message));
  expect(existsSync(out)).toBe(false);
  expect(await db().run.count()).toBe(before);
}

describe("gavel run: bad usage", () => {
  it("exits 2 with a clear message for a bad flag or agent, and writes nothing", async () => {
    await expectRefusedWritingNothing([
      [["--agent", SMOKE, "--trials", "0"], "error: --trials must be at least 1"],
      [["--agent", "carrier-pigeon:x"], 'error: --agent: unknown agent spec "carrier-pigeon:x"'],
      [["--agent", "module:datasets/smoke/agent.ts#nope"], 'exports no agent function "nope"'],
      [[], "required option '--agent <spec>' not specified"],
    ]);
  }, 60_000);

  it("exits 2 for a --baseline or --resume run that does not exist, and writes nothing", async () => {
    await expectRefusedWritingNothing([
      [["--agent", SMOKE, "--baseline", "no-such-run"], "error: --baseline no-such-run: no such run"],
      [["--resume", "no-such-run"], "error: --resume no-such-run: no such run in this database"],
    ]);
  }, 60_000);
});
