import { describe, expect, it } from "vitest";
import { resolveSuite } from "@/datasets/load";
import { mockDeps } from "@/lib/engine/deps";
import { runSuite } from "@/lib/engine/run-suite";
import { agentOf } from "@/lib/testing/engine-fixtures";
import { renderJunit } from "./junit";
import { renderTable } from "./table";

async function record() {
  const suite = await resolveSuite(
    {
      name: "report",
      threshold: 0.5,
      tasks: [
        { id: "ok", prompt: "say ok", grader: "exact", expected: "ok" },
        { id: "nasty", prompt: "say ok", grader: "exact", expected: "ok" },
        { id: "judged", prompt: "write", grader: "judge" },
      ],
    },
    "/virtual/report/suite.yaml",
  );
  const agent = agentOf((input) => (input.taskId === "nasty" ? 'x <b>"&\u0001' : "ok"));
  return (await runSuite(suite, { trials: 2, concurrency: 2 }, mockDeps(agent).deps)).record;
}

describe("the CLI report", () => {
  it("prints one row per task, the failures with their reasons and the gate", async () => {
    const table = renderTable(await record(), "results/x.json");
    expect(table).toMatch(/^TASK\s+TRIALS\s+PASS@2\s+PASS\^2\s+STATUS$/m);
    expect(table).toMatch(/^ok\s+PP\s+1\.00\s+1\.00\s+pass$/m);
    expect(table).toMatch(/^nasty\s+FF\s+0\.00\s+0\.00\s+fail$/m);
    expect(table).toMatch(/^judged\s+SS\s+undefined\s+undefined\s+skipped$/m);
    expect(table).toContain("  nasty  trial 1: fail (and 1 more trial)");
    expect(table).toContain("Pass rate 50.0% (2/4 scored trials) vs threshold 50.0%: gate PASSED");
    expect(table).toContain("Run record: results/x.json");
  });

  it("writes JUnit XML with one case per trial; markup and control characters are escaped", async () => {
    const xml = renderJunit(await record());
    expect(xml).toMatch(/<testsuite name="report" tests="6" failures="2" errors="0" skipped="2"/);
    expect(xml.match(/<testcase /g)).toHaveLength(6);
    expect(xml).toContain('name="nasty [trial 1]"');
    expect(xml).toContain('got &quot;x &lt;b&gt;\\&quot;&amp;\\u0001&quot;');
    expect(xml).not.toContain("\u0001");
    expect(xml).toContain('<skipped message="judge: no judge configured"/>');
  });
});
