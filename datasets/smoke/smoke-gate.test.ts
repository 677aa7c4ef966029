import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSuite } from "@/datasets/load";
import { resolveAgent } from "@/lib/engine/agents";
import { mockDeps } from "@/lib/engine/deps";
import { runSuite } from "@/lib/engine/run-suite";

const STUB = "module:datasets/smoke/agent.ts#stubAgent";

async function runSmoke(target: string) {
  const suite = await loadSuite(target);
  const mock = mockDeps(await resolveAgent(STUB));
  const { record } = await runSuite(suite, { trials: 1, concurrency: 4 }, mock.deps);
  return record;
}

describe("the lab's smoke gate, ported", () => {
  it("passes with the stub agent and no judge: 3 scored, summary skipped", async () => {
    const record = await runSmoke("datasets/smoke");
    expect(record.tasks.map((t) => t.id)).toEqual(["cap-nz", "total", "refund", "summary"]);
    expect(record.summary.scored).toBe(3);
    expect(record.summary.passRate).toBeGreaterThanOrEqual(0.75);
    expect(record.summary.gate.passed).toBe(true);
    const summary = record.tasks.find((t) => t.id === "summary")!;
    expect(summary.stats.status).toBe("skipped");
    expect(summary.trials[0]!.verdict).toBe("skipped");
    expect(summary.trials[0]!.graders[0]).toMatchObject({ kind: "judge", status: "skipped", reason: "no judge configured" });
    expect(record.summary.skipped).toBe(1);
    // The run record is plain JSON: what a reader of results/<run-id>.json sees.
    const json = JSON.parse(JSON.stringify(record));
    expect(json.tasks[3].stats.status).toBe("skipped");
  });

  it("fails when one expected value is broken", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-smoke-"));
    const text = readFileSync("datasets/smoke/suite.yaml", "utf8");
    const broken = text.replace("expected: Wellington", "expected: Auckland");
    expect(broken).not.toBe(text);
    writeFileSync(path.join(dir, "suite.yaml"), broken);
    const record = await runSmoke(dir);
    expect(record.summary.scored).toBe(3);
    expect(record.summary.passRate).toBeCloseTo(2 / 3, 10);
    expect(record.summary.gate.passed).toBe(false);
    expect(record.summary.gate.reasons.join(" ")).toMatch(/below the threshold 75\.0%/);
    expect(record.tasks[0]!.trials[0]!.reason).toContain('expected "Auckland", got "Wellington"');
  });
});
