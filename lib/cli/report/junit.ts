import type { RunRecord } from "@/lib/engine/record";

const escape = (text: string) =>
  text
    // Characters XML 1.0 cannot hold at all (agent output is untrusted).
    // eslint-disable-next-line no-control-regex -- tab, newline and carriage return are exactly what XML allows
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD]/gu, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/** JUnit XML: one testsuite for the run, one testcase per trial; skipped and error are never passes. */
export function renderJunit(record: RunRecord): string {
  const s = record.summary;
  const cases = record.tasks.flatMap((task) =>
    task.trials.map((trial) => {
      const name = escape(record.config.trials > 1 ? `${task.id} [trial ${trial.trialIndex + 1}]` : task.id);
      const open = `    <testcase classname="${escape(`gavel.${record.suite.name}`)}" name="${name}" time="${(trial.latencyMs / 1000).toFixed(3)}"`;
      const reason = escape(trial.reason);
      if (trial.verdict === "pass") return `${open}/>`;
      if (trial.verdict === "skipped") return `${open}>\n      <skipped message="${reason}"/>\n    </testcase>`;
      const tag = trial.verdict === "fail" ? "failure" : "error";
      const step = trial.failingStep !== null ? trial.trajectory[trial.failingStep] : undefined;
      const detail = step ? escape(`step ${step.index + 1} ${step.tool} ${JSON.stringify(step.args)}`) : "";
      return `${open}>\n      <${tag} message="${reason}">${detail}</${tag}>\n    </testcase>`;
    }),
  );
  const time = (Date.parse(record.finishedAt) - Date.parse(record.startedAt)) / 1000;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="gavel" tests="${s.trials}" failures="${s.failed}" errors="${s.errors}" skipped="${s.skipped}" time="${time.toFixed(3)}">`,
    `  <testsuite name="${escape(record.suite.name)}" tests="${s.trials}" failures="${s.failed}" errors="${s.errors}" skipped="${s.skipped}" time="${time.toFixed(3)}" timestamp="${record.startedAt}">`,
    `    <properties>`,
    `      <property name="run_id" value="${escape(record.runId)}"/>`,
    `      <property name="suite_hash" value="${record.suite.hash}"/>`,
    `      <property name="agent" value="${escape(record.agent.spec)}"/>`,
    `      <property name="gate" value="${s.gate.passed ? "passed" : "failed"}"/>`,
    `    </properties>`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
