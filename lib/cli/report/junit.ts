import type { RunLinks } from "@/lib/engine/deps";
import type { RunRecord, RunRecordTask } from "@/lib/engine/record";
import type { GateResult } from "@/lib/gates/result";
import { STATUS_WORD } from "./gates";

const escape = (text: string) =>
  text
    // Characters XML 1.0 cannot hold at all (agent output is untrusted).
    // eslint-disable-next-line no-control-regex -- tab, newline and carriage return are exactly what XML allows
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD]/gu, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

type Outcome = { tag: "failure" | "error" | "skipped"; message: string; body?: string } | null;

/** Each trial on one line: verdict, why, the step that broke, and where to see it. */
function trialLines(task: RunRecordTask, links: RunLinks | undefined): string {
  return task.trials
    .map((t) => {
      const step = t.failingStep !== null ? t.trajectory[t.failingStep] : undefined;
      const at = step ? ` — step ${step.index + 1} ${step.tool} ${JSON.stringify(step.args)}` : "";
      const url = links?.failingTrials.find((f) => f.taskId === task.id && f.trialIndex === t.trialIndex)?.url;
      return `trial ${t.trialIndex + 1}: ${t.verdict}${t.verdict === "pass" ? "" : ` — ${t.reason}`}${at}${url ? ` — ${url}` : ""}`;
    })
    .join("\n");
}

/**
 * A task is a failure (or an error) only when the run's gate failed: a task the threshold allows
 * to fail is reported as skipped with the reason, so the file is red exactly when the exit code is 1.
 */
function taskOutcome(task: RunRecordTask, gatePassed: boolean, record: RunRecord, links: RunLinks | undefined): Outcome {
  const s = task.stats;
  const bad = task.trials.filter((t) => t.verdict === "fail" || t.verdict === "error");
  if (s.status === "pass") return null;
  if (s.status === "skipped") return { tag: "skipped", message: `not scored: ${task.trials[0]?.reason ?? "no trial"}` };
  const first = bad[0];
  const url = first ? links?.failingTrials.find((f) => f.taskId === task.id && f.trialIndex === first.trialIndex)?.url : undefined;
  const what = `${bad.length}/${task.trials.length} trials did not pass${first ? `: ${first.reason}` : ""}${url ? ` (${url})` : ""}`;
  if (gatePassed) {
    const rate = record.summary.passRate === null ? "undefined" : `${(record.summary.passRate * 100).toFixed(1)}%`;
    return {
      tag: "skipped",
      message: `allowed to fail: ${what}; the run's gate passed (pass rate ${rate}, threshold ${(record.summary.threshold * 100).toFixed(1)}%)`,
    };
  }
  return { tag: s.status === "error" ? "error" : "failure", message: what, body: trialLines(task, links) };
}

function gateOutcome(gate: GateResult): Outcome {
  if (gate.status === "pass") return null;
  if (gate.status === "fail") return { tag: "failure", message: gate.detail };
  return { tag: "skipped", message: `${STATUS_WORD[gate.status].toLowerCase()}: ${gate.detail}` };
}

function testcase(classname: string, name: string, time: string, outcome: Outcome, out: string | null): string {
  const open = `    <testcase classname="${escape(classname)}" name="${escape(name)}" time="${time}"`;
  const parts: string[] = [];
  if (outcome) {
    const type = outcome.tag === "skipped" ? "" : ` type="${outcome.tag === "error" ? "error" : "fail"}"`;
    parts.push(
      outcome.body
        ? `      <${outcome.tag} message="${escape(outcome.message)}"${type}>${escape(outcome.body)}</${outcome.tag}>`
        : `      <${outcome.tag} message="${escape(outcome.message)}"${type}/>`,
    );
  }
  if (out) parts.push(`      <system-out>${escape(out)}</system-out>`);
  return parts.length ? `${open}>\n${parts.join("\n")}\n    </testcase>` : `${open}/>`;
}

/**
 * JUnit XML: one test case per task (its trials' outcomes in system-out) and one per gate, valid
 * against the JUnit schema CI reporters use (Jenkins' junit-10.xsd). Red exactly when the gate
 * failed — that is, exactly when `gavel run` exits 1.
 */
export function renderJunit(record: RunRecord, links?: RunLinks): string {
  const s = record.summary;
  const gatePassed = s.gate.passed;
  const cases: { xml: string; tag: Outcome }[] = [];
  for (const task of record.tasks) {
    const outcome = taskOutcome(task, gatePassed, record, links);
    const time = seconds(task.trials.reduce((sum, t) => sum + t.latencyMs, 0));
    cases.push({ xml: testcase(`gavel.${record.suite.name}.tasks`, task.id, time, outcome, trialLines(task, links)), tag: outcome });
  }
  for (const gate of s.gates) {
    const outcome = gateOutcome(gate);
    cases.push({ xml: testcase(`gavel.${record.suite.name}.gates`, `${gate.kind}: ${gate.name}`, "0.000", outcome, null), tag: outcome });
  }
  const count = (tag: string) => cases.filter((c) => c.tag?.tag === tag).length;
  const [failures, errors, skipped] = [count("failure"), count("error"), count("skipped")];
  const time = seconds(Date.parse(record.finishedAt) - Date.parse(record.startedAt));
  const properties: [string, string][] = [
    ["run_id", record.runId],
    ["suite_hash", record.suite.hash],
    ["agent", record.agent.spec],
    ...(record.agent.label ? [["agent_label", record.agent.label] as [string, string]] : []),
    ["gate", gatePassed ? "passed" : "failed"],
    ["exit_code", gatePassed ? "0" : "1"],
    ...(record.source.commit ? [["commit", record.source.commit] as [string, string]] : []),
    ...(record.source.branch ? [["branch", record.source.branch] as [string, string]] : []),
    ...(s.baseline?.previousRunId ? [["baseline_run_id", s.baseline.previousRunId] as [string, string]] : []),
    ...(links ? [["run_url", links.run] as [string, string]] : []),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="gavel" tests="${cases.length}" failures="${failures}" errors="${errors}" time="${time}">`,
    `  <testsuite name="${escape(record.suite.name)}" tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${time}" timestamp="${record.startedAt}">`,
    "    <properties>",
    ...properties.map(([name, value]) => `      <property name="${name}" value="${escape(value)}"/>`),
    "    </properties>",
    ...cases.map((c) => c.xml),
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
