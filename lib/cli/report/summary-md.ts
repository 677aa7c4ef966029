import { brokenTaskFromRecord } from "@/lib/compare/from-record";
import { describeWhere, failureHeadline, groupFailures, type FailureGroup } from "@/lib/compare/failure-groups";
import { absolute, comparePath, runPath, trialPath } from "@/lib/compare/links";
import type { RunLinks } from "@/lib/engine/deps";
import type { RunRecord } from "@/lib/engine/record";
import { formatGateNumber } from "@/lib/gates/format-gate";
import type { GateResult } from "@/lib/gates/result";
import { ms, pct, usd } from "./format";

const ICON: Record<GateResult["status"], string> = {
  pass: "✅ pass",
  fail: "❌ fail",
  no_baseline: "➖ no baseline",
  not_measured: "⚠️ not measured",
};

/**
 * Text that renders as itself (agent output and task ids are untrusted): markup characters are
 * escaped, and only those, so the raw file stays readable — no `0\.7143`.
 */
export const md = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/[\\`*_{}[\]<>#|!~]/g, (c) => `\\${c}`)
    .replace(/\r?\n/g, " ");
/** A code span that cannot be broken out of. */
const code = (text: string) => `\`${text.replace(/`/g, "'").replace(/\r?\n/g, " ")}\``;

/** The tasks whose status changed against the baseline run (the server's links, or the local diff). */
export type BaselineDiff = NonNullable<RunLinks["baseline"]>;

export interface SummaryContext {
  /** The server's links (absolute) when the run went to a server. */
  links?: RunLinks;
  /** What changed against the baseline run; defaults to links.baseline. */
  diff?: BaselineDiff | null;
  /** For a local run: the Gavel server whose pages the links point to (--base-url / GAVEL_URL). */
  baseUrl?: string | null;
}

const shortSha = (sha: string | null | undefined) => (sha ? sha.slice(0, 7) : null);
const when = (iso: string | null | undefined) => (iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : null);

function urls(record: RunRecord, context: SummaryContext) {
  const base = context.baseUrl?.trim() || null;
  const previous = record.summary.baseline?.previousRunId ?? null;
  return {
    run: context.links?.run ?? (base ? absolute(base, runPath(record.runId)) : null),
    compare: context.links?.compare ?? (base && previous ? absolute(base, comparePath(previous, record.runId)) : null),
    trial(taskId: string): string | null {
      const linked = context.links?.failingTrials.find((f) => f.taskId === taskId)?.url;
      if (linked) return linked;
      const task = record.tasks.find((t) => t.id === taskId);
      const bad = task?.trials.find((t) => t.verdict === "fail" || t.verdict === "error");
      return base && bad ? absolute(base, trialPath(record.runId, taskId, bad.trialIndex, bad.failingStep)) : null;
    },
  };
}

type Urls = ReturnType<typeof urls>;

const taskLink = (id: string, u: Urls) => (u.trial(id) ? `[${code(id)}](${u.trial(id)})` : code(id));

function groupLines(groups: FailureGroup[], u: Urls): string[] {
  return groups.map((g) => {
    const what = g.diagnosis ? ` — ${md(g.diagnosis)}` : g.graderKinds.length ? ` — ${md(g.graderKinds.join(", "))} failed` : "";
    return `- **${g.taskIds.length} at ${describeWhere(g, code)}**${what}: ${g.taskIds.map((id) => taskLink(id, u)).join(", ")}`;
  });
}

function baselineLine(record: RunRecord): string {
  const b = record.summary.baseline;
  if (!b) return "";
  const p = b.previous;
  if (!p) return `_${md(b.note)}_`;
  const where = [
    p.branch ? `on ${code(p.branch)}` : null,
    p.commit ? `at ${code(shortSha(p.commit)!)}` : null,
    p.finishedAt ? `finished ${when(p.finishedAt)}` : null,
  ]
    .filter(Boolean)
    .join(", ");
  return `Compared with baseline run ${code(p.runId)}${where ? ` (${where})` : ""}.`;
}

function gatesTable(record: RunRecord): string[] {
  const gates = record.summary.gates;
  const failed = gates.filter((g) => g.status === "fail").length;
  return [
    `<details><summary>Gates: ${failed ? `${failed} failed` : "none failed"} of ${gates.length}</summary>`,
    "",
    "| Gate | Status | This run | Baseline | Limit | Why |",
    "| --- | --- | --- | --- | --- | --- |",
    ...gates.map(
      (g) =>
        `| ${md(g.kind === "trend" || g.kind === "operational" ? `${g.kind}: ${g.name}` : g.name)} | ${ICON[g.status]} | ${formatGateNumber(g, g.value)} | ${formatGateNumber(g, g.baseline)} | ${formatGateNumber(g, g.limit)} | ${md(g.detail)} |`,
    ),
    "",
    "</details>",
  ];
}

/** The failed gates in one line: the first three with their numbers, the rest counted (they are in the table). */
function failedLine(failed: GateResult[]): string {
  const shown = failed.slice(0, 3).map((g) => {
    const name = md(g.kind === "trend" || g.kind === "operational" ? `${g.kind}: ${g.name}` : g.name);
    const against =
      g.baseline !== null ? ` vs ${formatGateNumber(g, g.baseline)}` : g.limit !== null ? `, limit ${formatGateNumber(g, g.limit)}` : "";
    return `${name} ${formatGateNumber(g, g.value)}${against}`;
  });
  const more = failed.length - shown.length;
  return `${shown.join("; ")}${more > 0 ? `; and ${more} more (the gates below)` : ""}`;
}

/**
 * A Markdown summary for a CI job page or a PR comment, diff first: the verdict line, the newly
 * failing tasks grouped by where they broke, then everything else folded away. Each task is named
 * once; numbers read as on the run page; links are absolute or absent.
 */
export function renderSummaryMarkdown(record: RunRecord, context: SummaryContext = {}): string {
  const s = record.summary;
  const u = urls(record, context);
  const diff = context.diff ?? context.links?.baseline ?? null;
  const failingIds = record.tasks.filter((t) => t.stats.status === "fail" || t.stats.status === "error").map((t) => t.id);
  const leadIds = diff ? diff.newlyFailing : failingIds;
  const noun = diff ? "newly failing tasks" : "failing tasks";
  const groups = groupFailures(
    leadIds.flatMap((id) => {
      const broken = brokenTaskFromRecord(record.tasks.find((t) => t.id === id)!);
      return broken ? [broken] : [];
    }),
  );
  const headline = failureHeadline(groups, noun, code, md);
  const failedGates = s.gates.filter((g) => g.status === "fail");
  const src = record.source;
  const header = [
    src.branch
      ? `${code(src.branch)}${src.commit ? ` @ ${code(shortSha(src.commit)!)}` : ""}`
      : src.commit
        ? `commit ${code(shortSha(src.commit)!)}`
        : "no branch",
    record.agent.label ? `agent ${code(record.agent.label)}` : "agent not labelled",
    `${record.config.trials} trial${record.config.trials === 1 ? "" : "s"} per task`,
    `pass rate **${pct(s.passRate)}** (${s.passed}/${s.scored} scored trials) vs threshold ${pct(s.threshold)}`,
    u.run ? `[run](${u.run})` : null,
    u.compare ? `[compare with the baseline](${u.compare})` : null,
  ].filter(Boolean);

  const verdict = s.gate.passed ? "gate passed" : `gate failed (${failedGates.length} of ${s.gates.length} gates)`;
  const changed = diff
    ? ` — ${diff.newlyFailing.length} newly failing, ${diff.newlyPassing.length} newly passing, ${diff.newlyFlaky.length} newly flaky`
    : "";
  const out = [`## ${s.gate.passed ? "✅" : "❌"} Gavel ${md(record.suite.name)}: ${verdict}${changed}`, ""];
  if (headline) out.push(`**${headline.charAt(0).toUpperCase()}${headline.slice(1)}**`, "");
  out.push(header.join(" · "), "");
  if (failedGates.length) out.push(`Failed: ${failedLine(failedGates)}.`, "");
  const line = baselineLine(record);
  if (line) out.push(line, "");

  if (groups.length) out.push(`### ${diff ? "Newly failing" : "Failing"} (${leadIds.length})`, "", ...groupLines(groups, u), "");
  if (diff?.newlyFlaky.length) out.push(`Newly flaky: ${diff.newlyFlaky.map((id) => taskLink(id, u)).join(", ")}`, "");
  if (diff?.newlyPassing.length) out.push(`Newly passing: ${diff.newlyPassing.map(code).join(", ")}`, "");

  out.push(...gatesTable(record), "");
  const lead = new Set([...leadIds, ...(diff?.newlyFlaky ?? [])]);
  const rest = record.tasks.filter(
    (t) => !lead.has(t.id) && (t.stats.status === "fail" || t.stats.status === "error" || t.stats.status === "flaky"),
  );
  if (rest.length) {
    out.push(
      `<details><summary>${diff ? "Also failing or flaky, as in the baseline" : "Flaky tasks"} (${rest.length})</summary>`,
      "",
      ...rest.slice(0, 50).map((t) => `- ${taskLink(t.id, u)} ${t.stats.status} ${t.stats.c}/${t.stats.n}`),
      ...(rest.length > 50 ? [`- … and ${rest.length - 50} more (see the run page)`] : []),
      "",
      "</details>",
      "",
    );
  }
  out.push(
    `<sub>Cost ${usd(s.costUsd) === "n/a" ? "not reported" : usd(s.costUsd)} · latency p95 ${ms(s.latencyP95Ms)} · run ${code(record.runId)}</sub>`,
  );
  return `${out.join("\n")}\n`;
}
