import type { RunRecord } from "@/lib/engine/record";
import type { Step } from "@/lib/trial/types";
import { columns, ms, pct, ratio, undefinedPassAtKNote, usd, VERDICT_LETTER } from "./format";
import { gateLines } from "./gates";

function describeStep(step: Step): string {
  const args = JSON.stringify(step.args) ?? "";
  return `step ${step.index + 1} ${step.tool} ${args.length > 120 ? `${args.slice(0, 120)}…` : args}${step.error ? ` → ${step.error}` : ""}`;
}

/** Why each failing or erroring task did not pass: its first bad trial, each failing grader, the step that broke. */
function failures(record: RunRecord, maxTasks = 25): string[] {
  const bad = record.tasks.filter((t) => t.trials.some((trial) => trial.verdict === "fail" || trial.verdict === "error"));
  const lines: string[] = [];
  for (const task of bad.slice(0, maxTasks)) {
    const trials = task.trials.filter((trial) => trial.verdict === "fail" || trial.verdict === "error");
    const first = trials[0]!;
    lines.push(
      `  ${task.id}  trial ${first.trialIndex + 1}: ${first.verdict}${trials.length > 1 ? ` (and ${trials.length - 1} more trial${trials.length > 2 ? "s" : ""})` : ""}`,
    );
    const graders = first.graders.filter((g) => !g.shadow && (g.status === "fail" || g.status === "error"));
    if (first.stop) lines.push(`    runner: ${first.stop.message}`);
    for (const g of graders) lines.push(`    ${g.kind}: ${g.reason}`);
    if (first.failingStep !== null && first.trajectory[first.failingStep])
      lines.push(`    broke at ${describeStep(first.trajectory[first.failingStep]!)}`);
  }
  if (bad.length > maxTasks) lines.push(`  … and ${bad.length - maxTasks} more tasks (see the run record)`);
  return lines;
}

/** One row per task (its trials' verdicts, pass@k, pass^k, status) and the legend under them. */
function taskRows(record: RunRecord): string[] {
  const k = record.config.trials;
  const rows = [
    ["TASK", "TRIALS", `PASS@${k}`, `PASS^${k}`, "STATUS"],
    ...record.tasks.map((t) => [
      t.id,
      t.stats.verdicts.map((v) => VERDICT_LETTER[v]).join(""),
      ratio(t.stats.passAtK),
      ratio(t.stats.passPowerK),
      t.stats.status,
    ]),
  ];
  const out = [columns(rows), "", "  P pass · F fail · S skipped (not scored) · E error"];
  // "undefined" is the word the run page and the Markdown summary use too (lib/format.ts); said once
  // here so that it reads as a statistic without a value, not as a leaked JavaScript undefined.
  if (record.tasks.some((t) => t.stats.passAtK === null || t.stats.passPowerK === null)) out.push(`  ${undefinedPassAtKNote(k)}`);
  return out;
}

/** The flaky tasks by name, the first `shown` of them, and their share of the tasks. */
function flakyText(s: RunRecord["summary"], shown: number): string {
  if (!s.flakyTasks.length) return "none";
  const more = s.flakyTasks.length - shown;
  return `${s.flakyTasks.slice(0, shown).join(", ")}${more > 0 ? ` and ${more} more` : ""} (${pct(s.flakeRate)})`;
}

export interface TableOptions {
  /**
   * --quiet: the verdict and the summary without the per-task rows (a suite of 2,000 tasks printed
   * 2,000 of them); the failures stay (at most 25 tasks), and at most ten flaky tasks are named.
   */
  quiet?: boolean;
}

/** The human report: one row per task, the failures with their reasons, then the gate. */
export function renderTable(record: RunRecord, recordPath: string | null, options: TableOptions = {}): string {
  const k = record.config.trials;
  const s = record.summary;
  const src = record.source;
  const where = [
    src.branch ? `branch ${src.branch}${src.onDefaultBranch ? " (default)" : ""}` : null,
    src.commit ? `commit ${src.commit.slice(0, 12)}` : null,
  ]
    .filter(Boolean)
    .join(" · ");
  const label =
    record.agent.label === null ? " (no label)" : record.agent.label !== record.agent.spec ? ` (label ${record.agent.label})` : "";
  const header = `Suite ${record.suite.name} (${record.suite.taskCount} tasks, version ${record.suite.hash.slice(0, 12)}) · agent ${record.agent.spec}${label} · ${k} trial${k === 1 ? "" : "s"} per task${where ? ` · ${where}` : ""}`;
  const out = [header];
  if (!options.quiet) out.push("", ...taskRows(record));
  const bad = failures(record);
  if (bad.length) out.push("", "Failures", ...bad);
  if (s.notes.length) out.push("", ...s.notes.map((n) => `Note: ${n}`));
  const flaky = flakyText(s, options.quiet ? 10 : Infinity);
  out.push(
    "",
    `Pass rate ${pct(s.passRate)} (${s.passed}/${s.scored} scored trials) vs threshold ${pct(s.threshold)}: gate ${s.gate.passed ? "PASSED" : "FAILED"}`,
    ...s.gate.reasons.map((r) => `  - ${r}`),
    `Skipped ${s.skipped} · errors ${s.errors} · flaky tasks: ${flaky}`,
    `Cost ${usd(s.costUsd)} · latency p50 ${ms(s.latencyP50Ms)} · p95 ${ms(s.latencyP95Ms)}`,
    "",
    `Gates: ${s.gate.passed ? "all passed" : `${s.gates.filter((g) => g.status === "fail").length} failed`}`,
    ...gateLines(s),
  );
  if (recordPath) out.push(`Run record: ${recordPath}`);
  return out.join("\n");
}
