import { describe, expect, it } from "vitest";
import { resolveSuite } from "@/datasets/load";
import { agentOf } from "@/lib/testing/engine-fixtures";
import { mockDeps } from "./deps";
import type { JudgeClient, JudgeRequest } from "../trial/judge";
import { runSuite } from "./run-suite";

/** A fake judge: passes outputs that mention "Thursday", records what it was asked. */
function fakeJudge(approved: boolean): JudgeClient & { requests: JudgeRequest[] } {
  const requests: JudgeRequest[] = [];
  return {
    versionId: "jv-test",
    hash: "abc123",
    label: "summary-judge v2",
    approved,
    requests,
    async grade(request) {
      requests.push(request);
      const ok = request.output?.includes("Thursday") ?? false;
      return { status: ok ? "pass" : "fail", score: ok ? 1 : 0, reason: ok ? "faithful" : "invents facts", costUsd: 0.001 };
    },
  };
}

async function summarySuite() {
  return resolveSuite(
    {
      name: "judged",
      threshold: 0.5,
      tasks: [
        { id: "exact-one", prompt: "2+2?", grader: "exact", expected: "4" },
        { id: "summary", prompt: "Summarize", grader: "judge", rubric: "says Thursday" },
        { id: "both", prompt: "Summarize", graders: ["judge", { kind: "rule", must_include: ["review"] }], rubric: "says Thursday" },
      ],
    },
    "/virtual/judged/suite.yaml",
  );
}

const agent = agentOf((input) => (input.taskId === "exact-one" ? "4" : "The review was cancelled."));

describe("the judge seam", () => {
  it("without a judge: judge graders are skipped and not scored", async () => {
    const { record } = await runSuite(await summarySuite(), { trials: 1, concurrency: 2 }, mockDeps(agent).deps);
    expect(record.judge).toBeNull();
    expect(record.tasks.map((t) => t.stats.status)).toEqual(["pass", "skipped", "skipped"]);
    expect(record.summary).toMatchObject({ scored: 1, skipped: 2, passRate: 1 });
  });

  it("with an approved judge: its verdicts count", async () => {
    const judge = fakeJudge(true);
    const { record } = await runSuite(await summarySuite(), { trials: 1, concurrency: 2 }, mockDeps(agent, { judge }).deps);
    expect(judge.requests.map((r) => r.taskId).sort()).toEqual(["both", "summary"]);
    expect(judge.requests[0]).toMatchObject({ rubric: "says Thursday", output: "The review was cancelled." });
    expect(record.judge).toEqual({
      versionId: "jv-test",
      hash: "abc123",
      label: "summary-judge v2",
      approved: true,
      approvalReason: null,
      state: null,
      calibrationId: null,
    });
    expect(record.tasks.map((t) => t.stats.status)).toEqual(["pass", "fail", "fail"]);
    expect(record.summary).toMatchObject({ scored: 3, passed: 1, shadowVerdicts: 0 });
    expect(record.tasks[2]!.trials[0]!.score).toBeCloseTo(0.5); // partial credit: the rule passed, the judge failed
  });

  it("with an unapproved judge: verdicts are recorded as shadow, never counted, and the summary says why", async () => {
    const judge = fakeJudge(false);
    const { record } = await runSuite(await summarySuite(), { trials: 1, concurrency: 2 }, mockDeps(agent, { judge }).deps);
    const summary = record.tasks[1]!.trials[0]!;
    expect(summary.graders[0]).toMatchObject({ kind: "judge", status: "fail", shadow: true, judgeVersionId: "jv-test" });
    expect(summary.verdict).toBe("skipped");
    // "both": the rule grader still counts; the shadow judge does not drag it down.
    expect(record.tasks[2]!.trials[0]!.verdict).toBe("pass");
    expect(record.summary).toMatchObject({ scored: 2, passed: 2, skipped: 1, shadowVerdicts: 2 });
    expect(record.summary.notes).toContain(
      "judge summary-judge v2 is not approved: its 2 verdicts were recorded as shadow and not counted",
    );
  });
});
