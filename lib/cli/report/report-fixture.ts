import { resolveSuite } from "@/datasets/load";
import { mockDeps } from "@/lib/engine/deps";
import { runSuite } from "@/lib/engine/run-suite";
import { agentOf } from "@/lib/testing/engine-fixtures";
import type { RunRecord } from "@/lib/engine/record";

/**
 * For the report renderers' tests: the record of a two-trial run of a tiny suite named "report" where
 * "ok" passes and "nasty" fails with markup, quotes and a control character in its output (what every
 * renderer must escape), plus, with `judged`, a judge-graded task that is skipped (no judge here).
 */
export async function reportRecord(threshold: number, { judged }: { judged: boolean }): Promise<RunRecord> {
  const suite = await resolveSuite(
    {
      name: "report",
      threshold,
      tasks: [
        { id: "ok", prompt: "say ok", grader: "exact", expected: "ok" },
        { id: "nasty", prompt: "say ok", grader: "exact", expected: "ok" },
        ...(judged ? [{ id: "judged", prompt: "write", grader: "judge" }] : []),
      ],
    },
    "/virtual/report/suite.yaml",
  );
  const agent = agentOf((input) => (input.taskId === "nasty" ? 'x <b>"&\u0001' : "ok"));
  return (await runSuite(suite, { trials: 2, concurrency: 2 }, mockDeps(agent).deps)).record;
}
