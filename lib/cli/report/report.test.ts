import { describe, expect, it } from "vitest";
import { validateJunit } from "@/lib/testing/junit-schema";
import { renderJunit } from "./junit";
import { reportRecord } from "./report-fixture";
import { renderTable } from "./table";

const record = (threshold = 0.5) => reportRecord(threshold, { judged: true });

describe("the CLI report", () => {
  it("prints one row per task, the failures with their reasons and the gate", async () => {
    const table = renderTable(await record(), "results/x.json");
    expect(table).toMatch(/^TASK\s+TRIALS\s+PASS@2\s+PASS\^2\s+STATUS$/m);
    expect(table).toMatch(/^ok\s+PP\s+1\.00\s+1\.00\s+pass$/m);
    expect(table).toMatch(/^nasty\s+FF\s+0\.00\s+0\.00\s+fail$/m);
    expect(table).toMatch(/^judged\s+SS\s+undefined\s+undefined\s+skipped$/m);
    expect(table).toContain("  nasty  trial 1: fail (and 1 more trial)");
    expect(table).toContain("Pass rate 50.0% (2/4 scored trials) vs threshold 50.0%: gate PASSED");
    expect(table).toMatch(/^ {2}PASS {10}pass rate ≥ threshold: pass rate 50\.0% meets the threshold 50\.0%$/m);
    expect(table).toMatch(/^ {2}NO BASELINE {3}trend: no previous comparable run to compare with$/m);
    expect(table).toContain("Run record: results/x.json");
  });

  it("says once, under the table, why a task's pass@k and pass^k read undefined; not at all when none does", async () => {
    const table = renderTable(await record(), null);
    expect(table).toMatch(/^judged\s+SS\s+undefined\s+undefined\s+skipped$/m);
    const footnote =
      "  undefined: fewer than 2 scored trials (skipped and errored trials are not scored), so pass@2 and pass^2 have no value";
    expect(table.split("\n").filter((line) => line.includes("undefined:"))).toEqual([footnote]);
    expect(table.indexOf(footnote)).toBeGreaterThan(table.indexOf("P pass · F fail"));
    const allScored = renderTable(await reportRecord(0.5, { judged: false }), null);
    expect(allScored).not.toContain("undefined");
  });

  it("leaves out the per-task rows when quiet, keeping the header, the failures, the verdict and the gates", async () => {
    const r = await record();
    const full = renderTable(r, "results/x.json");
    const quiet = renderTable(r, "results/x.json", { quiet: true });
    expect(quiet).not.toMatch(/^TASK\s+TRIALS/m);
    expect(quiet).not.toMatch(/^(ok|nasty|judged)\s/m);
    expect(quiet).not.toContain("P pass · F fail");
    expect(quiet.split("\n")[0]).toBe(full.split("\n")[0]);
    const fromFailures = (text: string) => text.slice(text.indexOf("\nFailures\n"));
    expect(fromFailures(quiet)).toContain("  nasty  trial 1: fail (and 1 more trial)");
    expect(fromFailures(quiet)).toBe(fromFailures(full));
  });
});

describe("JUnit", () => {
  it("has one test case per task and per gate; markup and control characters are escaped", async () => {
    const r = await record(0.9);
    const xml = renderJunit(r);
    expect(xml.match(/<testcase classname="gavel\.report\.tasks"/g)).toHaveLength(3);
    expect(xml.match(/<testcase classname="gavel\.report\.gates"/g)).toHaveLength(r.summary.gates.length);
    expect(xml).toContain('name="nasty"');
    expect(xml).toContain("trial 1: fail — exact: expected &quot;ok&quot;, got &quot;x &lt;b&gt;\\&quot;&amp;\\u0001&quot;");
    expect(xml).not.toContain("\u0001");
    expect(xml).toContain('<skipped message="not scored: judge: no judge configured"/>');
  });

  it("is red exactly when the gate failed: a task the threshold allows to fail is skipped with the reason", async () => {
    const passing = await record(0.5);
    expect(passing.summary.gate.passed).toBe(true);
    const green = renderJunit(passing);
    expect(green).not.toMatch(/<failure|<error/);
    expect(green).toContain('failures="0" errors="0"');
    expect(green).toMatch(
      /<testcase classname="gavel\.report\.tasks" name="nasty"[^>]*>\n\s+<skipped message="allowed to fail: 2\/2 trials did not pass: exact: [^"]*; the run&#39;s gate passed|<skipped message="allowed to fail: 2\/2 trials did not pass/,
    );
    expect(green).toContain('<property name="exit_code" value="0"/>');

    const failing = await record(0.9);
    expect(failing.summary.gate.passed).toBe(false);
    const red = renderJunit(failing);
    expect(red).toMatch(/<testcase classname="gavel\.report\.tasks" name="nasty"[^>]*>\n\s+<failure message="2\/2 trials did not pass/);
    expect(red).toMatch(
      /<testcase classname="gavel\.report\.gates" name="threshold: pass rate ≥ threshold"[^>]*>\n\s+<failure message="pass rate 50\.0% is below the threshold 90\.0%"/,
    );
    expect(red).toContain('<property name="exit_code" value="1"/>');
  });

  it("validates against the JUnit schema CI reporters use (Jenkins junit-10.xsd), red or green", async () => {
    for (const threshold of [0.5, 0.9]) {
      const result = await validateJunit(renderJunit(await record(threshold)));
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
    }
  });

  it("the schema check is real: it rejects an attribute the schema does not allow", async () => {
    const bad = renderJunit(await record()).replace('<testsuites name="gavel"', '<testsuites name="gavel" skipped="1"');
    const result = await validateJunit(bad);
    expect(result.valid).toBe(false);
    expect(result.errors.join("\n")).toContain("skipped");
  });
});
