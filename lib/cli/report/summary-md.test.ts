import { describe, expect, it } from "vitest";
import { loadSuite } from "@/datasets/load";
import { regressedAgent, referenceAgent } from "@/datasets/refund/agents";
import { mockDeps } from "@/lib/engine/deps";
import { runSuite } from "@/lib/engine/run-suite";
import { agentOf } from "@/lib/testing/engine-fixtures";
import { reportRecord } from "./report-fixture";
import { renderSummaryMarkdown } from "./summary-md";

const source = { agentLabel: "refund-bot", branch: "retry-pending", commit: "0123456789abcdef", defaultBranch: "main" };

async function refundRun(fn: typeof regressedAgent, spec: string) {
  const suite = await loadSuite("datasets/refund");
  return (await runSuite(suite, { trials: 2, concurrency: 4, source }, mockDeps(agentOf(fn, spec)).deps)).record;
}

describe("the Markdown summary, diff first", () => {
  it("leads with the verdict, then the one regression named as one group with a count", async () => {
    const head = await refundRun(regressedAgent, "module:regressed");
    const newlyFailing = head.tasks.filter((t) => t.stats.status === "fail").map((t) => t.id);
    expect(newlyFailing).toHaveLength(10);
    const text = renderSummaryMarkdown(head, {
      diff: { runId: "base-run", newlyFailing, newlyPassing: [], newlyFlaky: [], otherChanges: [] },
      baseUrl: "https://gavel.example.com/",
    });
    const lines = text.split("\n").filter((l) => l.trim());
    expect(lines[0]).toMatch(/^## ❌ Gavel refund: gate failed \(\d+ of \d+ gates\) — 10 newly failing, 0 newly passing, 0 newly flaky$/);
    expect(lines[1]).toBe(
      "**All 10 newly failing tasks break at steps 3 (9), 6 (1) `issue_refund`: a second issue\\_refund for the same order\\_id (once per order\\_id)**",
    );
    // Branch and commit in the header, numbers as the page writes them.
    expect(lines[2]).toMatch(/^`retry-pending` @ `0123456` · agent `refund-bot` · 2 trials per task · pass rate \*\*71\.4%\*\*/);
    expect(text).not.toMatch(/\d\\\.\d/);
    expect(text).toContain("| pass rate ≥ threshold | ❌ fail | 71.4% | — | 95.0% |");
    // Each newly failing task is listed once, with an absolute link to its failing trial.
    for (const id of newlyFailing) expect(text.split(`[\`${id}\`](`).length - 1).toBe(1);
    expect(text).toContain("(https://gavel.example.com/runs/");
    expect(text).not.toMatch(/\]\(\/runs/);
    // Everything else is folded.
    expect(text).toMatch(/<details><summary>Gates: \d+ failed of \d+<\/summary>/);
  });

  it("with no base URL it links nothing rather than print relative links", async () => {
    const head = await refundRun(regressedAgent, "module:regressed");
    const text = renderSummaryMarkdown(head);
    expect(text).not.toContain("](");
    expect(text.split("\n").filter((l) => l.trim())[1]).toMatch(/^\*\*All 10 failing tasks break at/);
  });

  it("a passing run says so first and has nothing to group", async () => {
    const text = renderSummaryMarkdown(await refundRun(referenceAgent, "module:reference"));
    expect(text.split("\n")[0]).toMatch(/^## ✅ Gavel refund: gate passed$/);
    expect(text).not.toContain("### ");
  });

  it("keeps untrusted text inert and every table row intact", async () => {
    const text = renderSummaryMarkdown(await reportRecord(0.9, { judged: false }));
    expect(text.split("\n")[0]).toMatch(/^## ❌ Gavel report: gate failed/);
    expect(text).not.toContain("<b>");
    expect(
      text
        .split("\n")
        .filter((l) => l.startsWith("| "))
        .every((l) => (l.match(/(?<!\\)\|/g) ?? []).length === 7),
    ).toBe(true);
  });
});
