import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSuite } from "@/datasets/load";
import { resolveAgent } from "@/lib/engine/agents";
import { mockDeps } from "@/lib/engine/deps";
import { runSuite } from "@/lib/engine/run-suite";

const STUB = "module:datasets/smoke/agent.ts#stubAgent";

async function runSmoke(target: string, threshold?: number) {
  const suite = await loadSuite(target);
  const mock = mockDeps(await resolveAgent(STUB));
  const { record } = await runSuite(suite, { trials: 1, concurrency: 4, threshold }, mock.deps);
  return record;
}

/** The lab's tasks.json in a fresh folder, with an edit. */
function labFolder(edit: (text: string) => string = (t) => t): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-lab-"));
  const text = readFileSync("datasets/smoke/tasks.json", "utf8");
  const edited = edit(text);
  writeFileSync(path.join(dir, "tasks.json"), edited);
  return dir;
}

describe("the lab's own tasks.json and stub agent", () => {
  it("loads the bare task list: the folder names the suite, a judged task's expected is its rubric", async () => {
    const suite = await loadSuite("datasets/smoke");
    expect(path.basename(suite.file)).toBe("tasks.json");
    expect(suite.name).toBe("smoke");
    expect(suite.threshold).toBe(1);
    expect(suite.tasks.map((t) => [t.id, t.graders.map((g) => g.kind).join()])).toEqual([
      ["cap-nz", "exact"],
      ["total", "exact"],
      ["refund", "rule"],
      ["summary", "judge"],
    ]);
    expect(suite.tasks[3]!.graders[0]!.configJson).toEqual({
      rubric: "A short factual summary that mentions the outage and its two hour length.",
    });
    expect(suite.tasks[2]!.graders[0]!.configJson).toEqual({ must_include: ["refund"], must_exclude: ["guarantee"] });
  });

  it("passes with the stub agent and no judge: 3 scored, the judged summary skipped", async () => {
    const record = await runSmoke("datasets/smoke");
    expect(record.tasks.map((t) => [t.id, t.stats.status])).toEqual([
      ["cap-nz", "pass"],
      ["total", "pass"],
      ["refund", "pass"],
      ["summary", "skipped"],
    ]);
    expect(record.summary.scored).toBe(3);
    expect(record.summary.passRate).toBe(1);
    expect(record.summary.gate.passed).toBe(true);
    const summary = record.tasks.find((t) => t.id === "summary")!;
    expect(summary.trials[0]!.output).toBe("Something unrelated.");
    expect(summary.trials[0]!.verdict).toBe("skipped");
    expect(summary.trials[0]!.graders[0]).toMatchObject({ kind: "judge", status: "skipped", reason: "no judge configured" });
    expect(record.summary.skipped).toBe(1);
    // The run record is plain JSON: what a reader of results/<run-id>.json sees.
    const json = JSON.parse(JSON.stringify(record));
    expect(json.tasks[3].stats.status).toBe("skipped");
  });

  it("fails the lab's gate (0.75) when one expected value is broken", async () => {
    const dir = labFolder((text) => text.replace('"expected": "Wellington"', '"expected": "Auckland"'));
    const record = await runSmoke(dir, 0.75);
    expect(record.summary.scored).toBe(3);
    expect(record.summary.passRate).toBeCloseTo(2 / 3, 10);
    expect(record.summary.gate.passed).toBe(false);
    expect(record.summary.gate.reasons.join(" ")).toMatch(/below the threshold 75\.0%/);
    expect(record.tasks[0]!.trials[0]!.reason).toContain('expected "Auckland", got "Wellington"');
  });

  it("names the task and field of a bad entry in a bare task list", async () => {
    const dir = labFolder((text) => text.replace('"grader": "rule"', '"grader": "rules"'));
    await expect(loadSuite(dir)).rejects.toThrow(/task "refund" \(tasks\[2\]\): grader: unknown grader "rules"/);
  });
});
