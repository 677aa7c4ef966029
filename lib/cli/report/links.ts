import type { RunLinks } from "@/lib/engine/deps";

/** Where to look, for a CI log: the run, what changed against the baseline, and each failing trial. */
export function renderLinks(links: RunLinks): string {
  const out = [`Run: ${links.run}`];
  if (links.compare) out.push(`Compared with the baseline: ${links.compare}`);
  const b = links.baseline;
  if (b) {
    out.push(
      `Against baseline run ${b.runId}: ${b.newlyFailing.length} newly failing, ${b.newlyPassing.length} newly passing, ${b.newlyFlaky.length} newly flaky`,
    );
    for (const id of b.newlyFailing) {
      const trial = links.failingTrials.find((t) => t.taskId === id);
      out.push(`  newly failing  ${id}${trial ? `  ${trial.url}` : ""}`);
    }
    for (const id of b.newlyFlaky) {
      const trial = links.failingTrials.find((t) => t.taskId === id);
      out.push(`  newly flaky    ${id}${trial ? `  ${trial.url}` : ""}`);
    }
  }
  if (links.failingTrials.length) {
    out.push("Failing trials:");
    for (const t of links.failingTrials) {
      const args =
        t.step !== null && t.step !== undefined ? ` step ${t.step + 1} ${t.tool ?? ""} ${JSON.stringify(t.args) ?? ""}`.trimEnd() : "";
      out.push(`  ${t.taskId}  trial ${t.trialIndex + 1}${args}  ${t.url}`);
    }
    if (links.unlinkedFailingTasks) out.push(`  … and ${links.unlinkedFailingTasks} more failing tasks (see the run page)`);
  }
  return out.join("\n");
}
