import type { RunLinks } from "@/lib/engine/deps";
import type { RunRecord } from "@/lib/engine/record";
import type { GateResult } from "@/lib/gates/result";
import { pct, usd, ms } from "./format";

const ICON: Record<GateResult["status"], string> = {
  pass: "✅ pass",
  fail: "❌ fail",
  no_baseline: "➖ no baseline",
  not_measured: "⚠️ not measured",
};

/** Markdown text that renders as itself: pipes, backticks, brackets and markup are escaped (agent output is untrusted). */
const md = (text: string) => text.replace(/[\\`*_{}[\]<>()#+\-.!|]/g, (c) => `\\${c}`).replace(/\r?\n/g, " ");

/**
 * A Markdown summary for a CI job page (GitHub's step summary, a GitLab MR note): the verdict,
 * every gate with its numbers, what changed against the baseline, and the failing tasks with links.
 */
export function renderSummaryMarkdown(record: RunRecord, links?: RunLinks): string {
  const s = record.summary;
  const failing = record.tasks.filter((t) => t.stats.status === "fail" || t.stats.status === "error" || t.stats.status === "flaky");
  const url = (taskId: string) => links?.failingTrials.find((f) => f.taskId === taskId)?.url;
  const out = [
    `## ${s.gate.passed ? "✅" : "❌"} Gavel: ${md(record.suite.name)} — gate ${s.gate.passed ? "passed" : "failed"}`,
    "",
    `Agent \`${record.agent.label.replace(/`/g, "'")}\` · ${record.config.trials} trial${record.config.trials === 1 ? "" : "s"} per task · pass rate **${pct(s.passRate)}** (${s.passed}/${s.scored}) vs threshold ${pct(s.threshold)} · cost ${usd(s.costUsd)} · p95 ${ms(s.latencyP95Ms)}${links ? ` · [run](${links.run})` : ""}${links?.compare ? ` · [compare with the baseline](${links.compare})` : ""}`,
    "",
    s.baseline ? `_${md(s.baseline.note)}_` : "",
    "",
    "| Gate | Status | This run | Baseline | Why |",
    "| --- | --- | --- | --- | --- |",
    ...s.gates.map(
      (g) =>
        `| ${md(g.kind === "trend" || g.kind === "operational" ? `${g.kind}: ${g.name}` : g.name)} | ${ICON[g.status]} | ${g.value === null ? "—" : md(String(Number(g.value.toFixed(4))))} | ${g.baseline === null ? "—" : md(String(Number(g.baseline.toFixed(4))))} | ${md(g.detail)} |`,
    ),
  ];
  const b = links?.baseline;
  if (b) {
    out.push(
      "",
      `### Against the baseline run ${md(b.runId)}`,
      "",
      `${b.newlyFailing.length} newly failing, ${b.newlyPassing.length} newly passing, ${b.newlyFlaky.length} newly flaky.`,
    );
    for (const id of [...b.newlyFailing, ...b.newlyFlaky])
      out.push(
        `- ${b.newlyFailing.includes(id) ? "newly failing" : "newly flaky"}: \`${id}\`${url(id) ? ` — [failing trial](${url(id)})` : ""}`,
      );
  }
  if (failing.length) {
    out.push("", `### Failing tasks (${failing.length})`, "");
    for (const t of failing.slice(0, 50)) {
      const bad = t.trials.find((x) => x.verdict === "fail" || x.verdict === "error");
      const step = bad && bad.failingStep !== null ? bad.trajectory[bad.failingStep] : undefined;
      const at = step
        ? ` at step ${step.index + 1} \`${step.tool} ${(JSON.stringify(step.args) ?? "").replace(/`/g, "'").slice(0, 120)}\``
        : "";
      out.push(`- \`${t.id}\` ${t.stats.status} ${t.stats.c}/${t.stats.n}${at}${url(t.id) ? ` — [trial](${url(t.id)})` : ""}`);
    }
    if (failing.length > 50) out.push(`- … and ${failing.length - 50} more (see the run page)`);
  }
  return `${out.join("\n")}\n`;
}
