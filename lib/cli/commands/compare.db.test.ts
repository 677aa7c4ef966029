import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { gavel } from "@/lib/testing/cli";
import { withTestDatabase } from "@/lib/testing/test-database";

const database = withTestDatabase();
const run = (args: string[], env: Record<string, string> = {}) =>
  gavel(args, { DATABASE_URL: database.url(), GAVEL_URL: "", GAVEL_SERVER: "", ...env });

interface RecordFile {
  runId: string;
  tasks: { id: string; stats: { status: string } }[];
}

describe("gavel compare", () => {
  it("on the reference and regressed refund runs lists exactly the tasks whose status changed, with links to the failing step", async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), "gavel-compare-"));
    const made = await Promise.all(
      ["referenceAgent", "regressedAgent"].map((agent) =>
        run(["run", "datasets/refund", "--agent", `module:datasets/refund/agents.ts#${agent}`, "--trials", "2", "--out", out, "--json"]),
      ),
    );
    const [base, head] = made.map((r) => JSON.parse(r.stdout) as { runId: string; recordPath: string });
    const records = [base!, head!].map((r) => JSON.parse(readFileSync(r.recordPath, "utf8")) as RecordFile);
    const before = new Map(records[0]!.tasks.map((t) => [t.id, t.stats.status]));
    const changed = records[1]!.tasks.filter((t) => before.get(t.id) !== t.stats.status).map((t) => t.id);
    expect(changed.length).toBe(10);

    const result = await run(["compare", base!.runId, head!.runId, "--json", "--server", "https://gavel.example.com/"]);
    expect(result.code).toBe(0);
    const diff = JSON.parse(result.stdout);
    const listed = [...diff.newlyFailing, ...diff.newlyPassing, ...diff.newlyFlaky, ...diff.otherChanges].map(
      (t: { taskId: string }) => t.taskId,
    );
    expect(listed.sort()).toEqual([...changed].sort());
    expect(diff.newlyFailing.map((t: { taskId: string }) => t.taskId).sort()).toEqual([...changed].sort());
    expect(diff.unchanged).toHaveLength(35 - changed.length);
    // Paired over the 35 tasks: ten went from 2/2 to 0/2, the rest stayed: mean −10/35.
    expect(diff.passRateDifference.n).toBe(35);
    expect(diff.passRateDifference.mean).toBeCloseTo(-10 / 35, 12);
    expect(diff.passRateDifference.high).toBeLessThan(0);
    const link = diff.links["refund-full-bank"];
    expect(link).toMatchObject({ trialIndex: 0, step: 2, tool: "issue_refund", args: { order_id: "A1002", amount: 120 } });
    expect(link.url).toBe(`https://gavel.example.com/runs/${head!.runId}?task=refund-full-bank&trial=1#trial-refund-full-bank-1-step-3`);
    expect(diff.url).toBe(`https://gavel.example.com/runs/compare?base=${base!.runId}&head=${head!.runId}`);

    // The two record files give the same answer as the database.
    const files = await run(["compare", base!.recordPath, head!.recordPath, "--json"]);
    expect(files.code).toBe(0);
    const fromFiles = JSON.parse(files.stdout);
    expect(fromFiles.newlyFailing.map((t: { taskId: string }) => t.taskId)).toEqual(
      diff.newlyFailing.map((t: { taskId: string }) => t.taskId),
    );
    expect(fromFiles.links["refund-full-bank"]).toMatchObject({ step: 2, tool: "issue_refund" });

    const table = await run(["compare", base!.runId, head!.runId]);
    expect(table.stdout).toContain("Newly failing (10)");
    expect(table.stdout).toMatch(/^ {2}refund-full-bank {2}pass 2\/2 → fail 0\/2$/m);
    // Arguments come back from the database as stored: PostgreSQL's jsonb orders keys its own way.
    expect(table.stdout).toMatch(
      /^ {4}trial 1 step 3 issue_refund \{("order_id":"A1002","amount":120|"amount":120,"order_id":"A1002")\}$/m,
    );
    // No server named: no relative links (they open nothing from a CI log), and it says how to get them.
    expect(table.stdout).not.toMatch(/^ +\/runs\//m);
    expect(table.stdout).toContain("Compare page: pass --base-url URL (or set GAVEL_URL)");
    const linked = await run(["compare", base!.runId, head!.runId], { GAVEL_URL: "https://gavel.example.com" });
    expect(linked.stdout).toContain(
      `    https://gavel.example.com/runs/${head!.runId}?task=refund-full-bank&trial=1#trial-refund-full-bank-1-step-3`,
    );
    expect(table.stdout).toMatch(/Paired pass-rate difference over 35 tasks: −28\.6 points, 95% CI \[−\d+\.\d points, −\d+\.\d points\]/);
    expect(table.stdout).toContain("Newly passing (0)");
  }, 120_000);

  it("names a run it cannot find (exit 2)", async () => {
    const result = await run(["compare", "nope-1", "nope-2"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("nope-1: no such run in this database");
  });
});
